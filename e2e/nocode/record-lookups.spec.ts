import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { json, samplePdf, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// Pickers and lookups at 1440x900. Set up through the API: a "Clients" entity (name, email, phone)
// with one client and a PDF attached to it. In the browser the owner builds a "Site visits" form
// template whose Client field links to Clients, picking the entity and the field a client is
// shown by from lists (no ids typed); starts adding a second client with the first one's email
// and is told it is already used; reads the first client's details as text; and filters the
// client's documents. Screenshots go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `lookups-${name}.png`) });

test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 20_000 });

type Entity = { _id: string; primary_template_id: string };

test('lookups: entity and field pickers in the builder, a value already used, details as text, document filters', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = uniqueId();
  const owner = {
    email: `lookups-${id}@example.com`,
    company: 'Malabar Homes',
    first: 'Ravi',
    last: 'Menon',
  };
  const token = await signUpOwner(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  const clients = await json<Entity>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Clients',
        entity_type: 'INDIVIDUAL',
        fields: [
          { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'email', label: 'Email', type: 'EMAIL' },
          { key: 'phone', label: 'Phone', type: 'PHONE' },
        ],
      },
    }),
  );
  const asha = await json<{ _id: string }>(
    await request.post('/api/entities-data', {
      headers,
      data: {
        entity_id: clients._id,
        values: {
          [clients.primary_template_id]: { name: 'Asha Rao', email: 'asha@example.com', phone: '9845012345' },
        },
      },
    }),
  );
  await json(
    await request.post('/api/entities/uploadDocuments', {
      headers,
      multipart: {
        entity_id: clients._id,
        entity_data_id: asha._id,
        files: {
          name: 'sale-deed.pdf',
          mimeType: 'application/pdf',
          buffer: await samplePdf('Sale deed', 'Plot 12'),
        },
      },
    }),
  );
  await signInInBrowser(page, owner.email);

  await test.step('the builder picks the linked entity and its field from lists', async () => {
    await page.goto('/template/create');
    await page.getByLabel('Template name').fill('Site visits');
    const palette = page.getByTestId('field-palette');
    const properties = page.getByTestId('field-properties');
    await palette.getByLabel('Add Single line text').click();
    await properties.getByLabel('Label').fill('Visit');
    await palette.getByLabel('Add Entity').click();
    await properties.getByLabel('Label').fill('Client');
    await properties.getByRole('combobox', { name: 'Entity', exact: true }).click();
    await page.getByRole('listbox', { name: 'Entity' }).getByRole('option', { name: 'Clients' }).click();
    await properties.getByRole('combobox', { name: 'Field shown for a record' }).click();
    // Only fields a record can be named by are offered.
    const fieldList = page.getByRole('listbox', { name: 'Field shown for a record' });
    await expect(fieldList.getByRole('option', { name: 'Name' })).toBeVisible();
    await fieldList.getByRole('option', { name: 'Email' }).click();
    await shot(page, 'builder-entity-picker');
    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page).toHaveURL(/\/template\/[^/]+\/edit$/);
    // Read back from the saved template.
    await page.reload();
    await page.getByRole('button', { name: 'Client (Entity)' }).click();
    await expect(properties.getByRole('combobox', { name: 'Entity', exact: true })).toHaveValue('Clients');
    await expect(properties.getByRole('combobox', { name: 'Field shown for a record' })).toHaveValue('Email');
  });

  await test.step('a second client with the same email is warned, not blocked', async () => {
    await page.goto(`/entity/${clients._id}/add`);
    await page.getByRole('textbox', { name: 'Name' }).fill('A. Rao');
    await page.getByRole('textbox', { name: 'Email' }).fill('ASHA@example.com');
    await page.getByRole('textbox', { name: 'Name' }).click();
    const warning = page.getByText(/Already used by/);
    await expect(warning).toBeVisible();
    await expect(page.getByRole('link', { name: 'Asha Rao' })).toBeVisible();
    await shot(page, 'value-already-used');
  });

  await test.step("the client's details as text", async () => {
    await page.goto(`/entity/${clients._id}/view?dataId=${asha._id}`);
    await expect(page.getByRole('heading', { name: 'Asha Rao' })).toBeVisible();
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Details as text' }).click();
    const dialog = page.getByRole('dialog', { name: 'Details as text' });
    await expect(dialog.getByText('asha@example.com')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await shot(page, 'details-as-text');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step("the client's documents, all and uploaded, none from a template", async () => {
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page.getByText('sale-deed.pdf')).toBeVisible();
    const show = page.getByRole('radiogroup', { name: 'Show documents' });
    await show.getByText('Uploaded').click();
    await expect(page.getByText('sale-deed.pdf')).toBeVisible();
    await show.getByText('From a template').click();
    await expect(page.getByText('No documents from a template yet.')).toBeVisible();
    await expect(page.getByText('sale-deed.pdf')).toBeHidden();
    await shot(page, 'documents-filter');
  });

  await test.step('clients imported from a CSV file, one row refused and skipped', async () => {
    await page.goto(`/entity/${clients._id}`);
    await page.getByRole('link', { name: 'Import from Excel' }).click();
    await expect(page).toHaveURL(new RegExp(`/entity/${clients._id}/excel/add$`));
    const csv = [
      'Name,E-mail,Phone',
      'Vikram Shah,vikram@example.com,9820098200',
      ',nobody@example.com,',
      'Meera Nair,meera@example.com,',
    ].join('\n');
    await page
      .getByLabel('Choose a spreadsheet')
      .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const columns = page.getByRole('table', { name: 'Columns and fields' });
    await expect(columns).toContainText('Vikram Shah');
    // Headers are matched to fields by label or key: "Name" and "Phone"; "E-mail" is chosen by hand.
    await expect(page.getByRole('combobox', { name: 'Field for Name' })).toHaveValue(/Name/);
    await page.getByRole('combobox', { name: 'Field for E-mail' }).click();
    await page
      .getByRole('listbox', { name: 'Field for E-mail' })
      .getByRole('option', { name: /Email/ })
      .click();
    await page.getByText('Skip rows with problems').click();
    await shot(page, 'import-mapping');
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect(page.getByText('2 records imported')).toBeVisible();
    await expect(page.getByText('1 row skipped')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Skipped rows' })).toContainText('3');
    await shot(page, 'import-result');
    await page.getByRole('link', { name: 'Back to Clients records' }).click();
    await expect(page.getByTestId('grid-row')).toHaveCount(3);
  });
});
