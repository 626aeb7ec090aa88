import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { EntityViewEditorScreen } from './entity-view-editor-screen';
import { EntityViewScreen } from './entity-view-screen';
import { EntityViewsScreen } from './entity-views-screen';
import { ENTITY_ID, VIEW_ID, makeView, ref, renderAt, viewsServer } from './entity-views-test-utils';

const view = makeView();

const pick = async (combobox: string, option: string) => {
  fireEvent.click(await screen.findByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

staffSessionPerTest();

describe('EntityViewsScreen', () => {
  it('lists views with their entities, searches on the server and deletes after asking', async () => {
    const api = installFakeApi(
      viewsServer('ADMIN', [view], (call) => (call.method === 'DELETE' ? ok({ _id: view._id }) : undefined)),
    );
    renderAt(<EntityViewsScreen />, '/entity-views', '/entity-views');
    const row = await screen.findByTestId('entity-view-row');
    expect(within(row).getByText('Available homes')).toBeTruthy();
    expect(within(row).getByText('Property')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New view' }).getAttribute('href')).toBe('/entity-views/add');
    fireEvent.change(screen.getByLabelText('Search views'), { target: { value: 'homes' } });
    await waitFor(() =>
      expect(api.callsTo('/api/entity-view-configuration').at(-1)?.url).toContain('search=homes'),
    );
    fireEvent.click(within(row).getByRole('button', { name: 'More actions for Available homes' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Available homes deleted');
    expect(api.callsTo(`/api/entity-view-configuration/${view._id}`, 'DELETE')).toHaveLength(1);
  });

  it('offers a MANAGER only opening views', async () => {
    installFakeApi(viewsServer('MANAGER', [view]));
    renderAt(<EntityViewsScreen />, '/entity-views', '/entity-views');
    const row = await screen.findByTestId('entity-view-row');
    expect(within(row).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      `/entity-views/view/${VIEW_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'New view' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /More actions/ })).toBeNull();
  });
});

describe('EntityViewEditorScreen', () => {
  it('builds a view: entity, columns, a filter rule and a sort, and shows the 422 details on the parts', async () => {
    let attempt = 0;
    const api = installFakeApi(
      viewsServer('ADMIN', [], (call) => {
        if (call.path !== '/api/entity-view-configuration' || call.method !== 'POST') return undefined;
        attempt += 1;
        return attempt === 1
          ? fail(422, 'Not a field of this entity', {
              errors: {
                details: [
                  { key: 'name', message: 'Another view is already called Homes', path: ['name'] },
                  {
                    key: 'config.entities.0.filters.rules.0.value',
                    message: 'Give a number',
                    path: ['config', 'entities', 0, 'filters', 'rules', 0, 'value'],
                  },
                ],
              },
            })
          : ok({ ...view, _id: VIEW_ID });
      }),
    );
    const router = renderAt(<EntityViewEditorScreen />, '/entity-views/add', '/entity-views/add');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Homes' } });
    await pick('Entity 1', 'Property');
    await pick('Add a column', 'Price');
    await pick('Add a column', 'Status');
    expect(screen.getAllByTestId('view-column')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Move Status up' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Width of Price' }), { target: { value: '180' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await pick('Field of rule 1', 'Price');
    await pick('Operator of rule 1', 'at least');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value of rule 1' }), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add sort' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create view' }));

    expect(await screen.findByText('Another view is already called Homes')).toBeTruthy();
    expect(screen.getByText('Give a number')).toBeTruthy();
    expect(api.callsTo('/api/entity-view-configuration', 'POST')[0]?.body).toEqual({
      name: 'Homes',
      description: '',
      config: {
        entities: [
          {
            entity_id: ENTITY_ID,
            columns: [
              { field: ref('status'), width: null },
              { field: ref('price'), width: 180 },
            ],
            filters: {
              match: 'ALL',
              rules: [{ field: ref('price'), operator: 'GREATER_OR_EQUAL', value: 5000 }],
            },
            sort: [{ field: 'title', direction: 'asc' }],
            layout: 'TABLE',
            board_field: null,
          },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create view' }));
    await screen.findByTestId('view-screen');
    expect(router.state.location.pathname).toBe(`/entity-views/view/${VIEW_ID}`);
  });

  it('edits a saved view with a PATCH, and refuses a user type without the right', async () => {
    const api = installFakeApi(
      viewsServer('ADMIN', [view], (call) => (call.method === 'PATCH' ? ok(view) : undefined)),
    );
    renderAt(
      <EntityViewEditorScreen />,
      '/entity-views/edit/:entity_view_id',
      `/entity-views/edit/${VIEW_ID}`,
    );
    expect(await screen.findByRole('heading', { name: 'Edit Available homes' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('view-column')).toHaveLength(3));
    expect(screen.getAllByTestId('filter-rule')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Status' }));
    fireEvent.click(screen.getByText('Board'));
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    await screen.findByTestId('view-screen');
    const body = api.callsTo(`/api/entity-view-configuration/${VIEW_ID}`, 'PATCH')[0]?.body as {
      config: { entities: { columns: unknown[]; layout: string; board_field: string }[] };
    };
    expect(body.config.entities[0]).toMatchObject({ layout: 'BOARD', board_field: ref('status') });
    expect(body.config.entities[0]!.columns).toHaveLength(2);
    cleanup();

    installFakeApi(viewsServer('MANAGER', [view]));
    renderAt(<EntityViewEditorScreen />, '/entity-views/add', '/entity-views/add');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});

describe('EntityViewScreen', () => {
  it("shows a table view in the record grid with the view's filters and sort", async () => {
    const api = installFakeApi(viewsServer('MANAGER', [view]));
    renderAt(<EntityViewScreen />, '/entity-views/view/:entity_view_id', `/entity-views/view/${VIEW_ID}`);
    expect(await screen.findByText('Garden house')).toBeTruthy();
    expect(screen.getByText('City loft')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Available homes' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit view' })).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('/api/entities-data/entity/data').at(-1)?.body).toMatchObject({
        entity_id: ENTITY_ID,
        base_filters: view.config.entities[0]!.filters,
        sort: view.config.entities[0]!.sort,
      }),
    );
  });

  it('shows a tab per entity of a view with several', async () => {
    const second = '5e1b2c3d-0000-4000-8000-000000000002';
    const two = makeView({
      config: { entities: [view.config.entities[0]!, { ...view.config.entities[0]!, entity_id: second }] },
      entities: [
        { _id: ENTITY_ID, name: 'Property' },
        { _id: second, name: 'Leads' },
      ],
    });
    installFakeApi(viewsServer('ADMIN', [two]));
    renderAt(<EntityViewScreen />, '/entity-views/view/:entity_view_id', `/entity-views/view/${VIEW_ID}`);
    expect(await screen.findByRole('tab', { name: 'Property' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Leads' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit view' }).getAttribute('href')).toBe(
      `/entity-views/edit/${VIEW_ID}`,
    );
  });

  it('shows a board with a lane per option, and says when a removed field broke the view', async () => {
    const board = makeView({
      config: {
        entities: [{ ...view.config.entities[0]!, layout: 'BOARD', board_field: ref('status') }],
      },
    });
    const api = installFakeApi(viewsServer('ADMIN', [board]));
    renderAt(<EntityViewScreen />, '/entity-views/view/:entity_view_id', `/entity-views/view/${VIEW_ID}`);
    const lanes = await screen.findAllByTestId('board-lane');
    expect(lanes.map((lane) => lane.querySelector('p')?.textContent)).toEqual([
      'Available',
      'Sold',
      'No value',
    ]);
    expect(within(lanes[0]!).getByText('Garden house')).toBeTruthy();
    expect(within(lanes[1]!).getByText('City loft')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search records'), { target: { value: 'loft' } });
    await waitFor(() =>
      expect(api.callsTo('/api/entities-data/entity/view/data').at(-1)?.body).toEqual({
        entity_view_id: VIEW_ID,
        entity_id: ENTITY_ID,
        page: 1,
        limit: 200,
        search: 'loft',
      }),
    );
    cleanup();

    installFakeApi(
      viewsServer('ADMIN', [board], (call) =>
        call.path === '/api/entities-data/entity/view/data'
          ? fail(422, 'Not a field of this entity')
          : undefined,
      ),
    );
    renderAt(<EntityViewScreen />, '/entity-views/view/:entity_view_id', `/entity-views/view/${VIEW_ID}`);
    expect(await screen.findByText('This view needs fixing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit the view' }).getAttribute('href')).toBe(
      `/entity-views/edit/${VIEW_ID}`,
    );
  });
});
