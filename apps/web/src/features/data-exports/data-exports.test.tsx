import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_PROGRESS_EVENT, type TExportJob } from '@esigns/contracts/data-exports';
import { fakeSockets } from '../../shared/testing/fake-socket';
import type { FakeCall, FakeHandler } from '../../shared/testing/fake-api';

vi.mock('socket.io-client', async () => (await import('../../shared/testing/fake-socket')).fakeSocketIo);

const { installFakeApi, ok, fail } = await import('../../shared/testing/fake-api');
const { makeFormTemplate, renderAt } = await import('../form-templates/form-templates-test-utils');
const { staffSessionPerTest } = await import('../../shared/testing/test-session');
const { renderWithProviders } = await import('../../shared/testing/render-with-providers');
const { entityServer, makeEntity, makeRecord } = await import('../entities/entities-test-utils');
const { EntityRecordsScreen } = await import('../entities/entity-records-screen');
const { EntitiesScreen } = await import('../entities/entities-screen');
const { ExportMenu } = await import('./export-menu');
const { combineFilters, entityExportBody } = await import('./exports-api');

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000001';
const VIEW_ID = '6c1b2c3d-0000-4000-8000-000000000001';
const JOB_ID = 'e1b2c3d0-0000-4000-8000-000000000001';
const template = makeFormTemplate({
  name: 'Property',
  fields: [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'price', label: 'Price', type: 'CURRENCY' },
    { key: 'status', label: 'Status', type: 'SELECT', options: [{ value: 'Available' }, { value: 'Sold' }] },
  ],
});
const tid = template._id;
const entity = makeEntity(ENTITY_ID, 'Property', template, {
  primary_fields: ['title'],
  display_field: 'title',
});
const field = (key: string, label: string, type: string) => ({
  ref: `${tid}#${key}`,
  template_id: tid,
  template_name: 'Property',
  key,
  label,
  type,
  is_primary: true,
  required: false,
});
const fields = [
  field('title', 'Title', 'SINGLE_LINE_TEXT'),
  field('price', 'Price', 'CURRENCY'),
  field('status', 'Status', 'SELECT'),
];
const record = (id: string, title: string, price: number) =>
  makeRecord(ENTITY_ID, id, title, tid, { title, price, status: 'Available' });

const job = (overrides: Partial<TExportJob> = {}): TExportJob => ({
  _id: JOB_ID,
  kind: 'ENTITY',
  format: 'XLSX',
  status: 'QUEUED',
  file_name: 'Property.xlsx',
  total: 48_000,
  processed: 0,
  download_url: null,
  error: null,
  created_at: '2026-11-29T10:00:00.000Z',
  finished_at: null,
  expires_at: null,
  ...overrides,
});

