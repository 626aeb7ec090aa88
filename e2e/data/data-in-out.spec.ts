import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// Data in and out at 1366x900. Set up through the API: a "Leads" entity (name, amount, stage,
// closed on) with three records. In the browser the owner exports the records grid to Excel and
// the download is opened with exceljs (headers, a text, a number and a date cell); imports a CSV
// whose columns are named otherwise, mapping them by hand and saving the mapping as "CRM export";
// then imports a second CSV choosing that saved mapping. The records are checked through the API.
// Screenshots (desktop and phone) go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `data-${name}.png`) });

test.use({ viewport: { width: 1366, height: 900 }, actionTimeout: 20_000 });

type Entity = { _id: string; name: string; primary_template_id: string };
type Records = { data: { title: string; values: Record<string, Record<string, unknown>> }[]; total: number };

const LEADS = [
  { name: 'Asha Rao', amount: 125000, stage: 'New', closed_on: '2026-03-14' },
  { name: 'Vikram Shah', amount: 98000.5, stage: 'Won', closed_on: '2026-04-02' },
  { name: 'Meera Iyer', amount: 45000, stage: 'New', closed_on: '2026-05-20' },
];

async function setUp(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const leads = await json<Entity>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Leads',
        entity_type: 'GENERAL',
        fields: [
          { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'amount', label: 'Amount', type: 'NUMBER' },
          {
            key: 'stage',
            label: 'Stage',
            type: 'SELECT',
            options: [{ value: 'New' }, { value: 'Won' }, { value: 'Lost' }],
          },
          { key: 'closed_on', label: 'Closed on', type: 'DATE' },
        ],
      },
    }),
  );
  for (const lead of LEADS)
    await json(
      await request.post('/api/entities-data', {
        headers,
        data: { entity_id: leads._id, values: { [leads.primary_template_id]: lead } },
      }),
    );
  return leads;
}

