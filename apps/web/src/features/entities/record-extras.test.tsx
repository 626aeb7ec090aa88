import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ZFormField, type TFormField, type TFormFieldOf } from '@esigns/contracts/nocode-fields';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import type { TRecordDocument, TRepeatableEntry } from '@esigns/contracts/record-extras';
import { installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { FakeXhr, makeFile } from '../documents/documents-test-utils';
import { FieldInput } from '../form-templates/renderer/field-input';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';
import { makePermissionOverview, withPermissions } from '../team/team-test-utils';
import { RecordDocuments } from './record-documents';
import { RecordFileScope, uploadKeyOf } from './record-files';
import { RepeatableEntries } from './repeatable-entries';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { makeRecordDocument } from './entities-test-utils';

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000001';
const RECORD_ID = '3c1b2c3d-0000-4000-8000-0000000000d1';
const TEMPLATE_ID = '3c1b2c3d-0000-4000-8000-0000000000f1';
const field = (input: Record<string, unknown>) => ZFormField.parse(input) as TFormField;
const photos = field({ key: 'photos', label: 'Photos', type: 'IMAGE', max_files: 2, max_size_mb: 1 });
const refOf = (name: string, type = 'image/png'): TFileRef => ({
  file_ref_id: `companies/c1/entity-data/0a1b2c3d-0000-4000-8000-00000000000${name.length % 10}/${name}`,
  name,
  size: 1234,
  mime_type: type,
});

staffSessionPerTest({ restoreMocks: true });
beforeEach(() => FakeXhr.install());

/** The upload calls: an address, then the confirmed reference of the file named in the ticket. */
const uploads: FakeHandler = (call) => {
  if (call.path === '/api/templates-data/file-upload-url') {
    const body = call.body as { file_name: string };
    return ok({
      upload_url: `http://localhost/api/storage/x/${body.file_name}?op=put`,
      file_ref_id: `ref/${body.file_name}`,
      slug: body.file_name,
      key: `ref/${body.file_name}`,
      expires_at: '2026-01-01T00:00:00.000Z',
    });
  }
  if (call.path === '/api/templates-data/file-upload-status') {
    const ref = (call.body as { file_ref_id: string }).file_ref_id;
    return ok({
      status: 'UPLOADED',
      file_ref_id: ref,
      name: ref.slice(4),
      size: 1234,
      mime_type: 'image/png',
    });
  }
  if (call.path === '/api/templates-data/file-download-url') {
    return ok({ download_url: 'http://localhost/thumb.png', expires_at: '2026-01-01T00:00:00.000Z' });
  }
  return undefined;
};

function FileHarness({ onValue, initial = [] }: { onValue: (v: unknown) => void; initial?: TFileRef[] }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <RecordFileScope entityId={ENTITY_ID} templateId={TEMPLATE_ID} fields={[photos]}>
      <FieldInput
        field={photos}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    </RecordFileScope>
  );
}

const choose = (label: string, files: File[]) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files } });

