import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import { defaultCustomizationConfig, type TRecordTab } from '@esigns/contracts/entity-customization';
import type { TRecordHistoryItem, TRecordHistoryPage } from '@esigns/contracts/record-history';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { makeFormTemplate, renderAt } from '../form-templates/form-templates-test-utils';
import { orderRecordTabs, RecordViewScreen } from './record-view-screen';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { entityServer, makeEntity, makeRecord } from './entities-test-utils';

/*
 * The record page's tabs as the entity's customization orders them, the Files tab (every file of
 * the record and its line items, grouped by field) and the Activity tab (history, newest first,
 * then the creation).
 */

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000011';
const RECORD_ID = '3c1b2c3d-0000-4000-8000-0000000000a1';
const USER = { _id: '3c1b2c3d-0000-4000-8000-0000000000b1', name: 'Asha Rao', email: 'asha@acme.test' };
const main = makeFormTemplate({
  _id: '3c1b2c3d-0000-4000-8000-0000000000c1',
  name: 'Property',
  code: 'property',
  fields: [
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'deed', label: 'Title deed', type: 'FILE' },
    { key: 'photos', label: 'Photos', type: 'IMAGE' },
  ],
});
const lines = makeFormTemplate({
  _id: '3c1b2c3d-0000-4000-8000-0000000000c2',
  name: 'Rooms',
  code: 'rooms',
  is_repeatable: true,
  fields: [
    { key: 'room', label: 'Room', type: 'SINGLE_LINE_TEXT' },
    { key: 'plan', label: 'Floor plan', type: 'FILE' },
  ],
});
const file = (id: string, name: string, mime: string, size: number) => ({
  file_ref_id: `companies/c1/entity-data/${id}/${name}`,
  key: `companies/c1/entity-data/${id}/${name}`,
  name,
  size,
  mime_type: mime,
});
const primary = makeEntity(ENTITY_ID, 'Property', main, {
  primary_fields: ['title'],
  display_field: 'title',
  records_count: 1,
  updated_at: '2026-03-02T10:00:00.000Z',
});
const entity: TEntity = {
  ...primary,
  templates: [
    ...primary.templates,
    {
      template_id: lines._id,
      is_primary: false,
      hidden_on_add: false,
      name: 'Rooms',
      code: 'rooms',
      is_repeatable: true,
    },
  ],
};
const record = (values: Record<string, unknown>) =>
  makeRecord(
    ENTITY_ID,
    RECORD_ID,
    'Sea view flat',
    main._id,
    { title: 'Sea view flat', ...values },
    { created_by: USER._id, updated_by: USER._id, updated_at: '2026-03-05T10:00:00.000Z' },
  );

type Setup = {
  tabs?: TRecordTab[];
  values?: Record<string, unknown>;
  entries?: Record<string, unknown>[];
  history?: TRecordHistoryPage[];
};

function server({ tabs, values = {}, entries = [], history = [] }: Setup): FakeHandler {
  return entityServer(entity, [main, lines], (call) => {
    if (call.path === `/api/entity-customization/entity/isActive/${ENTITY_ID}`)
      return ok(tabs ? { config: { ...defaultCustomizationConfig(), record_tabs: tabs } } : null);
    if (call.path === `/api/entity-data/${RECORD_ID}`) return ok({ ...record(values), linked_titles: {} });
    if (call.path === '/api/templates-data/repeatable-template')
      return ok({
        data: entries.map((v, i) => ({
          _id: `e${i}`,
          entity_data_id: RECORD_ID,
          template_id: lines._id,
          position: i,
          values: v,
          created_by: null,
          created_at: '2026-03-01T10:00:00.000Z',
          updated_at: '2026-03-01T10:00:00.000Z',
        })),
        total: entries.length,
        page: 1,
        total_pages: 1,
        linked_titles: {},
      });
    if (call.path === `/api/entity-data/${RECORD_ID}/history`) {
      const page = Number(new URL(call.url, 'http://x').searchParams.get('page') ?? '1');
      return ok(history[page - 1]);
    }
    if (call.path === '/api/templates-data/file-download-url')
      return ok({ download_url: 'https://files.test/x', expires_at: '2026-03-05T11:00:00.000Z' });
    return undefined;
  });
}

const open = () =>
  renderAt(<RecordViewScreen />, '/entity/:entity_id/view', `/entity/${ENTITY_ID}/view?dataId=${RECORD_ID}`);
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

staffSessionPerTest();

describe('record page tabs', { timeout: 30_000 }, () => {
  it('orders the tabs as configured, line items after related records, and leaves out unlisted ones', async () => {
    installFakeApi(server({ tabs: ['DETAILS', 'ACTIVITY', 'FILES', 'RELATIONSHIPS'] }));
    open();
    await screen.findByRole('heading', { name: 'Sea view flat' });
    await waitFor(() =>
      expect(tabNames()).toEqual(['Details', 'Activity', 'Files', 'Related records', 'Rooms']),
    );
  });

  it('shows every tab by default, and line items after details without related records', async () => {
    installFakeApi(server({}));
    open();
    await screen.findByRole('heading', { name: 'Sea view flat' });
    await waitFor(() =>
      expect(tabNames()).toEqual(['Details', 'Related records', 'Rooms', 'Documents', 'Files', 'Activity']),
    );
    const view = (tab: string, name: string) => ({ value: tab, label: name, panel: null });
    const ordered = orderRecordTabs(
      ['DETAILS', 'FILES', 'DOCUMENTS'],
      {
        DETAILS: view('details', 'Details'),
        FILES: view('files', 'Files'),
        DOCUMENTS: view('documents', 'Documents'),
      },
      [view('r', 'Rooms')],
      view('contacts', 'Contacts'),
    );
    expect(ordered.map((t) => t.label)).toEqual(['Details', 'Rooms', 'Files', 'Documents', 'Contacts']);
  });
});

