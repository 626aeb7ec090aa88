import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TExcelHeaders } from '@esigns/contracts/entity-import';
import { ALL_SCREEN_ROUTES } from '../../app/routes';
import { SCREENS } from '../../app/screen-loaders';
import {
  fail,
  installFakeApi,
  invalid,
  ok,
  type FakeCall,
  type FakeHandler,
} from '../../shared/testing/fake-api';
import { makeFormTemplate, renderAt } from '../form-templates/form-templates-test-utils';
import { makePermissionOverview, withPermissions } from '../team/team-test-utils';
import { EntityRecordsScreen } from './entity-records-screen';
import { ExcelImportScreen } from './excel-import-screen';
import { ENTITY_SCREENS } from './screens';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { makeEntity } from './entities-test-utils';

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000009';
const TID = '5d1b2c3d-0000-4000-8000-000000000001';
const PATTERN = '/entity/{entity_id}/excel/add';
const PATH = `/entity/${ENTITY_ID}/excel/add`;

const entity = makeEntity(
  ENTITY_ID,
  'Property',
  makeFormTemplate({ _id: TID, company_id: 'c1', name: 'Property', code: 'property' }),
  { primary_fields: ['title'], display_field: 'title' },
);
const field = (key: string, label: string, type: string, required = false) => ({
  ref: `${TID}#${key}`,
  template_id: TID,
  template_name: 'Property',
  key,
  label,
  type,
  is_primary: true,
  required,
});
const fields = [
  field('title', 'Title', 'SINGLE_LINE_TEXT', true),
  field('price', 'Price', 'CURRENCY'),
  field('listed_on', 'Listed on', 'DATE'),
  field('photos', 'Photos', 'IMAGE'),
];
const headers: TExcelHeaders = {
  headers: ['Property', 'Price', 'Listed', 'Notes'],
  sample: [
    ['Sea view flat', 4500000, '2025-01-15', null],
    ['Garden villa', '90,00,000', '31-01-2025', 'Corner plot'],
  ],
  row_count: 1250,
  mapping: { Property: null, Price: `${TID}#price`, Listed: `${TID}#listed_on`, Notes: null },
};

function server(next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions('OWNER', (call) => {
    if (call.path === `/api/entities/${ENTITY_ID}`) return ok(entity);
    if (call.path === '/api/template-fields') return ok(fields);
    if (call.path === '/api/get-excel-headers') return ok(headers);
    if (call.path === '/api/entities-data/entity/data') {
      return ok({ data: [], total: 0, total_capped: false, page: 1, total_pages: 1 });
    }
    return next(call);
  });
}

const formOf = (call: FakeCall | undefined) => call?.body as FormData;

async function upload(name = 'listings.xlsx') {
  fireEvent.change(await screen.findByLabelText('Choose a spreadsheet'), {
    target: { files: [new File(['PK\u0003\u0004...'], name)] },
  });
}

async function choose(header: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: `Field for ${header}` }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

staffSessionPerTest();