describe('FILE and IMAGE inputs', () => {
  it('uploads a chosen file at once (address, PUT with progress, confirmation) and keeps its reference', async () => {
    const api = installFakeApi(uploads);
    const held: FakeXhr[] = [];
    FakeXhr.onSend = (xhr) => held.push(xhr);
    const onValue = vi.fn();
    renderWithProviders(<FileHarness onValue={onValue} />);
    choose('Choose files for Photos', [makeFile('front.png', 'image/png', 2000)]);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(api.callsTo('/api/templates-data/file-upload-url')[0]!.body).toEqual({
      entity_id: ENTITY_ID,
      template_id: TEMPLATE_ID,
      field_key: 'photos',
      file_name: 'front.png',
      mime_type: 'image/png',
      size: 2000,
    });
    expect(held[0]!.headers['Content-Type']).toBe('image/png');
    held[0]!.progress(500, 1000);
    expect(await screen.findByLabelText('Uploading front.png')).toBeTruthy();
    held[0]!.succeed();
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith([
        { file_ref_id: 'ref/front.png', name: 'front.png', size: 1234, mime_type: 'image/png' },
      ]),
    );
    // The thumbnail comes from a download address.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'front.png' }).getAttribute('src')).toBe(
        'http://localhost/thumb.png',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove front.png' }));
    expect(onValue).toHaveBeenLastCalledWith([]);
  });

  it('refuses files the field does not take before any call, and shows refusals of the server', async () => {
    const api = installFakeApi(uploads);
    renderWithProviders(<FileHarness onValue={vi.fn()} />);
    choose('Choose files for Photos', [
      makeFile('deed.pdf', 'application/pdf'),
      makeFile('huge.png', 'image/png', 5e6),
    ]);
    expect(await screen.findByText('deed.pdf is not an image')).toBeTruthy();
    expect(screen.getByText('huge.png is larger than 1 MB')).toBeTruthy();
    expect(api.callsTo('/api/templates-data/file-upload-url')).toHaveLength(0);
    FakeXhr.onSend = (xhr) => xhr.refuse(415, 'The file is a application/pdf, not the declared image/png');
    choose('Choose files for Photos', [makeFile('fake.png', 'image/png')]);
    expect(await screen.findByText('The file is a application/pdf, not the declared image/png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss fake.png' }));
    await waitFor(() => expect(screen.queryByText(/not the declared/)).toBeNull());
  });

  it('takes at most max_files and hides the button when full', async () => {
    installFakeApi(uploads);
    const onValue = vi.fn();
    renderWithProviders(<FileHarness onValue={onValue} initial={[refOf('a.png')]} />);
    choose('Choose files for Photos', [makeFile('b.png', 'image/png'), makeFile('c.png', 'image/png')]);
    expect(await screen.findByText('c.png: at most 2 files')).toBeTruthy();
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith([refOf('a.png'), expect.objectContaining({ name: 'b.png' })]),
    );
    expect(screen.queryByLabelText('Choose files for Photos')).toBeNull();
  });

  it('keeps files local outside a record (template previews)', async () => {
    const api = installFakeApi(uploads);
    const onChange = vi.fn();
    renderWithProviders(<FieldInput field={photos} value={[]} onChange={onChange} />);
    choose('Choose files for Photos', [makeFile('p.png', 'image/png', 10)]);
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([
        { file_ref_id: 'local/p.png', name: 'p.png', size: 10, mime_type: 'image/png' },
      ]),
    );
    expect(api.calls.filter((c) => c.path.startsWith('/api/templates-data'))).toHaveLength(0);
  });

  it('uploads data table column files under <table>.<column>', () => {
    const table = field({
      key: 'rooms',
      label: 'Rooms',
      type: 'DATA_TABLE',
      columns: [{ key: 'plan', label: 'Plan', type: 'FILE' }],
    }) as TFormFieldOf<'DATA_TABLE'>;
    const column = table.columns[0] as TFormFieldOf<'FILE'>;
    expect(uploadKeyOf([table], column)).toBe('rooms.plan');
    expect(uploadKeyOf([photos], photos as TFormFieldOf<'IMAGE'>)).toBe('photos');
  });
});

const lineItems = makeFormTemplate({
  _id: TEMPLATE_ID,
  name: 'Line items',
  is_repeatable: true,
  max_entries: 2,
  fields: [
    { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'qty', label: 'Quantity', type: 'NUMBER', min: 1 },
  ],
});
const entry = (id: string, item: string, qty: number): TRepeatableEntry => ({
  _id: id,
  entity_data_id: RECORD_ID,
  template_id: TEMPLATE_ID,
  position: 0,
  values: { item, qty },
  created_by: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
});

