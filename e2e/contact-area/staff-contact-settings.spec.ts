import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, json, signUpOwner, waitForNewMail } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// The staff side of the contact area: on /contact-types the owner gives the Tenant type Read on
// Units (all records) and Read + Edit on Leases (own records), saved and still there after a
// reload; on a tenant's contact screen the owner picks the tenant's account record (a company
// record, searched) and gives portal access: the invitation mail arrives and the panel shows the
// record. Screenshots at 1280x800 and 390x844 go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = async (page: Page, name: string) => {
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `staff-contact-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

/** The sign-in screen, with room for a slow machine (the shared helper waits 10 s for the dashboard). */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

type Entity = { _id: string; primary_template_id: string };

async function entityWithRecords(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  entityType: string,
  titles: string[],
): Promise<string[]> {
  const entity = await json<Entity>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name,
        entity_type: entityType,
        fields: [{ key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true }],
      },
    }),
  );
  const ids: string[] = [];
  for (const title of titles) {
    const record = await json<{ _id: string }>(
      await request.post('/api/entities-data', {
        headers,
        data: { entity_id: entity._id, values: { [entity.primary_template_id]: { name: title } } },
      }),
    );
    ids.push(record._id);
  }
  return ids;
}

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 30_000 });

test("staff: entity permissions of a contact type, and a contact's account record with portal access", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const id = uniqueId();
  const owner = {
    email: `staff-ap-${id}@example.com`,
    company: 'Harbour Lettings',
    first: 'Nia',
    last: 'Okafor',
  };
  const tenantEmail = `tenant-${id}@example.com`;
  const token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  await entityWithRecords(request, headers, 'Units', 'GENERAL', ['Flat 1A', 'Flat 2B']);
  await entityWithRecords(request, headers, 'Leases', 'GENERAL', ['Lease 2026-01']);
  const [, mehta] = await entityWithRecords(request, headers, 'Companies', 'BUSINESS', [
    'Rao Estates',
    'Mehta & Sons',
  ]);
  const tenantType = await json<{ _id: string }>(
    await request.post('/api/contact-types', { headers, data: { name: 'Tenant' } }),
  );
  const contact = await json<{ _id: string }>(
    await request.post('/api/contacts', {
      headers,
      data: { email: tenantEmail, first_name: 'Tara', last_name: 'Mehta', contact_type_id: tenantType._id },
    }),
  );
  await signIn(page, owner.email);

  await test.step('give the Tenant type its entity permissions', async () => {
    await page.goto('/contact-types');
    await expect(page.getByTestId('contact-type-row')).toContainText('Tenant', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Entity permissions of Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entity permissions: Tenant' });
    await expect(dialog.getByText('Own records', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Read Units' }).check();
    await dialog.getByRole('row', { name: /Units/ }).getByText('All records').click();
    await dialog.getByRole('checkbox', { name: 'Edit Leases' }).check();
    await dialog.getByRole('button', { name: 'Save 2 changes' }).click();
    await expect(dialog.getByText(/Edit and Delete need Read/)).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Read Leases' }).check();
    await expect(dialog.getByText(/Edit and Delete need Read/)).toBeHidden();
    await expect(dialog.getByRole('checkbox', { name: 'Read Leases' })).toBeChecked();
    await shot(page, 'permissions');
    await dialog.getByRole('button', { name: 'Save 2 changes' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the rules are saved', async () => {
    await page.reload();
    await expect(page.getByTestId('contact-type-row')).toContainText('Tenant', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Entity permissions of Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entity permissions: Tenant' });
    await expect(dialog.getByRole('checkbox', { name: 'Read Units' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Edit Leases' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Read Companies' })).not.toBeChecked();
    await expect(
      dialog.getByRole('row', { name: /Units/ }).getByRole('radio', { name: 'All records' }),
    ).toBeChecked();
    await expect(
      dialog.getByRole('row', { name: /Leases/ }).getByRole('radio', { name: 'Own records' }),
    ).toBeChecked();
  });

  await test.step("choose the tenant's account record and give portal access", async () => {
    await page.goto(`/contacts/edit/${contact._id}`);
    const panel = page.getByTestId('portal-access');
    await expect(panel.getByText('No access')).toBeVisible({ timeout: 60_000 });
    await expect(panel.getByRole('combobox', { name: 'Account entity' })).toHaveValue('Companies');
    const record = panel.getByRole('combobox', { name: 'Account record' });
    await record.click();
    await record.fill('Meh');
    await page.getByRole('option', { name: 'Mehta & Sons' }).click();
    await expect(record).toHaveValue('Mehta & Sons');
    await shot(page, 'portal-access');
    await panel.getByRole('button', { name: 'Give portal access' }).click();
    await expect(panel.getByText('Invited', { exact: true })).toBeVisible();
    await waitForNewMail(tenantEmail, /invited you to its contact area/, 0);
    const access = await json<{ account_data_id: string }>(
      await request.get(`/api/contacts/${contact._id}/portal-access`, { headers }),
    );
    expect(access.account_data_id).toBe(mehta);
    await expect(panel.getByText('Last sign-in')).toBeVisible();
    await shot(page, 'portal-access-invited');
  });
});
