import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// A contact type's menu at 1440x900: two contact types made through the API, then on
// /menu-management the owner picks "Contact types" and the second type, adds a link item, saves;
// after a reload the menu is still that type's own, with the item, and the other type's menu is
// still the default. Screenshots go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `contact-menu-${name}.png`) });

test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 20_000 });

test('menu management: a contact type gets its own menu, saved', async ({ page, request }) => {
  test.setTimeout(90_000);
  const id = uniqueId();
  const owner = {
    email: `menus-${id}@example.com`,
    company: 'Lakeside Residences',
    first: 'Farah',
    last: 'Khan',
  };
  const token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  for (const name of ['Tenant', 'Vendor'])
    await json(await request.post('/api/contact-types', { headers, data: { name } }));
  await signInInBrowser(page, owner.email);

  const contactType = page.getByRole('combobox', { name: 'Contact type' });
  const rows = page.getByTestId('menu-row');
  const preview = page.getByTestId('menu-preview');

  await test.step('pick the Vendor contact type', async () => {
    await page.goto('/menu-management');
    await expect(page.getByRole('tab', { name: 'Menus' })).toHaveAttribute('aria-selected', 'true');
    await page
      .locator('label')
      .filter({ hasText: /^Contact types$/ })
      .click();
    await expect(contactType).toHaveValue('Tenant');
    await contactType.click();
    await page.getByRole('option', { name: 'Vendor' }).click();
    await expect(contactType).toHaveValue('Vendor');
    await expect(page).toHaveURL(/user_type=[0-9a-f-]{36}/);
    await expect(page.getByText('Default menu')).toBeVisible();
    await expect(preview).toContainText('Dashboard');
    await expect(rows.first()).toBeVisible();
  });

  const defaultCount = await rows.count();

  await test.step('add a link item and save', async () => {
    await page.getByRole('button', { name: 'Add item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a menu item' });
    await dialog
      .locator('label')
      .filter({ hasText: /^Link$/ })
      .click();
    await dialog.getByRole('textbox', { name: 'Address' }).fill('https://help.example.com/vendors');
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Vendor handbook');
    await shot(page, 'item-dialog');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(defaultCount + 1);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(preview).toContainText('Vendor handbook');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await expect(page.getByText(/Own menu · saved/)).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await shot(page, 'saved');
  });

  await test.step('after a reload the Vendor menu is still its own, with the item', async () => {
    await page.reload();
    await expect(contactType).toHaveValue('Vendor');
    await expect(page.getByText(/Own menu · saved/)).toBeVisible();
    await expect(rows).toHaveCount(defaultCount + 1);
    await expect(rows.filter({ hasText: 'Vendor handbook' })).toBeVisible();
    await expect(preview).toContainText('Vendor handbook');
    await shot(page, 'reloaded');
  });

  await test.step('the Tenant menu is still the default', async () => {
    await contactType.click();
    await page.getByRole('option', { name: 'Tenant' }).click();
    await expect(contactType).toHaveValue('Tenant');
    await expect(page.getByText('Default menu')).toBeVisible();
    await expect(rows).toHaveCount(defaultCount);
    await expect(preview).not.toContainText('Vendor handbook');
  });
});