describe('Files tab', { timeout: 30_000 }, () => {
  it("lists the record's and its line items' files by field, with size and type, and opens one", async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    const api = installFakeApi(
      server({
        values: {
          deed: [file('f1', 'deed.pdf', 'application/pdf', 2048)],
          photos: [file('f2', 'front.png', 'image/png', 1000), file('f3', 'back.jpg', 'image/jpeg', 3000)],
        },
        entries: [
          { room: 'Hall', plan: [file('f4', 'hall-plan.pdf', 'application/pdf', 500)] },
          { room: 'Kitchen' },
        ],
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Files' }));
    const deed = await screen.findByRole('region', { name: 'Title deed' });
    expect(within(deed).getByRole('button', { name: 'deed.pdf' })).toBeTruthy();
    expect(within(deed).getByText(/PDF · 2(\.0)? KB/)).toBeTruthy();
    const photos = screen.getByRole('region', { name: 'Photos' });
    expect(within(photos).getByText('Property · 2 files')).toBeTruthy();
    expect(within(photos).getByText(/JPG ·/)).toBeTruthy();
    const plan = await screen.findByRole('region', { name: 'Floor plan' });
    expect(within(plan).getByText('Rooms · 1 file')).toBeTruthy();
    expect(within(plan).getByRole('button', { name: 'hall-plan.pdf' })).toBeTruthy();

    fireEvent.click(within(deed).getByRole('button', { name: 'deed.pdf' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://files.test/x', '_blank', 'noopener'));
    expect(api.callsTo('/api/templates-data/file-download-url').at(-1)?.body).toEqual({
      file_ref_id: 'companies/c1/entity-data/f1/deed.pdf',
    });
  });

  it('says so when the record has no files', async () => {
    installFakeApi(server({ entries: [{ room: 'Hall' }] }));
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Files' }));
    expect(await screen.findByText('No files yet')).toBeTruthy();
  });
});

describe('Activity tab', { timeout: 30_000 }, () => {
  const item = (id: string, overrides: Partial<TRecordHistoryItem>): TRecordHistoryItem => ({
    _id: id,
    entity_data_id: RECORD_ID,
    action: 'UPDATED',
    user: USER,
    created_at: '2026-03-04T10:00:00.000Z',
    entry: null,
    changes: [],
    ...overrides,
  });
  const page = (data: TRecordHistoryItem[], n: number, pages: number): TRecordHistoryPage => ({
    data,
    total: pages * 2,
    page: n,
    total_pages: pages,
    created_by: USER,
    created_at: '2026-03-01T10:00:00.000Z',
  });
  const change = (label: string, before: string, after: string) => ({
    template_id: main._id,
    template_name: 'Property',
    key: label.toLowerCase(),
    label,
    before,
    after,
  });

  it('shows changes newest first with old and new values, older pages on demand, then the creation', async () => {
    const api = installFakeApi(
      server({
        history: [
          page(
            [
              item('h3', {
                action: 'ENTRY_ADDED',
                entry: { _id: 'e1', template_id: lines._id, template_name: 'Rooms' },
                changes: [{ ...change('Room', '', 'Hall'), template_id: lines._id, template_name: 'Rooms' }],
              }),
              item('h2', {
                changes: [change('Price', '₹100.00', '₹250.00'), change('Deed', '', 'deed.pdf')],
              }),
            ],
            1,
            2,
          ),
          page(
            [item('h1', { action: 'BULK_UPDATED', user: null, changes: [change('Status', 'Open', 'Sold')] })],
            2,
            2,
          ),
        ],
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    const added = await screen.findByText('Asha Rao added an entry to Rooms');
    const changed = screen.getByText('Asha Rao changed 2 fields');
    expect(added.compareDocumentPosition(changed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const price = screen.getByText('Price').closest('li')!;
    expect(price.textContent).toBe('Price: ₹100.00 → ₹250.00');
    expect(screen.getByText('Deed').closest('li')!.textContent).toBe('Deed: empty → deed.pdf');
    expect(screen.queryByText(/created the record/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('Someone changed 1 field in a bulk update')).toBeTruthy();
    expect(screen.getByText('Status').closest('li')!.textContent).toBe('Status: Open → Sold');
    expect(screen.getByText('Asha Rao created the record')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(api.callsTo(`/api/entity-data/${RECORD_ID}/history`).map((c) => c.url)).toEqual([
      `/api/entity-data/${RECORD_ID}/history?page=1&limit=20`,
      `/api/entity-data/${RECORD_ID}/history?page=2&limit=20`,
    ]);
  });

  it('shows the creation alone for a record never changed', async () => {
    installFakeApi(server({ history: [page([], 1, 0)] }));
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('Asha Rao created the record')).toBeTruthy();
    expect(screen.getByText('No changes since the record was created.')).toBeTruthy();
  });
});
