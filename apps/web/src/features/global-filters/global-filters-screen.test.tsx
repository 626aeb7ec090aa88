import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TGlobalFilter } from '@esigns/contracts/entity-filters';
import { ALL_SCREEN_ROUTES } from '../../app/routes';
import { SCREENS } from '../../app/screen-loaders';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { TEMPLATE_ID, makeFormTemplate, renderAt } from '../form-templates/form-templates-test-utils';
import { paged, withPermissions } from '../team/team-test-utils';
import { GlobalFiltersScreen } from './global-filters-screen';
import { GLOBAL_FILTER_SCREENS } from './screens';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const PATH = '/profilesettings/global-filters';
const template = makeFormTemplate({
  name: 'Property',
  fields: [
    { key: 'city', label: 'City', type: 'SELECT', options: [{ value: 'Pune' }, { value: 'Goa' }] },
    { key: 'budget', label: 'Budget', type: 'CURRENCY' },
  ],
});

function makeFilter(overrides: Partial<TGlobalFilter> = {}): TGlobalFilter {
  return {
    _id: '9f1b2c3d-0000-4000-8000-000000000001',
    template_id: TEMPLATE_ID,
    template_name: 'Property',
    field_label: 'City',
    field_type: 'SELECT',
    rule: { field: `${TEMPLATE_ID}#city`, operator: 'EQUALS', value: 'Pune' },
    is_active: true,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function server(rows: TGlobalFilter[], next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions('MEMBER', async (call) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.path === '/api/global-filters' && call.method === 'GET') return ok(rows);
    if (call.path === '/api/template/list') return ok(paged([template]));
    if (call.path === `/api/template/${TEMPLATE_ID}`) return ok(template);
    return undefined;
  });
}

staffSessionPerTest();

describe('GlobalFiltersScreen', () => {
  it('is the screen of its route', async () => {
    expect(ALL_SCREEN_ROUTES.some((route) => route.pattern === PATH)).toBe(true);
    expect(SCREENS[PATH]).toBe(GLOBAL_FILTER_SCREENS[PATH]);
    expect(typeof (await GLOBAL_FILTER_SCREENS[PATH]!()).Component).toBe('function');
  }, 60_000);

  it('lists the filters as sentences, switches one off and deletes one after asking', async () => {
    const filter = makeFilter();
    const api = installFakeApi(
      server([filter], (call) => {
        if (call.method === 'PATCH') return ok({ ...filter, is_active: false });
        if (call.method === 'DELETE') return ok({ _id: filter._id });
        return undefined;
      }),
    );
    renderAt(<GlobalFiltersScreen />, PATH, PATH);
    const row = await screen.findByTestId('global-filter-row');
    expect(within(row).getByText('City is Pune')).toBeTruthy();
    expect(within(row).getByText('Property')).toBeTruthy();
    fireEvent.click(within(row).getByRole('switch', { name: 'City is Pune: on' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/global-filters/${filter._id}`, 'PATCH')[0]?.body).toEqual({
        is_active: false,
      }),
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Delete City is Pune' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Global filter deleted');
    expect(api.callsTo(`/api/global-filters/${filter._id}`, 'DELETE')).toHaveLength(1);
  });

  it("adds one on a template's field, showing the server's 422 against the rule", async () => {
    let attempt = 0;
    const api = installFakeApi(
      server([], (call) => {
        if (call.path !== '/api/global-filters' || call.method !== 'POST') return undefined;
        attempt += 1;
        return attempt === 1
          ? fail(422, 'Give a number', {
              errors: { details: [{ key: 'rule.value', message: 'Give a number', path: ['rule', 'value'] }] },
            })
          : ok(makeFilter({ field_label: 'Budget' }));
      }),
    );
    renderAt(<GlobalFiltersScreen />, PATH, PATH);
    expect(await screen.findByText('No global filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add global filter' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Property' }));
    fireEvent.click(await within(dialog).findByRole('combobox', { name: 'Field of the rule' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Budget' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Operator of the rule' }));
    fireEvent.click(await screen.findByRole('option', { name: 'at most' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Value of the rule' }), {
      target: { value: '5000000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    expect(await within(dialog).findByText('Give a number')).toBeTruthy();
    expect(api.callsTo('/api/global-filters', 'POST')[0]?.body).toEqual({
      template_id: TEMPLATE_ID,
      rule: { field: `${TEMPLATE_ID}#budget`, operator: 'LESS_OR_EQUAL', value: 5000000 },
      is_active: true,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    await screen.findByText('Filter on Budget added');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
