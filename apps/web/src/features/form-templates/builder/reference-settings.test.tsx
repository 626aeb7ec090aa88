import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECORD_TITLE_FIELD_TYPES, type TEntityInputField } from '@esigns/contracts/entity-input-types';
import { fail, installFakeApi, ok, type FakeCall, type FakeHandler } from '../../../shared/testing/fake-api';
import { paged, withPermissions } from '../../team/team-test-utils';
import { makeVariable } from '../../global-variables/global-variables-test-utils';
import { TEMPLATE_ID, makeFormTemplate, renderAt } from '../form-templates-test-utils';
import { FormBuilderScreen } from './form-builder-screen';
import { staffSessionPerTest } from '../../../shared/testing/test-session';

const LEADS = '5e1b2c3d-0000-4000-8000-000000000001';
const DEALS = '5e1b2c3d-0000-4000-8000-000000000002';
const GONE = '5e1b2c3d-0000-4000-8000-0000000000ff';
const LEADS_TEMPLATE = '6f1b2c3d-0000-4000-8000-000000000001';
const STANDARD_VARIABLE = '7a1b2c3d-0000-4000-8000-0000000000aa';

const entity = (_id: string, name: string) => ({
  _id,
  name,
  slug: name.toLowerCase(),
  entity_type: 'GENERAL',
  icon: null,
  primary_template_id: LEADS_TEMPLATE,
});

const leadField = (key: string, label: string, input_type: string): TEntityInputField =>
  ({
    template_id: LEADS_TEMPLATE,
    template_name: 'Lead details',
    key,
    label,
    input_type,
    is_primary_template: true,
    repeatable: false,
  }) as TEntityInputField;

const LEAD_FIELDS = [
  leadField('name', 'Full name', 'SINGLE_LINE_TEXT'),
  leadField('email', 'Email', 'EMAIL'),
  leadField('notes', 'Notes', 'MULTI_LINE_TEXT'),
  leadField('budget', 'Budget', 'CURRENCY'),
  leadField('score', 'Score', 'FORMULA'),
];

/** Entities, their fields by type (filtered as the server does), variables; then `next`. */
function referenceServer(next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions('ADMIN', async (call: FakeCall) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.path === '/api/company-entity') return ok([entity(DEALS, 'Deals'), entity(LEADS, 'Leads')]);
    if (call.path === '/api/get-entities-input-types') {
      const body = call.body as { entity_ids: string[]; input_types: string[] };
      return ok(
        body.entity_ids.map((id) => ({
          entity_id: id,
          entity_name: id === LEADS ? 'Leads' : 'Deals',
          fields: (id === LEADS ? LEAD_FIELDS : []).filter((f) => body.input_types.includes(f.input_type)),
        })),
      );
    }
    if (call.path === '/api/global-variables') return ok(paged([makeVariable()]));
    if (call.path === '/api/standard/global-variables') {
      return ok([
        makeVariable({ _id: STANDARD_VARIABLE, company_id: null, type: 'STANDARD', label: 'Company name' }),
      ]);
    }
    if (call.path.startsWith('/api/global-variables/')) return fail(404, 'Global variable not found');
    return undefined;
  });
}

const properties = () => screen.getByTestId('field-properties');
const cards = () => screen.queryAllByTestId('builder-field');
const combo = (name: string) => within(properties()).getByRole('combobox', { name });

