import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  IMPORT_PROGRESS_EVENT,
  type TExcelHeaders,
  type TImportJob,
  type TSavedMapping,
  type TStoredUpload,
} from '@esigns/contracts/entity-import';
import { fakeSockets } from '../../shared/testing/fake-socket';
import type { FakeCall, FakeHandler } from '../../shared/testing/fake-api';

vi.mock('socket.io-client', async () => (await import('../../shared/testing/fake-socket')).fakeSocketIo);

const { ALL_SCREEN_ROUTES } = await import('../../app/routes');
const { SCREENS } = await import('../../app/screen-loaders');
const { fail, installFakeApi, invalid, ok } = await import('../../shared/testing/fake-api');
const { makeFormTemplate, renderAt } = await import('../form-templates/form-templates-test-utils');
const { makePermissionOverview, withPermissions } = await import('../team/team-test-utils');
const { EntityRecordsScreen } = await import('./entity-records-screen');
const { ExcelImportScreen } = await import('./excel-import-screen');
const { ENTITY_SCREENS } = await import('./screens');
const { staffSessionPerTest } = await import('../../shared/testing/test-session');
const { makeEntity } = await import('./entities-test-utils');

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000009';
const TID = '5d1b2c3d-0000-4000-8000-000000000001';
const UPLOAD_ID = '7a1b2c3d-0000-4000-8000-000000000001';
const OLD_UPLOAD_ID = '7a1b2c3d-0000-4000-8000-000000000002';
const JOB_ID = '8a1b2c3d-0000-4000-8000-000000000001';
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
const upload = (overrides: Partial<TStoredUpload> = {}): TStoredUpload => ({
  _id: UPLOAD_ID,
  entity_id: ENTITY_ID,
  file_name: 'listings.xlsx',
  size: 20_480,
  sheets: [
    { name: 'Summary', row_count: 3 },
    { name: 'Listings', row_count: 1250 },
  ],
  uploaded_by: 'u1',
  created_at: '2026-11-28T10:00:00.000Z',
  expires_at: '2026-12-12T10:00:00.000Z',
  ...overrides,
});
const summarySheet: TExcelHeaders = {
  headers: ['Total'],
  sample: [[1250]],
  row_count: 3,
  mapping: { Total: null },
};
const listingsSheet: TExcelHeaders = {
  headers: ['Property', 'Price', 'Listed', 'Notes'],
  sample: [
    ['Sea view flat', 4500000, '2025-01-15', null],
    ['Garden villa', '90,00,000', '31-01-2025', 'Corner plot'],
  ],
  row_count: 1250,
  mapping: { Property: null, Price: `${TID}#price`, Listed: `${TID}#listed_on`, Notes: null },
};
const savedMapping: TSavedMapping = {
  _id: '9a1b2c3d-0000-4000-8000-000000000001',
  entity_id: ENTITY_ID,
  name: 'Agency feed',
  mapping: { Property: `${TID}#title`, Listed: null, Other: `${TID}#price` },
  updated_by: 'u1',
  updated_at: '2026-11-20T10:00:00.000Z',
};
const job = (overrides: Partial<TImportJob> = {}): TImportJob => ({
  _id: JOB_ID,
  entity_id: ENTITY_ID,
  upload_id: UPLOAD_ID,
  sheet: 'Listings',
  status: 'QUEUED',
  skip_invalid: true,
  total: 1250,
  processed: 0,
  inserted: 0,
  skipped: 0,
  errors: [],
  errors_total: 0,
  rejected_url: null,
  created_at: '2026-11-29T10:00:00.000Z',
  finished_at: null,
  ...overrides,
});

function server(next: FakeHandler = () => undefined, uploads: TStoredUpload[] = []): FakeHandler {
  return withPermissions('OWNER', (call) => {
    if (call.path === `/api/entities/${ENTITY_ID}`) return ok(entity);
    if (call.path === '/api/template-fields') return ok(fields);
    if (call.path === `/api/get/import/UploadedFiles/${ENTITY_ID}`) return ok(uploads);
    if (call.path === '/api/get/mappedFieldsData') return ok([savedMapping]);
    if (call.path === '/api/get-excel-headers-app') {
      return ok((call.body as { sheet: string }).sheet === 'Summary' ? summarySheet : listingsSheet);
    }
    if (call.path === '/api/entities-data/entity/data') {
      return ok({ data: [], total: 0, total_capped: false, page: 1, total_pages: 1 });
    }
    return next(call);
  });
}

const formOf = (call: FakeCall | undefined) => call?.body as FormData;
const bodyOf = (call: FakeCall | undefined) => call?.body as Record<string, unknown>;