describe('RepeatableEntries', () => {
  it('lists entries, adds one (server errors shown against the field), edits and deletes', async () => {
    let rows = [entry('e1', 'Tiles', 3)];
    let refuse = true;
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/templates-data/repeatable-template' && call.method === 'GET') {
          return ok({ data: rows, total: rows.length, page: 1, total_pages: 1 });
        }
        if (call.path === '/api/templates-data/repeatable-template' && call.method === 'POST') {
          if (refuse) {
            refuse = false;
            return invalid({ 'values.item': 'Another line has this item' });
          }
          rows = [...rows, entry('e2', 'Paint', 2)];
          return ok(rows[1]);
        }
        if (call.path === '/api/templates-data/e1' && call.method === 'PATCH') {
          rows = [entry('e1', 'Tiles', 5), ...rows.slice(1)];
          return ok(rows[0]);
        }
        if (call.path === '/api/templates-data/repeatable-template/e1' && call.method === 'DELETE') {
          rows = rows.slice(1);
          return ok({ deleted: true });
        }
        return undefined;
      }),
    );
    renderWithProviders(<RepeatableEntries entityId={ENTITY_ID} recordId={RECORD_ID} template={lineItems} />);
    expect(await screen.findByText('Tiles')).toBeTruthy();
    expect(screen.getByText('1 of 2')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(api.callsTo('/api/templates-data/repeatable-template', 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Item/), { target: { value: 'Paint' } });
    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Another line has this item')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Paint')).toBeTruthy();
    expect(api.callsTo('/api/templates-data/repeatable-template', 'POST').at(-1)!.body).toEqual({
      entity_data_id: RECORD_ID,
      template_id: TEMPLATE_ID,
      values: { item: 'Paint', qty: '2' },
    });
    expect(screen.getByText('2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getAllByRole('button', { name: 'Edit entry' })[0]!);
    const edit = await screen.findByRole('dialog');
    fireEvent.change(within(edit).getByLabelText(/Quantity/), { target: { value: '5' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/templates-data/e1', 'PATCH')[0]!.body).toEqual({
      values: { item: 'Tiles', qty: '5' },
    });

    fireEvent.click(screen.getAllByRole('button', { name: 'Delete entry' })[0]!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Tiles')).toBeNull());
  });

  it('picks the record of an ENTITY field from the linked entity, searchable, when adding and editing', async () => {
    const PRODUCTS_ID = '3c1b2c3d-0000-4000-8000-0000000000e1';
    const withProduct = makeFormTemplate({
      ...lineItems,
      max_entries: null,
      fields: [
        ...lineItems.fields,
        { key: 'product', label: 'Product', type: 'ENTITY', entity_id: PRODUCTS_ID },
      ],
    });
    const [TILES, PAINT] = ['3c1b2c3d-0000-4000-8000-0000000000a1', '3c1b2c3d-0000-4000-8000-0000000000a2'];
    const products = [
      { _id: TILES, title: 'Floor tiles' },
      { _id: PAINT, title: 'Wall paint' },
    ];
    let rows: TRepeatableEntry[] = [
      { ...entry('e1', 'Tiles', 3), values: { item: 'Tiles', qty: 3, product: TILES } },
    ];
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === `/api/entities/${PRODUCTS_ID}/list`) {
          const search = new URL(call.url, 'http://localhost').searchParams.get('search') ?? '';
          const data = products.filter((p) => p.title.toLowerCase().includes(search.toLowerCase()));
          return ok({ data, total: data.length, page: 1, total_pages: 1 });
        }
        if (call.path === '/api/templates-data/repeatable-template' && call.method === 'GET') {
          return ok({ data: rows, total: rows.length, page: 1, total_pages: 1 });
        }
        if (call.path === '/api/templates-data/repeatable-template' && call.method === 'POST') {
          const added = {
            ...entry('e2', 'Paint', 1),
            values: (call.body as { values: TRepeatableEntry['values'] }).values,
          };
          rows = [...rows, added];
          return ok(added);
        }
        if (call.path === '/api/templates-data/e1' && call.method === 'PATCH') {
          return ok(rows[0]);
        }
        return undefined;
      }),
    );
    renderWithProviders(
      <RepeatableEntries entityId={ENTITY_ID} recordId={RECORD_ID} template={withProduct} />,
    );
    expect(await screen.findByText('Tiles')).toBeTruthy();

    // Editing: the stored link shows by its title and can be changed.
    fireEvent.click(screen.getByRole('button', { name: 'Edit entry' }));
    const edit = await screen.findByRole('dialog');
    const picker = within(edit).getByRole('combobox', { name: 'Product' }) as HTMLInputElement;
    expect(picker.disabled).toBe(false);
    await waitFor(() => expect(picker.value).toBe('Floor tiles'));
    // The chosen title in the input is not a search: past the debounce all records are offered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls.some((c) => c.url.includes('search='))).toBe(false);
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Wall paint' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/templates-data/e1', 'PATCH')[0]!.body).toEqual({
      values: { item: 'Tiles', qty: 3, product: PAINT },
    });

    // Adding: typing searches the linked entity's records.
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const add = await screen.findByRole('dialog');
    fireEvent.change(within(add).getByLabelText(/Item/), { target: { value: 'Paint' } });
    const addPicker = within(add).getByRole('combobox', { name: 'Product' });
    addPicker.focus();
    fireEvent.change(addPicker, { target: { value: 'paint' } });
    await waitFor(() =>
      expect(api.calls.some((c) => c.path.endsWith('/list') && c.url.includes('search=paint'))).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Wall paint' }));
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/templates-data/repeatable-template', 'POST')[0]!.body).toEqual({
      entity_data_id: RECORD_ID,
      template_id: TEMPLATE_ID,
      values: { item: 'Paint', product: PAINT },
    });
  });

  it('shows linked records of ENTITY fields by their titles, lists comma-separated', async () => {
    const PRODUCTS_ID = '3c1b2c3d-0000-4000-8000-0000000000e1';
    const [TILES, PAINT, GONE] = [
      '3c1b2c3d-0000-4000-8000-0000000000a1',
      '3c1b2c3d-0000-4000-8000-0000000000a2',
      '9f8e7d6c-0000-4000-8000-0000000000a3',
    ];
    const linked = makeFormTemplate({
      ...lineItems,
      max_entries: null,
      fields: [
        { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'product', label: 'Product', type: 'ENTITY', entity_id: PRODUCTS_ID },
        { key: 'also', label: 'Also', type: 'ENTITY', entity_id: PRODUCTS_ID, allow_multiple: true },
      ],
    });
    const rows: TRepeatableEntry[] = [
      { ...entry('e1', 'Tiles', 1), values: { item: 'Tiles', product: TILES, also: [PAINT, TILES] } },
      { ...entry('e2', 'Old', 1), values: { item: 'Old', product: GONE } },
    ];
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === '/api/templates-data/repeatable-template' && call.method === 'GET'
          ? ok({
              data: rows,
              total: rows.length,
              page: 1,
              total_pages: 1,
              linked_titles: { [TILES]: 'Floor tiles', [PAINT]: 'Wall paint' },
            })
          : undefined,
      ),
    );
    renderWithProviders(<RepeatableEntries entityId={ENTITY_ID} recordId={RECORD_ID} template={linked} />);
    const [first, second] = await screen.findAllByTestId('repeatable-entry');
    const cells = within(first!).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe('Floor tiles');
    // Every title of a list, in order (as text or one badge each, the way grid cells show lists).
    expect(cells[2]!.textContent).toMatch(/^Wall paint(, )?Floor tiles$/);
    expect(screen.queryByText(TILES.slice(0, 8))).toBeNull();
    // A record deleted since has no title: its id's first characters stand in.
    expect(within(second!).getAllByRole('cell')[1]!.textContent).toBe('9f8e7d6c');
  });

  it('shows an empty state and no edit actions without the right', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/permissions') {
        return ok(makePermissionOverview('MEMBER', 'BUSINESS', ['entity-data:view']));
      }
      return call.path === '/api/templates-data/repeatable-template'
        ? ok({ data: [], total: 0, page: 1, total_pages: 0 })
        : undefined;
    });
    renderWithProviders(
      <RepeatableEntries
        entityId={ENTITY_ID}
        recordId={RECORD_ID}
        template={{ ...lineItems, max_entries: null }}
      />,
    );
    expect(await screen.findByText('No line items yet.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/api/permissions')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});

