import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TPublicRecordView } from '@esigns/contracts/entity-actions';
import { sessionStore } from '../../shared/session/session-store';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { makeFormTemplate, renderAt } from '../form-templates/form-templates-test-utils';
import { withPermissions } from '../team/team-test-utils';
import { EntityRecordsScreen } from './entity-records-screen';
import { PublicRecordScreen } from './public-record-screen';
import { RecordViewScreen } from './record-view-screen';
import { TemplateRecordsPanel } from './template-records-panel';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { entityServer, makeEntity, makeRecord } from './entities-test-utils';

/*
 * The record actions of spec 3 on the record screens: notify, print, share a link, companies and
 * their contacts, table rows across records, the public record page, a template's data.
 */

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-0000000000e1';
const RECORD_ID = '3c1b2c3d-0000-4000-8000-0000000000a1';
const template = makeFormTemplate({
  name: 'Company details',
  fields: [
    { key: 'company_name', label: 'Company name', type: 'SINGLE_LINE_TEXT', required: true },
    {
      key: 'branches',
      label: 'Branches',
      type: 'DATA_TABLE',
      columns: [
        { key: 'city', label: 'City', type: 'SINGLE_LINE_TEXT' },
        { key: 'staff', label: 'Staff', type: 'NUMBER' },
      ],
    },
  ],
});
const tid = template._id;
const entity = makeEntity(ENTITY_ID, 'Companies', template, {
  code: 'company-details',
  entity_type: 'BUSINESS',
  primary_fields: ['company_name'],
  display_field: 'company_name',
  records_count: 1,
  updated_at: '2026-03-02T10:00:00.000Z',
});
const record = makeRecord(ENTITY_ID, RECORD_ID, 'Globex', tid, {
  company_name: 'Globex',
  branches: [{ city: 'Pune', staff: 40 }],
});
const fields = [
  {
    ref: `${tid}#company_name`,
    template_id: tid,
    template_name: 'Company details',
    key: 'company_name',
    label: 'Company name',
    type: 'SINGLE_LINE_TEXT',
    is_primary: true,
    required: true,
  },
  {
    ref: `${tid}#branches`,
    template_id: tid,
    template_name: 'Company details',
    key: 'branches',
    label: 'Branches',
    type: 'DATA_TABLE',
    is_primary: true,
    required: false,
  },
];
const found = {
  created: false,
  entity: { _id: ENTITY_ID, name: 'Companies', entity_type: 'BUSINESS', primary_template_id: tid },
  record,
};

function server(next: FakeHandler = () => undefined): FakeHandler {
  return entityServer(entity, [template], (call) => {
    if (call.path === '/api/template-fields') return ok(fields);
    if (call.path === `/api/entity-data/${RECORD_ID}`) return ok(record);
    if (call.path.startsWith('/api/getAllCompanyUsers/')) return ok([]);
    if (call.path === '/api/entities-data/entity/data') {
      return ok({
        data: [record],
        total: 1,
        total_capped: false,
        page: 1,
        total_pages: 1,
        linked_titles: {},
      });
    }
    return next(call);
  });
}

const openMore = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'More' }));
};
const viewRecord = () =>
  renderAt(<RecordViewScreen />, '/entity/:entity_id/view', `/entity/${ENTITY_ID}/view?dataId=${RECORD_ID}`);

staffSessionPerTest({ restoreMocks: true });