async function chooseFile(name = 'listings.xlsx') {
  fireEvent.change(await screen.findByLabelText('Choose a spreadsheet'), {
    target: { files: [new File(['PK\u0003\u0004...'], name)] },
  });
}

async function choose(header: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: `Field for ${header}` }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const fieldValue = (header: string) =>
  (screen.getByRole('combobox', { name: `Field for ${header}` }) as HTMLInputElement).value;

/** Pushes `import.progress` from the fake server socket. */
function progress(next: TImportJob) {
  act(() => {
    for (const socket of fakeSockets) socket.emitFromServer(IMPORT_PROGRESS_EVENT, next);
  });
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

  it(
    'stores the file, reads the chosen sheet, starts from a saved mapping, saves it, and follows the job to its rejected rows',
    { timeout: 90_000 },
    async () => {
      fakeSockets.length = 0;
      const saved = vi.fn(() => 'blob:rejected');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
      const api = installFakeApi(
        server((call) => {
          if (call.path === '/api/import/store-uploaded-file') return ok(upload());
          if (call.path === `/api/update/mapped-fields/${ENTITY_ID}`) {
            return ok({ ...savedMapping, name: 'Listings feed' });
          }
          if (call.path === '/api/map-entities-data') return ok(job());
          if (call.path === `/api/imports/${JOB_ID}/rejected`) {
            return new Response('Property,Price,Problems\n', {
              headers: { 'content-disposition': 'attachment; filename="listings - rejected rows.csv"' },
            });
          }
          return undefined;
        }),
      );
      renderAt(<ExcelImportScreen />, '/entity/:entity_id/excel/add', PATH);
      await chooseFile();

      // The first sheet is read first; the sheet picker offers the others.
      expect(await screen.findByText('3 rows')).toBeTruthy();
      const stored = formOf(api.callsTo('/api/import/store-uploaded-file')[0]);
      expect(stored.get('entity_id')).toBe(ENTITY_ID);
      expect((stored.get('file') as File).name).toBe('listings.xlsx');
      expect(bodyOf(api.callsTo('/api/get-excel-headers-app')[0])).toEqual({
        upload_id: UPLOAD_ID,
        sheet: 'Summary',
      });
      fireEvent.click(screen.getByRole('combobox', { name: 'Sheet' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Listings (1,250 rows)' }));
      expect(await screen.findByText('1,250 rows')).toBeTruthy();
      expect(bodyOf(api.callsTo('/api/get-excel-headers-app')[1])).toEqual({
        upload_id: UPLOAD_ID,
        sheet: 'Listings',
      });
      const table = screen.getByRole('table', { name: 'Columns and fields' });
      expect(within(table).getByText('Sea view flat · Garden villa')).toBeTruthy();
      expect(fieldValue('Price')).toBe('Price');

      // The saved mapping fills the columns it knows; the others stay as suggested.
      const savedPicker = screen.getByRole('combobox', { name: 'Saved mapping' }) as HTMLInputElement;
      await waitFor(() => expect(savedPicker.disabled).toBe(false));
      fireEvent.click(savedPicker);
      fireEvent.click(await screen.findByRole('option', { name: 'Agency feed' }));
      await waitFor(() => expect(fieldValue('Property')).toBe('Title *'));
      expect(fieldValue('Listed')).toBe('Do not import');
      expect(fieldValue('Price')).toBe('Price');
      await choose('Notes', 'Do not import');

      const name = screen.getByRole('textbox', { name: 'Save this mapping as' });
      fireEvent.change(name, { target: { value: 'Listings feed' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
      expect(await screen.findByText('Mapping “Listings feed” saved')).toBeTruthy();
      expect(bodyOf(api.callsTo(`/api/update/mapped-fields/${ENTITY_ID}`)[0])).toEqual({
        name: 'Listings feed',
        mapping: { Property: `${TID}#title`, Price: `${TID}#price`, Listed: null, Notes: null },
      });

      fireEvent.click(screen.getByRole('checkbox', { name: /Skip rows with problems/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Import 1,250 rows' }));
      expect(await screen.findByText('Waiting to start…')).toBeTruthy();
      expect(bodyOf(api.callsTo('/api/map-entities-data')[0])).toEqual({
        upload_id: UPLOAD_ID,
        sheet: 'Listings',
        mapping: { Property: `${TID}#title`, Price: `${TID}#price`, Listed: null, Notes: null },
        skip_invalid: true,
        save_mapping_as: 'Listings feed',
      });

      // Progress arrives on the socket.
      progress(job({ status: 'RUNNING', processed: 500, inserted: 499, skipped: 1 }));
      expect(await screen.findByText('Importing: 500 rows of 1,250')).toBeTruthy();
      expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
        '40',
      );
      // Another job's event is not this one's.
      progress(job({ _id: 'other', status: 'DONE', processed: 9, inserted: 9 }));
      expect(screen.getByText('Importing: 500 rows of 1,250')).toBeTruthy();

      progress(
        job({
          status: 'DONE',
          processed: 1250,
          inserted: 1248,
          skipped: 2,
          errors: [
            { row: 7, field: `${TID}#price`, column: 'Price', message: 'Enter a number' },
            { row: 19, field: `${TID}#title`, column: 'Property', message: 'Required' },
          ],
          errors_total: 2,
          rejected_url: `/api/imports/${JOB_ID}/rejected`,
          finished_at: '2026-11-29T10:01:00.000Z',
        }),
      );
      expect(await screen.findByText('1,248 records imported')).toBeTruthy();
      expect(screen.getByText('2 rows skipped')).toBeTruthy();
      const skipped = screen.getByRole('table', { name: 'Skipped rows' });
      expect(within(skipped).getByText('Enter a number')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Download rejected rows (CSV)' }));
      await waitFor(() => expect(saved).toHaveBeenCalled());
      expect(api.callsTo(`/api/imports/${JOB_ID}/rejected`)[0]?.headers.authorization).toMatch(/^Bearer /);
    },
  );

  it('imports a recent upload again without uploading it, and shows a refused all-or-nothing job', async () => {
    fakeSockets.length = 0;
    const old = upload({
      _id: OLD_UPLOAD_ID,
      file_name: 'march.csv',
      sheets: [{ name: 'march', row_count: 1250 }],
    });
    const api = installFakeApi(
      server(
        (call) => {
          if (call.path === '/api/map-entities-data')
            return ok(job({ upload_id: OLD_UPLOAD_ID, skip_invalid: false }));
          if (call.path === `/api/imports/${JOB_ID}`) return ok(job({ status: 'RUNNING' }));
          return undefined;
        },
        [old],
      ),
    );
    renderAt(<ExcelImportScreen />, '/entity/:entity_id/excel/add', PATH);
    const recent = await screen.findByRole('list', { name: 'Recent uploads' });
    expect(within(recent).getByText('march.csv')).toBeTruthy();
    fireEvent.click(within(recent).getByRole('button', { name: 'Use march.csv' }));

    expect(await screen.findByText('1,250 rows')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Sheet' })).toBeNull();
    expect(api.callsTo('/api/import/store-uploaded-file')).toHaveLength(0);
    expect(bodyOf(api.callsTo('/api/get-excel-headers-app')[0])).toEqual({
      upload_id: OLD_UPLOAD_ID,
      sheet: 'march',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import 1,250 rows' }));
    await screen.findByTestId('import-progress');
    expect(bodyOf(api.callsTo('/api/map-entities-data')[0])).toMatchObject({
      skip_invalid: false,
      sheet: 'march',
    });

    progress(
      job({
        status: 'FAILED',
        skip_invalid: false,
        errors: [{ row: 4, field: `${TID}#price`, column: 'Price', message: 'Enter a number' }],
        errors_total: 1,
        rejected_url: `/api/imports/${JOB_ID}/rejected`,
      }),
    );
    expect(await screen.findByText('Nothing was imported')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Skipped rows' })).getByText('Enter a number'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download rejected rows (CSV)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the mapping' }));
    expect(await screen.findByRole('checkbox', { name: /Skip rows with problems/ })).toBeTruthy();
  });

  it('shows a mapping problem at its column and the rows refusing the start', async () => {
    let attempt = 0;
    installFakeApi(
      server((call) => {
        if (call.path === '/api/import/store-uploaded-file')
          return ok(upload({ sheets: [{ name: 'Listings', row_count: 1250 }] }));
        if (call.path !== '/api/map-entities-data') return undefined;
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
    await chooseFile('listings.csv');
    await screen.findByText('1,250 rows');
    fireEvent.click(screen.getByRole('button', { name: 'Import 1,250 rows' }));
    expect(await screen.findByText('Not a field of this entity')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 1,250 rows' }));
    expect(await screen.findByText('2 rows have problems: nothing was imported')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Row problems' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '4PriceEnter a number',
      '9—Another record has the same Title',
    ]);
  });

  it('refuses other files in the browser and shows the server problem with the file', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/import/store-uploaded-file'
        ? invalid({ file: 'The spreadsheet could not be read: the file is damaged' })
        : server()(call),
    );
    renderAt(<ExcelImportScreen />, '/entity/:entity_id/excel/add', PATH);
    await chooseFile('contract.pdf');
    expect(await screen.findByText('Choose an Excel (.xlsx) or CSV file')).toBeTruthy();
    expect(api.callsTo('/api/import/store-uploaded-file')).toHaveLength(0);

    await chooseFile('broken.xlsx');
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
