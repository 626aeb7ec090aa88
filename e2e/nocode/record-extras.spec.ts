import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// Record extras at 1440x900. Set up through the API (not what the journey is about): a "Supplier"
// entity with two records, an "Orders" entity and a repeatable "Line items" template whose
// Supplier field is an ENTITY field linking to Supplier. In the browser the owner gives Orders a
// look on the entity customization screen (icon, accent colour, labels) and checks the records
// list, the add form and the record page show it; adds an order; duplicates it from its page (a
// second row in the grid); shares a read-only link that an anonymous browser opens; and adds a
// line item whose Supplier is picked among the Supplier records. Screenshots go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `extras-${name}.png`) });

test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 20_000 });

type Entity = {
  _id: string;
  name: string;
  version: number;
  primary_template_id: string;
  templates: { template_id: string; is_primary: boolean }[];
};

/** The accent colour and how the browser computes it. */
const ACCENT = { hex: '#0C8599', rgb: 'rgb(12, 133, 153)' };

async function setUp(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const supplier = await json<Entity>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Supplier',
        entity_type: 'BUSINESS',
        fields: [{ key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true }],
      },
    }),
  );
  for (const name of ['Blue Harbour Traders', 'Northwind Supplies'])
    await json(
      await request.post('/api/entities-data', {
        headers,
        data: { entity_id: supplier._id, values: { [supplier.primary_template_id]: { name } } },
      }),
    );
  const orders = await json<Entity>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Orders',
        entity_type: 'GENERAL',
        fields: [
          { key: 'reference', label: 'Reference', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'delivery_city', label: 'Delivery city', type: 'SINGLE_LINE_TEXT' },
        ],
      },
    }),
  );
  const lineItems = await json<{ _id: string }>(
    await request.post('/api/template/create', {
      headers,
      data: {
        name: 'Line items',
        is_repeatable: true,
        max_entries: null,
        fields: [
          { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'supplier', label: 'Supplier', type: 'ENTITY', entity_id: supplier._id },
          { key: 'qty', label: 'Quantity', type: 'NUMBER', min: 1 },
        ],
      },
    }),
  );
  await json(
    await request.put(`/api/entities/${orders._id}`, {
      headers,
      data: {
        name: orders.name,
        templates: [
          ...orders.templates.map((t) => ({ template_id: t.template_id, is_primary: t.is_primary })),
          { template_id: lineItems._id },
        ],
        version: orders.version,
      },
    }),
  );
  return { supplier, orders };
}