const xlsx = (name: string) =>
  new Response('PK\u0003\u0004', {
    status: 200,
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
const accepted = (data: TExportJob) =>
  new Response(JSON.stringify({ success: true, data }), {
    status: 202,
    headers: { 'content-type': 'application/json' },
  });

function server(next: FakeHandler = () => undefined): FakeHandler {
  return entityServer(entity, [template], (call) => {
    if (call.path === '/api/entities') return ok({ data: [entity], total: 1, page: 1, total_pages: 1 });
    if (call.path === '/api/template-fields') return ok(fields);
    if (call.path === '/api/entities-data/entity/data') {
      return ok({
        data: [record('r1', 'Sea view flat', 4500000), record('r2', 'Garden villa', 9000000)],
        total: 2,
        total_capped: false,
        page: 1,
        total_pages: 1,
      });
    }
    return next(call);
  });
}

const zoneOf = (call: FakeCall | undefined) => new URL(call!.url, 'http://x').searchParams.get('tz');
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The names files were saved under (the temporary link's `download`). */
let savedNames: string[] = [];
beforeEach(() => {
  savedNames = [];
  fakeSockets.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) savedNames.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function exportFromMenu(item: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

staffSessionPerTest();

describe('exports', { timeout: 60_000 }, () => {
  it('exports what the grid shows (filters, search, sort, columns) in the browser zone and saves the file', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === `/api/export/entities-data/${ENTITY_ID}` ? xlsx('Property.xlsx') : undefined,
      ),
    );
    const filters = JSON.stringify([{ field: `${tid}#status`, operator: 'EQUALS', value: 'Sold' }]);
    const query = new URLSearchParams({ sort: `${tid}#price:desc`, q: 'villa', filters });
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}?${query.toString()}`);
    expect(await screen.findByText('Sea view flat')).toBeTruthy();

    await exportFromMenu('Excel (.xlsx)');
    await waitFor(() => expect(savedNames).toEqual(['Property.xlsx']));
    const call = api.callsTo(`/api/export/entities-data/${ENTITY_ID}`, 'POST')[0];
    expect(zoneOf(call)).toBe(BROWSER_ZONE);
    expect(call?.headers.authorization).toMatch(/^Bearer /);
    expect(call?.body).toEqual({
      filters: { match: 'ALL', rules: [{ field: `${tid}#status`, operator: 'EQUALS', value: 'Sold' }] },
      search: 'villa',
      sort: [{ field: `${tid}#price`, direction: 'desc' }],
      columns: [`${tid}#title`, `${tid}#price`, `${tid}#status`],
    });
    expect(await screen.findByText('Property.xlsx was downloaded.')).toBeTruthy();
  });

  it('exports only the selected rows to PDF, and shows a refusal', async () => {
    let calls = 0;
    const api = installFakeApi(
      server((call) => {
        if (call.path !== `/api/export/entities-data/pdf/${ENTITY_ID}`) return undefined;
        calls += 1;
        return calls === 1
          ? new Response('%PDF', {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="Property.pdf"',
              },
            })
          : fail(422, 'A PDF holds at most 5,000 records: export to Excel instead');
      }),
    );
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Garden villa' }));
    await exportFromMenu('PDF');
    await waitFor(() => expect(savedNames).toEqual(['Property.pdf']));
    expect(api.callsTo(`/api/export/entities-data/pdf/${ENTITY_ID}`)[0]?.body).toMatchObject({ ids: ['r2'] });

    await exportFromMenu('PDF');
    expect(
      await screen.findByText('A PDF holds at most 5,000 records: export to Excel instead'),
    ).toBeTruthy();
    expect(savedNames).toEqual(['Property.pdf']);
  });

  it('follows a large export (202) on its progress bar to the download link, and lists it under recent exports', async () => {
    const done = job({
      status: 'DONE',
      processed: 48_000,
      download_url: `/api/exports/${JOB_ID}/download`,
      finished_at: '2026-11-29T10:02:00.000Z',
      expires_at: '2026-12-06T10:02:00.000Z',
    });
    const api = installFakeApi(
      server((call) => {
        if (call.path === `/api/export/entities-data/${ENTITY_ID}`) return accepted(job());
        if (call.path === `/api/exports/${JOB_ID}`) return ok(job({ status: 'RUNNING' }));
        if (call.path === `/api/exports/${JOB_ID}/download`) return xlsx('Property.xlsx');
        if (call.path === '/api/exports')
          return ok([
            done,
            job({ _id: 'old', status: 'FAILED', file_name: 'Leads.xlsx', error: 'The database went away' }),
          ]);
        return undefined;
      }),
    );
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    await screen.findByText('Sea view flat');
    await exportFromMenu('Excel by email (in the background)');
    await waitFor(() =>
      expect(api.callsTo(`/api/export/entities-data/${ENTITY_ID}`)[0]?.body).toMatchObject({
        background: true,
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Exporting' });
    expect(within(dialog).getByText('Waiting to start…')).toBeTruthy();
    act(() => {
      for (const socket of fakeSockets)
        socket.emitFromServer(EXPORT_PROGRESS_EVENT, job({ status: 'RUNNING', processed: 12_000 }));
    });
    expect(await within(dialog).findByText('12,000 of 48,000 rows')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('progressbar', { name: 'Export of Property.xlsx' })
        .getAttribute('aria-valuenow'),
    ).toBe('25');

    act(() => {
      for (const socket of fakeSockets) socket.emitFromServer(EXPORT_PROGRESS_EVENT, done);
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Download Property.xlsx' }));
    await waitFor(() => expect(savedNames).toEqual(['Property.xlsx']));
    expect(api.callsTo(`/api/exports/${JOB_ID}/download`)[0]?.headers.authorization).toMatch(/^Bearer /);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Recent exports' }));
    const drawer = await screen.findByRole('dialog', { name: 'Recent exports' });
    const failed = await within(drawer).findByRole('group', { name: 'Export Leads.xlsx' });
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('The database went away')).toBeTruthy();
    const ready = within(drawer).getByRole('group', { name: 'Export Property.xlsx' });
    expect(within(ready).getByText('Ready')).toBeTruthy();
    expect(within(ready).getByRole('button', { name: 'Download Property.xlsx' })).toBeTruthy();
  });

  it('exports every entity from the entities list as one workbook named by the server', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/export/all-entities-data' ? xlsx('Acme Realty.xlsx') : undefined,
      ),
    );
    renderAt(<EntitiesScreen />, '/entity', '/entity');
    await screen.findByRole('link', { name: 'Property' });
    await exportFromMenu('Export all data (.xlsx)');
    await waitFor(() => expect(savedNames).toEqual(['Acme Realty.xlsx']));
    const call = api.callsTo('/api/export/all-entities-data', 'POST')[0];
    expect(zoneOf(call)).toBe(BROWSER_ZONE);
    expect(call?.body).toEqual({});
  });

  it("exports an entity view's PDF from the view, with the viewer's own filters on top", async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/entity-views/export-pdf'
          ? new Response('%PDF', {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="Open homes.pdf"',
              },
            })
          : undefined,
      ),
    );
    const own = {
      match: 'ALL' as const,
      rules: [{ field: `${tid}#status`, operator: 'EQUALS' as const, value: 'Sold' }],
    };
    renderWithProviders(
      <ExportMenu
        entityId={ENTITY_ID}
        entityName="Property"
        view={{ id: VIEW_ID, name: 'Open homes' }}
        query={{
          baseFilters: { match: 'ANY', rules: [{ field: 'title', operator: 'IS_NOT_EMPTY' }] },
          filters: own,
          search: 'sea',
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    // The view's "any of" group cannot be joined with the viewer's own conditions for Excel.
    expect(
      (await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' })).hasAttribute('data-disabled'),
    ).toBe(true);
    fireEvent.click(screen.getByRole('menuitem', { name: 'PDF of the view' }));
    await waitFor(() => expect(savedNames).toEqual(['Open homes.pdf']));
    expect(api.callsTo('/api/entity-views/export-pdf')[0]?.body).toEqual({
      entity_view_id: VIEW_ID,
      filters: own,
      search: 'sea',
    });
  });

  it("joins the view's and the person's filters into the one group an export takes", () => {
    const rule = (value: string) => ({ field: 'title', operator: 'EQUALS' as const, value });
    expect(combineFilters(undefined, undefined)).toBeUndefined();
    expect(combineFilters({ match: 'ANY', rules: [rule('a')] }, undefined)).toEqual({
      match: 'ANY',
      rules: [rule('a')],
    });
    expect(
      combineFilters({ match: 'ALL', rules: [rule('a')] }, { match: 'ALL', rules: [rule('b')] }),
    ).toEqual({
      match: 'ALL',
      rules: [rule('a'), rule('b')],
    });
    expect(
      combineFilters({ match: 'ANY', rules: [rule('a')] }, { match: 'ALL', rules: [rule('b')] }),
    ).toBeNull();
    // A selection exports those rows whatever the filters.
    expect(
      entityExportBody({ ids: ['r1'], filters: { match: 'ALL', rules: [rule('b')] }, search: 'x' }),
    ).toEqual({
      ids: ['r1'],
      sort: undefined,
      columns: undefined,
    });
  });
});