const doc = (overrides: Partial<TRecordDocument>) => makeRecordDocument(RECORD_ID, overrides);

describe('RecordDocuments', () => {
  it('lists files and linked documents, uploads files as multipart and detaches', async () => {
    let rows = [
      doc({}),
      doc({
        _id: 'd2',
        kind: 'DOCUMENT',
        name: 'Sale agreement',
        employee_document_id: 'emp1',
        document_status: 'WAITING',
        download_url: null,
      }),
    ];
    const path = `/api/entities/getDocuments/${ENTITY_ID}/${RECORD_ID}`;
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === path) return ok(rows);
        if (call.path === '/api/entities/uploadDocuments') {
          rows = [doc({ _id: 'd3', name: 'site.png' }), ...rows];
          return ok([rows[0]]);
        }
        if (call.path === '/api/entities/documents/d1' && call.method === 'DELETE') {
          rows = rows.filter((r) => r._id !== 'd1');
          return ok({ deleted: true });
        }
        return undefined;
      }),
    );
    const { MemoryRouter } = await import('react-router');
    renderWithProviders(
      <MemoryRouter>
        <RecordDocuments entityId={ENTITY_ID} recordId={RECORD_ID} />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('link', { name: 'deed.pdf' })).getAttribute('href')).toBe(
      'http://localhost/deed.pdf',
    );
    expect(screen.getByRole('link', { name: 'Sale agreement' }).getAttribute('href')).toBe(
      '/emp-documents/custom/emp1',
    );
    expect(screen.getByText('WAITING')).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Choose documents to upload'), {
      target: { files: [makeFile('site.png', 'image/png')] },
    });
    expect(await screen.findByText('site.png')).toBeTruthy();
    const form = api.callsTo('/api/entities/uploadDocuments')[0]!.body as FormData;
    expect(form.get('entity_id')).toBe(ENTITY_ID);
    expect(form.get('entity_data_id')).toBe(RECORD_ID);
    expect((form.get('files') as File).name).toBe('site.png');

    fireEvent.click(screen.getByRole('button', { name: 'Detach deed.pdf' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Detach' }));
    await waitFor(() => expect(screen.queryByText('deed.pdf')).toBeNull());
  });
});