test('record extras: a customized look, duplicate, a shared link, a line item picking a record', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const id = uniqueId();
  const owner = {
    email: `extras-${id}@example.com`,
    company: 'Konkan Traders',
    first: 'Nisha',
    last: 'Patil',
  };
  const token = await signUpOwner(request, owner);
  const { orders } = await test.step('entities, records and templates through the API', () =>
    setUp(request, token));
  await signInInBrowser(page, owner.email);
  const titleIcon = page.getByTestId('entity-title-icon');

  await test.step('give Orders an icon, an accent colour and labels', async () => {
    await page.goto('/menu-management?tab=customization');
    await page.getByRole('combobox', { name: 'Entity' }).click();
    await page.getByRole('option', { name: 'Orders' }).click();
    await expect(page.getByText('Orders has no customization')).toBeVisible();
    await page.getByRole('button', { name: 'New customization' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customization' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Purchase desk');
    await dialog.getByRole('switch', { name: /^Active/ }).check({ force: true });
    await dialog.getByRole('textbox', { name: 'A record is called' }).fill('Purchase order');
    await dialog.getByRole('textbox', { name: 'Records are called' }).fill('Purchase orders');
    await dialog.getByRole('button', { name: /^Icon: none/ }).click();
    await page.getByRole('textbox', { name: 'Search icons' }).fill('truck');
    await page.getByRole('option', { name: 'truck', exact: true }).click();
    await expect(dialog.getByRole('button', { name: /^Icon: truck\./ })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Accent colour' }).fill(ACCENT.hex);
    // Leave the colour field so its swatches close.
    await dialog.getByRole('textbox', { name: 'Records are called' }).click();
    await shot(page, 'customization-form');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('customization-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Purchase desk');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Purchase orders');
    await shot(page, 'customization-list');
  });

  await test.step('the records list and the add form show the look; add an order', async () => {
    await page.goto(`/entity/${orders._id}`);
    await expect(page.getByRole('heading', { name: 'Purchase orders' })).toBeVisible();
    // A library icon (not bundled with the app): drawn from its SVG.
    await expect(titleIcon.locator('span[data-icon="truck"]')).toBeVisible();
    const add = page.getByRole('link', { name: 'Add Purchase order' });
    await expect(add).toHaveCSS('background-color', ACCENT.rgb);
    await add.click();
    await expect(page.getByRole('heading', { name: 'Add Purchase order' })).toBeVisible();
    await expect(titleIcon.locator('[data-icon="truck"]')).toBeVisible();
    await page.getByRole('textbox', { name: 'Reference' }).fill(`PO-${id}`);
    await page.getByRole('textbox', { name: 'Delivery city' }).fill('Ratnagiri');
    const save = page.getByRole('button', { name: 'Add Purchase order' });
    await expect(save).toHaveCSS('background-color', ACCENT.rgb);
    await shot(page, 'add-form');
    await save.click();
    await expect(page.getByRole('heading', { name: `PO-${id}` })).toBeVisible();
  });

  await test.step('the record page shows the look', async () => {
    await expect(titleIcon.locator('[data-icon="truck"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCSS('background-color', ACCENT.rgb);
    await expect(page.getByText('Ratnagiri')).toBeVisible();
    await shot(page, 'record-page');
  });

  await test.step('the More menu; duplicate the order from its page', async () => {
    await page.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu');
    for (const item of ['Print', 'Notify people', 'Share read-only link'])
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    await shot(page, 'more-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const copied = page.getByRole('alert').filter({ hasText: 'Record copied' });
    await expect(copied).toBeVisible();
    // The notice sits over the page's actions and stays while hovered: move away until it goes.
    await page.mouse.move(700, 880);
    await expect(copied).toBeHidden({ timeout: 10_000 });
  });

  let shareLink = '';
  await test.step('share a read-only link', async () => {
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Share read-only link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share a read-only link' });
    await expect(dialog.getByRole('textbox', { name: 'Valid for (days)' })).toHaveValue('30');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = dialog.getByRole('textbox', { name: 'Link' });
    await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/view\/.+token=/);
    shareLink = await link.inputValue();
    await shot(page, 'share-link');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('an anonymous browser opens the link', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const anonymous = await context.newPage();
      await anonymous.goto(shareLink);
      await expect(anonymous.getByRole('heading', { name: `PO-${id}` })).toBeVisible();
      await expect(anonymous.getByText('Konkan Traders · Orders')).toBeVisible();
      await expect(anonymous.getByText('Delivery city')).toBeVisible();
      await expect(anonymous.getByText('Ratnagiri')).toBeVisible();
      await shot(anonymous, 'public-record');

      // The owner revokes the link; the same page then says so.
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Share read-only link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share a read-only link' });
      await dialog.getByRole('button', { name: /^Revoke the link/ }).click();
      await page.getByRole('button', { name: 'Revoke link' }).click();
      await expect(dialog.getByText('Revoked', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(dialog).toBeHidden();
      await anonymous.reload();
      await expect(anonymous.getByText('This link was revoked')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  await test.step('a line item picks a Supplier record', async () => {
    await page.getByRole('tab', { name: 'Line items' }).click();
    await expect(page.getByText('No line items yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Line items' });
    await dialog.getByRole('textbox', { name: 'Item' }).fill('Mango crates');
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('12');
    await dialog.getByRole('combobox', { name: 'Supplier' }).click();
    await expect(page.getByRole('option', { name: 'Blue Harbour Traders' })).toBeVisible();
    await page.getByRole('option', { name: 'Northwind Supplies' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Northwind Supplies');
    await shot(page, 'line-item-dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
    const entry = page.getByTestId('repeatable-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Mango crates');
    // The table shows the linked supplier by its title.
    await expect(entry).toContainText('Northwind Supplies');
    await shot(page, 'line-items');
    // The saved link reads back as the record's title.
    await entry.getByRole('button', { name: 'Edit entry' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Line items' });
    await expect(edit.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Northwind Supplies');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  });

  await test.step('an edit shows in the Activity tab; the Files tab is empty', async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    const city = page.getByRole('textbox', { name: 'Delivery city' });
    await expect(city).toHaveValue('Ratnagiri');
    await city.fill('Mumbai');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: `PO-${id}` })).toBeVisible();
    await page.getByRole('tab', { name: 'Activity' }).click();
    const activity = page.getByRole('tabpanel', { name: 'Activity' });
    await expect(activity).toContainText('Ratnagiri');
    await expect(activity).toContainText('Mumbai');
    await expect(activity).toContainText('Nisha Patil created the record');
    await shot(page, 'activity');
    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(page.getByText('No files yet')).toBeVisible();
  });

  await test.step('the grid holds the order and its copy', async () => {
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Purchase orders' })).toBeVisible();
    const rows = page.getByTestId('grid-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `PO-${id}` })).toHaveCount(2);
    // The header's count follows the copy too (and the footer's).
    await expect(page.getByText('2 records', { exact: true })).toHaveCount(2);
    await shot(page, 'grid');
  });
});