/** Uploads a CSV on the import screen. */
async function uploadCsv(page: Page, name: string, text: string) {
  await page.getByLabel('Choose a spreadsheet').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

async function chooseField(page: Page, column: string, field: string) {
  await page.getByRole('combobox', { name: `Field for ${column}` }).click();
  await page.getByRole('option', { name: field, exact: true }).click();
}

test('data in and out: export the grid to xlsx, import CSVs with a saved mapping', async ({ page, request }) => {
  test.setTimeout(240_000);
  const id = uniqueId();
  const owner = { email: `data-${id}@example.com`, company: 'Deccan Leads', first: 'Ravi', last: 'Menon' };
  const token = await signUpOwner(request, owner);
  const leads = await test.step('an entity with records through the API', () => setUp(request, token));
  await signInInBrowser(page, owner.email);

  await test.step('export the records grid to Excel and open the file', async () => {
    await page.goto(`/entity/${leads._id}`);
    await expect(page.getByText('Vikram Shah')).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('menuitem', { name: 'Excel (.xlsx)' })).toBeVisible();
    await shot(page, 'export-menu');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Leads.xlsx');
    const file = path.join(os.tmpdir(), `data-leads-${id}.xlsx`);
    await download.saveAs(file);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 4)).toEqual(['Name', 'Amount', 'Stage', 'Closed on']);
    const rows = new Map<string, unknown[]>();
    sheet.eachRow((row, number) => {
      if (number > 1) rows.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1));
    });
    expect([...rows.keys()].sort()).toEqual(LEADS.map((l) => l.name).sort());
    const vikram = rows.get('Vikram Shah')!;
    expect(vikram[1]).toBe(98000.5);
    expect(vikram[2]).toBe('Won');
    expect(vikram[3]).toBeInstanceOf(Date);
    expect((vikram[3] as Date).toISOString().slice(0, 10)).toBe('2026-04-02');
  });

  await test.step('an export in the background: its progress, its link, the recent exports', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Excel by email (in the background)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporting' });
    const link = dialog.getByRole('button', { name: 'Download Leads.xlsx' });
    await expect(link).toBeVisible({ timeout: 60_000 });
    await shot(page, 'export-job-done');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Leads.xlsx');
    await dialog.getByRole('button', { name: 'Recent exports' }).click();
    const drawer = page.getByRole('dialog', { name: 'Recent exports' });
    await expect(drawer.getByRole('group', { name: 'Export Leads.xlsx' })).toContainText('Ready');
    await shot(page, 'recent-exports');
    await page.keyboard.press('Escape');
  });

  await test.step('the entities list\'s export of all data', async () => {
    await page.goto('/entity');
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export all data (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${owner.company}.xlsx`);
    const file = path.join(os.tmpdir(), `data-all-${id}.xlsx`);
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((sheet) => sheet.name)).toContain('Leads');
  });

  await test.step('import a CSV mapping its columns by hand and saving the mapping', async () => {
    await page.goto(`/entity/${leads._id}/excel/add`);
    await uploadCsv(
      page,
      'crm-march.csv',
      'Lead name,Deal value,Pipeline stage,Notes\nKiran Das,72000,Won,call back\nLata Pillai,15000,Lost,\n',
    );
    await expect(page.getByRole('table', { name: 'Columns and fields' })).toBeVisible();
    await chooseField(page, 'Lead name', 'Name *');
    await chooseField(page, 'Deal value', 'Amount');
    await chooseField(page, 'Pipeline stage', 'Stage');
    await chooseField(page, 'Notes', 'Do not import');
    await page.getByRole('textbox', { name: 'Save this mapping as' }).fill('CRM export');
    await shot(page, 'import-mapping');
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(page.getByText('2 records imported')).toBeVisible({ timeout: 60_000 });
    await shot(page, 'import-result');
  });

  await test.step('import a second CSV choosing the saved mapping', async () => {
    await page.getByRole('button', { name: 'Import another file' }).click();
    await expect(page.getByRole('list', { name: 'Recent uploads' })).toContainText('crm-march.csv');
    await uploadCsv(page, 'crm-april.csv', 'Lead name,Deal value,Pipeline stage,Notes\nNoor Khan,33000,New,\n');
    await expect(page.getByRole('table', { name: 'Columns and fields' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Saved mapping' }).click();
    await page.getByRole('option', { name: 'CRM export' }).click();
    await expect(page.getByRole('combobox', { name: 'Field for Lead name' })).toHaveValue('Name *');
    await expect(page.getByRole('combobox', { name: 'Field for Deal value' })).toHaveValue('Amount');
    await expect(page.getByRole('combobox', { name: 'Field for Notes' })).toHaveValue('Do not import');
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(page.getByText('1 record imported')).toBeVisible({ timeout: 60_000 });
  });

  await test.step('the records are there', async () => {
    const records = await json<Records>(
      await request.post('/api/entities-data/entity/data', {
        headers: { authorization: `Bearer ${token}` },
        data: { entity_id: leads._id, page: 1, limit: 50 },
      }),
    );
    expect(records.total).toBe(6);
    const values = (title: string) =>
      records.data.find((r) => r.title === title)?.values[leads.primary_template_id];
    expect(values('Kiran Das')).toMatchObject({ name: 'Kiran Das', amount: 72000, stage: 'Won' });
    expect(values('Lata Pillai')).toMatchObject({ amount: 15000, stage: 'Lost' });
    expect(values('Noor Khan')).toMatchObject({ amount: 33000, stage: 'New' });
    expect(values('Kiran Das')).not.toHaveProperty('notes');
  });

  await test.step('the screens on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/entity/${leads._id}/excel/add`);
    await expect(page.getByRole('list', { name: 'Recent uploads' })).toBeVisible();
    await shot(page, 'import-phone');
    await page.goto(`/entity/${leads._id}`);
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('menuitem', { name: 'Excel (.xlsx)' })).toBeVisible();
    await shot(page, 'export-menu-phone');
  });
});