/** The options of the open picker. */
async function optionNames(): Promise<string[]> {
  const list = await screen.findByRole('listbox');
  await waitFor(() => expect(within(list).queryAllByRole('option').length).toBeGreaterThan(0));
  return within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

async function choose(name: string, option: string) {
  await waitFor(() => expect((combo(name) as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(combo(name));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function createWith(api: ReturnType<typeof installFakeApi>) {
  fireEvent.change(screen.getByLabelText('Template name'), { target: { value: 'Follow-ups' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
  await screen.findByTestId('edit-screen');
  return (api.callsTo('/api/template/create')[0]?.body as { fields: Record<string, unknown>[] }).fields;
}

const created = (call: FakeCall) =>
  call.path === '/api/template/create' ? ok(makeFormTemplate({ name: 'Follow-ups' })) : undefined;

staffSessionPerTest();

describe('reference settings of the form builder', { timeout: 60_000 }, () => {
  it("picks an ENTITY field's entity and the field shown for a record", async () => {
    const api = installFakeApi(referenceServer(created));
    renderAt(<FormBuilderScreen />, '/template/create', '/template/create');
    fireEvent.click(within(await screen.findByTestId('field-palette')).getByLabelText('Add Entity'));

    expect((combo('Field shown for a record') as HTMLInputElement).disabled).toBe(true);
    await choose('Entity', 'Leads');
    fireEvent.click(combo('Field shown for a record'));
    // Text-like fields only: no notes, no formula.
    expect(await optionNames()).toEqual(['Full name', 'Email', 'Budget']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Email' }));
    expect(api.callsTo('/api/get-entities-input-types')[0]?.body).toEqual({
      entity_ids: [LEADS],
      input_types: [...RECORD_TITLE_FIELD_TYPES],
    });
    fireEvent.click(within(properties()).getByLabelText('Several records'));

    const fields = await createWith(api);
    expect(fields[0]).toMatchObject({
      type: 'ENTITY',
      entity_id: LEADS,
      display_field: 'email',
      allow_multiple: true,
    });
  });

  it("picks an AGGREGATE's related entity and a number field, none for COUNT", async () => {
    const api = installFakeApi(referenceServer(created));
    renderAt(<FormBuilderScreen />, '/template/create', '/template/create');
    fireEvent.click(within(await screen.findByTestId('field-palette')).getByLabelText('Add Aggregate'));

    await choose('Related entity', 'Leads');
    expect((within(properties()).getByLabelText('Function') as HTMLSelectElement).value).toBe('COUNT');
    expect((combo('Field of the related records') as HTMLInputElement).disabled).toBe(true);
    expect(within(properties()).getByText('COUNT counts the related records')).toBeTruthy();

    fireEvent.change(within(properties()).getByLabelText('Function'), { target: { value: 'SUM' } });
    await waitFor(() =>
      expect((combo('Field of the related records') as HTMLInputElement).disabled).toBe(false),
    );
    fireEvent.click(combo('Field of the related records'));
    expect(await optionNames()).toEqual(['Budget', 'Score']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Budget' }));

    const fields = await createWith(api);
    expect(fields[0]).toMatchObject({
      type: 'AGGREGATE',
      entity_id: LEADS,
      function: 'SUM',
      field_key: 'budget',
    });
  });

  it('picks a global variable of the workspace or a standard one', async () => {
    const api = installFakeApi(referenceServer(created));
    renderAt(<FormBuilderScreen />, '/template/create', '/template/create');
    fireEvent.click(within(await screen.findByTestId('field-palette')).getByLabelText('Add Global variable'));

    fireEvent.click(combo('Global variable'));
    expect(await screen.findByRole('option', { name: 'Company name' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'Booking fee' }));

    const fields = await createWith(api);
    expect(fields[0]).toMatchObject({ type: 'GLOBAL_VARIABLE', global_variable_id: makeVariable()._id });
  });

  it('says when a saved template points at an entity, field or variable that is gone', async () => {
    const template = makeFormTemplate({
      fields: [
        { key: 'lead', label: 'Lead', type: 'ENTITY', entity_id: GONE },
        {
          key: 'total',
          label: 'Total',
          type: 'AGGREGATE',
          entity_id: LEADS,
          function: 'SUM',
          field_key: 'gone',
        },
        { key: 'fee', label: 'Fee', type: 'GLOBAL_VARIABLE', global_variable_id: GONE },
        { key: 'buyer', label: 'Buyer', type: 'ENTITY', entity_id: LEADS, display_field: 'email' },
      ],
    });
    installFakeApi(
      referenceServer((call) => (call.path === `/api/template/${TEMPLATE_ID}` ? ok(template) : undefined)),
    );
    renderAt(<FormBuilderScreen />, '/template/:template_id/edit', `/template/${TEMPLATE_ID}/edit`);
    await waitFor(() => expect(cards()).toHaveLength(4));

    const open = (index: number, label: RegExp) =>
      fireEvent.click(within(cards()[index]!).getByRole('button', { name: label }));
    open(0, /^Lead/);
    expect(
      await within(properties()).findByText('This entity no longer exists: choose another'),
    ).toBeTruthy();
    open(1, /^Total/);
    expect(
      await within(properties()).findByText(
        '"gone" is no longer a suitable field of this entity: choose another',
      ),
    ).toBeTruthy();
    open(2, /^Fee/);
    expect(
      await within(properties()).findByText('This global variable no longer exists: choose another'),
    ).toBeTruthy();
    // A reference that still holds shows its names.
    open(3, /^Buyer/);
    await waitFor(() => expect((combo('Entity') as HTMLInputElement).value).toBe('Leads'));
    await waitFor(() => expect((combo('Field shown for a record') as HTMLInputElement).value).toBe('Email'));
  });
});
