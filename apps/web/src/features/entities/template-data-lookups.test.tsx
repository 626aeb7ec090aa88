import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TTemplatesFieldsResult } from '@esigns/contracts/template-data-lookups';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { makeFormTemplate, renderAt } from '../form-templates/form-templates-test-utils';
import { RecordFormScreen } from './record-form-screen';
import { RecordViewScreen } from './record-view-screen';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { entityServer, makeEntity, makeRecord } from './entities-test-utils';

/*
 * The record screens' uses of the template data calls: the record form warns when an email or
 * phone is already used by another record (`POST /entities-data/check`), and the record page's
 * More menu shows the record's details as text to copy (`POST /TemplatesFieldsDataFromEntities`).
 */

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-0000000000e1';
const RECORD_ID = '3c1b2c3d-0000-4000-8000-0000000000a1';
const OTHER_ID = '3c1b2c3d-0000-4000-8000-0000000000a2';
const template = makeFormTemplate({
  name: 'Lead',
  fields: [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'email', label: 'Email', type: 'EMAIL' },
    { key: 'phone', label: 'Phone', type: 'PHONE' },
    { key: 'city', label: 'City', type: 'SINGLE_LINE_TEXT' },
  ],
});
const tid = template._id;
const entity = makeEntity(ENTITY_ID, 'Leads', template, {
  code: 'lead',
  records_count: 2,
  updated_at: '2026-03-02T10:00:00.000Z',
});
const record = makeRecord(ENTITY_ID, RECORD_ID, 'Asha Rao', tid, {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+919876543210',
});

function server(next: FakeHandler = () => undefined): FakeHandler {
  return entityServer(entity, [template], (call) => {
    if (call.path === `/api/entity-data/${RECORD_ID}`) return ok(record);
    if (call.path === '/api/template-fields') return ok([]);
    return next(call);
  });
}

staffSessionPerTest({ restoreMocks: true });

/** The record page, then More > Details as text: the dialog. */
async function openDetailsAsText() {
  renderAt(<RecordViewScreen />, '/entity/:entity_id/view', `/entity/${ENTITY_ID}/view?dataId=${RECORD_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'More' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Details as text' }));
  return screen.findByRole('dialog');
}

describe('value already used (record form)', { timeout: 30_000 }, () => {
  it('checks an email on blur and warns with a link to the record holding it, without blocking the save', async () => {
    const api = installFakeApi(
      server((call) => {
        if (call.path === '/api/entities-data/check') {
          const body = call.body as { value: string };
          return ok(
            body.value === 'asha@example.com'
              ? { exists: true, records: [{ _id: RECORD_ID, title: 'Asha Rao' }] }
              : { exists: false, records: [] },
          );
        }
        if (call.path === '/api/entities-data') return ok({ ...record, _id: OTHER_ID });
        return undefined;
      }),
    );
    renderAt(<RecordFormScreen />, '/entity/:entity_id/add', `/entity/${ENTITY_ID}/add`);
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Asha R' } });
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'asha@example.com' } });
    fireEvent.focusOut(email);
    const warning = await screen.findByRole('status');
    expect(warning.textContent).toBe('Already used by Asha Rao');
    expect(within(warning).getByRole('link', { name: 'Asha Rao' }).getAttribute('href')).toBe(
      `/entity/${ENTITY_ID}/view?dataId=${RECORD_ID}`,
    );
    expect(api.callsTo('/api/entities-data/check')[0]!.body).toEqual({
      entity_id: ENTITY_ID,
      field: `${tid}#email`,
      value: 'asha@example.com',
    });
    // Blurring again with the same value does not ask again; a name field is never checked.
    fireEvent.focusOut(email);
    fireEvent.focusOut(screen.getByRole('textbox', { name: 'City' }));
    expect(api.callsTo('/api/entities-data/check')).toHaveLength(1);

    // Typing hides the warning; a free value shows none.
    fireEvent.change(email, { target: { value: 'asha.r@example.com' } });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.focusOut(email);
    await waitFor(() => expect(api.callsTo('/api/entities-data/check')).toHaveLength(2));
    expect(screen.queryByRole('status')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add Leads' }));
    await waitFor(() => expect(api.callsTo('/api/entities-data')).toHaveLength(1));
  });

  it('leaves the record being edited out, and shows nothing when the check fails', async () => {
    const api = installFakeApi(
      server((call) => {
        if (call.path === '/api/entities-data/check') {
          return (call.body as { field: string }).field.endsWith('#phone')
            ? fail(422, 'Enter a valid phone number')
            : ok({ exists: false, records: [] });
        }
        return undefined;
      }),
    );
    renderAt(
      <RecordFormScreen />,
      '/entity/:entity_id/edit',
      `/entity/${ENTITY_ID}/edit?dataId=${RECORD_ID}`,
    );
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('+919876543210'));
    fireEvent.change(phone, { target: { value: '12' } });
    fireEvent.focusOut(phone);
    await waitFor(() => expect(api.callsTo('/api/entities-data/check')).toHaveLength(1));
    expect(api.callsTo('/api/entities-data/check')[0]!.body).toEqual({
      entity_id: ENTITY_ID,
      field: `${tid}#phone`,
      value: '12',
      exclude_id: RECORD_ID,
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('details as text (record page)', { timeout: 30_000 }, () => {
  const details: TTemplatesFieldsResult = [
    {
      template_id: tid,
      template_name: 'Lead',
      fields: [
        { key: 'name', label: 'Name', input_type: 'SINGLE_LINE_TEXT', value: 'Asha Rao', text: 'Asha Rao' },
        {
          key: 'email',
          label: 'Email',
          input_type: 'EMAIL',
          value: 'asha@example.com',
          text: 'asha@example.com',
        },
        { key: 'city', label: 'City', input_type: 'SINGLE_LINE_TEXT', value: null, text: '' },
        { key: 'agent', label: 'Agent', input_type: 'ENTITY', value: OTHER_ID, text: 'Ravi Kumar' },
      ],
    },
  ];

  it('lists each field with its printable value and copies them as "Label: value" lines', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = installFakeApi(
      server((call) => (call.path === '/api/TemplatesFieldsDataFromEntities' ? ok(details) : undefined)),
    );
    const dialog = await openDetailsAsText();
    expect(await within(dialog).findByText('Ravi Kumar')).toBeTruthy();
    expect(within(dialog).getByText('Agent')).toBeTruthy();
    expect(api.callsTo('/api/TemplatesFieldsDataFromEntities')[0]!.body).toEqual({
      entity_id: ENTITY_ID,
      entity_data_id: RECORD_ID,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        'Asha Rao\n\nLead\nName: Asha Rao\nEmail: asha@example.com\nAgent: Ravi Kumar',
      ),
    );
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('shows why the details could not be read', async () => {
    installFakeApi(
      server((call) =>
        call.path === '/api/TemplatesFieldsDataFromEntities' ? fail(404, 'Record not found') : undefined,
      ),
    );
    const dialog = await openDetailsAsText();
    expect(await within(dialog).findByText('Record not found')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