describe('record actions', { timeout: 30_000 }, () => {
  it('notifies people about a record', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/entities-data/send-notification'
          ? ok({ notified: 2, emailed: 2, skipped: 0 })
          : undefined,
      ),
    );
    viewRecord();
    await openMore();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Notify people' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Message/ }), {
      target: { value: 'Call them today' },
    });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Also send an email' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to 2 people, 2 by mail')).toBeTruthy();
    expect(api.callsTo('/api/entities-data/send-notification')[0]?.body).toEqual({
      entity_id: ENTITY_ID,
      entity_data_ids: [RECORD_ID],
      user_ids: [],
      user_types: ['ADMIN'],
      message: 'Call them today',
      send_email: true,
    });
  });

  it('prints a record into a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:printed') }));
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/entities-data/document-printing'
          ? new Response('%PDF-1.7', {
              status: 200,
              headers: { 'content-type': 'application/pdf' },
            })
          : undefined,
      ),
    );
    viewRecord();
    await openMore();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Print' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:printed'));
    expect(api.callsTo('/api/entities-data/document-printing')[0]?.body).toMatchObject({
      entity_id: ENTITY_ID,
      entity_data_ids: [RECORD_ID],
      date_format: 'MM-DD-YYYY',
    });
  });

  it('shows a refused print in the dialog and closes the blank tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    installFakeApi(
      server((call) =>
        call.path === '/api/entities-data/document-printing' ? fail(404, 'Record not found') : undefined,
      ),
    );
    viewRecord();
    await openMore();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Print' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Record not found')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('makes a read-only link', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/entities-data/public-link'
          ? ok({
              url: 'http://localhost:3000/view/x/y/z?token=t',
              path: '/view/x/y/z?token=t',
              token: 't',
              expires_at: '2026-04-01T00:00:00.000Z',
            })
          : undefined,
      ),
    );
    viewRecord();
    await openMore();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share read-only link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByDisplayValue('http://localhost:3000/view/x/y/z?token=t')).toBeTruthy();
    expect(api.callsTo('/api/entities-data/public-link')[0]?.body).toEqual({
      entity_data_id: RECORD_ID,
      expires_in_days: 30,
    });
  });

  it('duplicates the record from its page and reads the entity again (its record count)', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/entities-data/selected-data-duplicate' ? ok({ created: 1 }) : undefined,
      ),
    );
    viewRecord();
    const duplicate = await screen.findByRole('button', { name: 'Duplicate' });
    const reads = api.callsTo(`/api/entities/${ENTITY_ID}`).length;
    fireEvent.click(duplicate);
    expect(await screen.findByText('Record copied')).toBeTruthy();
    expect(api.callsTo('/api/entities-data/selected-data-duplicate')[0]?.body).toEqual({
      entity_id: ENTITY_ID,
      ids: [RECORD_ID],
    });
    expect(api.callsTo(`/api/entities/${ENTITY_ID}`).length).toBe(reads + 1);
  });

  it("lists a company's contacts on its record page", async () => {
    installFakeApi(
      server((call) =>
        call.path === `/api/entities/getCompany/${RECORD_ID}`
          ? ok({
              entity: found.entity,
              record,
              linked_titles: {},
              contacts: [
                { _id: 'k1', name: 'Hank Scorpio', email: 'hank@globex.example', phone: '', title: 'CEO' },
              ],
              contacts_total: 1,
            })
          : undefined,
      ),
    );
    viewRecord();
    fireEvent.click(await screen.findByRole('tab', { name: 'Contacts' }));
    expect(await screen.findByRole('link', { name: 'Hank Scorpio' })).toBeTruthy();
    expect(screen.getByText('hank@globex.example')).toBeTruthy();
  });
});