describe('import records from Excel', { timeout: 30_000 }, () => {
  it('is the screen of its route, opened from the records screen for people who may add records', async () => {
    expect(ALL_SCREEN_ROUTES.some((route) => route.pattern === PATTERN)).toBe(true);
    expect(SCREENS[PATTERN]).toBe(ENTITY_SCREENS[PATTERN]);
    expect((await ENTITY_SCREENS[PATTERN]!()).Component).toBe(ExcelImportScreen);

    installFakeApi(server());
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    const link = await screen.findByRole('link', { name: 'Import from Excel' });
    expect(link.getAttribute('href')).toBe(PATH);
    cleanup();

    installFakeApi((call) =>
      call.path === '/api/permissions'
        ? ok(makePermissionOverview('MEMBER', 'BUSINESS', ['entity-data:view']))
        : server()(call),
    );
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    await screen.findByRole('heading', { name: 'Property' });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Add Property/ })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Import from Excel' })).toBeNull();
  }, 60_000);

  it('reads the columns, maps them as suggested and changed, imports and shows the result', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/import-excel-data'
          ? ok({
              inserted: 1248,
              skipped: 2,
              errors: [
                { row: 7, field: `${TID}#price`, column: 'Price', message: 'Enter a number' },
                { row: 19, field: `${TID}#title`, column: 'Property', message: 'Required' },
              ],
              errors_total: 2,
            })
          : undefined,
      ),
    );
    const router = renderAt(<ExcelImportScreen />, '/entity/:entity_id/excel/add', PATH);
    expect(await screen.findByText('Drop an Excel or CSV file here')).toBeTruthy();
    await upload();

    expect(await screen.findByText('1,250 rows')).toBeTruthy();
    const sent = formOf(api.callsTo('/api/get-excel-headers')[0]);
    expect(sent.get('entity_id')).toBe(ENTITY_ID);
    expect((sent.get('file') as File).name).toBe('listings.xlsx');
    const table = screen.getByRole('table', { name: 'Columns and fields' });
    expect(within(table).getByText('Sea view flat · Garden villa')).toBeTruthy();
    expect(within(table).getByText('4500000 · 90,00,000')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Field for Price' }) as HTMLInputElement).value).toBe(
      'Price',
    );
    expect((screen.getByRole('combobox', { name: 'Field for Notes' }) as HTMLInputElement).value).toBe(
      'Do not import',
    );

    await choose('Property', 'Title *');
    await choose('Listed', 'Do not import');
    // Images cannot come from a cell.
    fireEvent.click(screen.getByRole('combobox', { name: 'Field for Notes' }));
    expect(screen.queryByRole('option', { name: 'Photos' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /Skip rows with problems/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Import 1,250 rows' }));

    expect(await screen.findByText('1,248 records imported')).toBeTruthy();
    expect(screen.getByText('2 rows skipped')).toBeTruthy();
    const skipped = screen.getByRole('table', { name: 'Skipped rows' });
    expect(within(skipped).getByText('Enter a number')).toBeTruthy();
    expect(within(skipped).getByText('19')).toBeTruthy();
    const form = formOf(api.callsTo('/api/import-excel-data')[0]);
    expect(form.get('entity_id')).toBe(ENTITY_ID);
    expect(form.get('skip_invalid')).toBe('true');
    expect(JSON.parse(String(form.get('mapping')))).toEqual({
      Property: `${TID}#title`,
      Price: `${TID}#price`,
      Listed: null,
      Notes: null,
    });

    fireEvent.click(screen.getByRole('link', { name: 'Back to Property records' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/entity/${ENTITY_ID}`));
  });

  it('shows the rows that refuse an all-or-nothing import, and mapping problems at their column', async () => {
    let attempt = 0;
    installFakeApi(
      server((call) => {
        if (call.path !== '/api/import-excel-data') return undefined;
        attempt += 1;
        if (attempt === 1) return invalid({ 'mapping.Notes': 'Not a field of this entity' });
        return fail(422, '2 rows have problems: nothing was imported', {
          errors: {
            details: [
              { key: `rows.4.${TID}.price`, message: 'Enter a number', path: ['rows', '4', TID, 'price'] },
              { key: 'rows.9', message: 'Another record has the same Title', path: ['rows', '9'] },
            ],
          },
        });
      }),
    );
    renderAt(<ExcelImportScreen />, '/entity/:entity_id/excel/add', PATH);
    await upload('listings.csv');
    await screen.findByText('1,250 rows');
    fireEvent.click(screen.getByRole('button', { name: 'Import 1,250 rows' }));
    expect(await screen.findByText('Not a field of this entity')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 1,250 rows' }));
    expect(await screen.findByText('2 rows have problems: nothing was imported')).toBeTruthy();
    const problems = screen.getByRole('table', { name: 'Row problems' });
    const rows = within(problems).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '4PriceEnter a number',
      '9—Another record has the same Title',
    ]);
    // Still on the mapping step: tick "skip" and import again.
    expect(screen.getByRole('checkbox', { name: /Skip rows with problems/ })).toBeTruthy();
  });

  it('refuses other files in the browser and shows the server problem with the file', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/get-excel-headers'
        ? invalid({ file: 'The spreadsheet could not be read: the file is damaged' })
        : server()(call),
    );
    renderAt(<ExcelImportScreen />, '/entity/:entity_id/excel/add', PATH);
    await upload('contract.pdf');
    expect(await screen.findByText('Choose an Excel (.xlsx) or CSV file')).toBeTruthy();
    expect(api.callsTo('/api/get-excel-headers')).toHaveLength(0);

    await upload('broken.xlsx');
    expect(await screen.findByText('The spreadsheet could not be read: the file is damaged')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Columns and fields' })).toBeNull();
  });

  it('says so to people who may not add records', async () => {
    installFakeApi((call) =>
      call.path === '/api/permissions'
        ? ok(makePermissionOverview('MEMBER', 'BUSINESS', ['entity-data:view']))
        : server()(call),
    );
    renderAt(<ExcelImportScreen />, '/entity/:entity_id/excel/add', PATH);
    expect(await screen.findByText('You cannot add records to this entity.')).toBeTruthy();
  });
});