describe('entity actions', { timeout: 30_000 }, () => {
  it('finds or adds a company and opens it', async () => {
    const api = installFakeApi(
      server((call) => (call.path === '/api/entities/createCompany' ? ok(found) : undefined)),
    );
    const router = renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    await openMore();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Find or add a company' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Company name' }), {
      target: { value: 'globex' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/entity/${ENTITY_ID}/view`));
    expect(router.state.location.search).toBe(`?dataId=${RECORD_ID}`);
    expect(api.callsTo('/api/entities/createCompany')[0]?.body).toEqual({
      entity_id: ENTITY_ID,
      name: 'globex',
    });
    expect(await screen.findByText('Globex was already there')).toBeTruthy();
  });

  it("shows a data table's rows across records", async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/entities-data/data-table/row-fields'
          ? ok({
              field: { ref: `${tid}#branches`, label: 'Branches', template_id: tid, key: 'branches' },
              columns: [
                { key: 'city', label: 'City', type: 'SINGLE_LINE_TEXT', required: false },
                { key: 'staff', label: 'Staff', type: 'NUMBER', required: false },
              ],
              data: [
                {
                  entity_data_id: RECORD_ID,
                  title: 'Globex',
                  row_index: 0,
                  values: { city: 'Pune', staff: 40 },
                },
              ],
              total: 1,
              total_capped: false,
              page: 1,
              total_pages: 1,
            })
          : undefined,
      ),
    );
    renderAt(<EntityRecordsScreen />, '/entity/:entity_id', `/entity/${ENTITY_ID}`);
    await openMore();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Table rows across records' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Pune')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Globex' })).toBeTruthy();
    expect(api.callsTo('/api/entities-data/data-table/row-fields')[0]?.body).toMatchObject({
      entity_id: ENTITY_ID,
      field: `${tid}#branches`,
      page: 1,
    });
  });
});

describe('public record page', { timeout: 30_000 }, () => {
  const view: TPublicRecordView = {
    _id: RECORD_ID,
    title: 'Globex',
    company_name: 'Acme Realty',
    entity: { _id: ENTITY_ID, name: 'Companies' },
    template: { _id: tid, name: 'Company details' },
    fields: [
      { key: 'company_name', label: 'Company name', type: 'SINGLE_LINE_TEXT', text: 'Globex' },
      { key: 'branches', label: 'Branches', type: 'DATA_TABLE', text: '1. City: Pune; Staff: 40' },
    ],
    updated_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-04-01T10:00:00.000Z',
  };
  const path = `/view/${RECORD_ID}/${ENTITY_ID}/${tid}?token=abc`;

  it('shows the shared values without a session', async () => {
    sessionStore.clear();
    const api = installFakeApi((call) =>
      call.path === `/api/oa_entitydata/${RECORD_ID}` ? ok(view) : undefined,
    );
    renderAt(<PublicRecordScreen />, '/view/:entityDataId/:entityId/:templateId', path);
    expect(await screen.findByRole('heading', { name: 'Globex' })).toBeTruthy();
    expect(screen.getByText('1. City: Pune; Staff: 40')).toBeTruthy();
    expect(api.calls[0]?.url).toBe(
      `/api/oa_entitydata/${RECORD_ID}?entity_id=${ENTITY_ID}&template_id=${tid}&token=abc`,
    );
  });

  it('says when the link has expired', async () => {
    installFakeApi(() => fail(410, 'This link has expired'));
    renderAt(<PublicRecordScreen />, '/view/:entityDataId/:entityId/:templateId', path);
    expect(await screen.findByText('This link has expired')).toBeTruthy();
  });
});

describe("a template's data in entities", { timeout: 30_000 }, () => {
  it('lists the records holding values of the template', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === '/api/templates-entity-data-all-entities'
          ? ok({
              template: { _id: tid, name: 'Company details', is_repeatable: false },
              entities: [{ _id: ENTITY_ID, name: 'Companies' }],
              data: [
                {
                  entity_data_id: RECORD_ID,
                  entity_id: ENTITY_ID,
                  entity_name: 'Companies',
                  title: 'Globex',
                  template_data_id: null,
                  values: { company_name: 'Globex' },
                  updated_at: '2026-03-01T10:00:00.000Z',
                },
              ],
              total: 1,
              page: 1,
              total_pages: 1,
            })
          : undefined,
      ),
    );
    renderAt(
      <TemplateRecordsPanel template={template} />,
      '/template/:template_id/view',
      `/template/${tid}/view`,
    );
    expect(await screen.findByText('Used by Companies')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Globex' }).getAttribute('href')).toBe(
      `/entity/${ENTITY_ID}/view?dataId=${RECORD_ID}`,
    );
    expect(api.callsTo('/api/templates-entity-data-all-entities')[0]?.url).toContain(`template_id=${tid}`);
  });
});
