import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { EntityGroupsScreen } from './entity-groups-screen';
import { ENTITY_ID, groupsServer, makeGroup, renderAt } from './entity-groups-test-utils';

const estate = makeGroup();
const sales = makeGroup({
  _id: '9a1b2c3d-0000-4000-8000-000000000002',
  name: 'Sales',
  description: '',
  position: 1,
  entity_ids: [],
  form_template_ids: [],
  doc_template_ids: [],
  global_variable_ids: [],
  entities: [],
  formTemplates: [],
  docTemplates: [],
  globalVariables: [],
});

const cardOf = (name: string) => rowWithText('entity-group-card', name);

staffSessionPerTest();

describe('EntityGroupsScreen', { timeout: 20_000 }, () => {
  it('shows the groups in order with their member counts and preview links', async () => {
    installFakeApi(groupsServer('ADMIN', [estate, sales]));
    renderAt(<EntityGroupsScreen />, '/company-entity-groups', '/company-entity-groups');
    await screen.findByText('Real estate');
    const names = screen
      .getAllByTestId('entity-group-card')
      .map((card) => within(card).getAllByRole('link')[0]?.textContent);
    expect(names).toEqual(['Real estate', 'Sales']);
    const card = cardOf('Real estate');
    for (const label of ['1 entity', '1 form template', '1 document template', '1 variable']) {
      expect(within(card).getByText(label)).toBeTruthy();
    }
    expect(within(cardOf('Sales')).getByText('No members yet')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Preview' }).getAttribute('href')).toBe(
      `/company-entity-groups/${estate._id}/preview`,
    );
  });

  it('moves a group with the arrows and saves its new place', async () => {
    const api = installFakeApi(
      groupsServer('ADMIN', [estate, sales], (call) =>
        call.method === 'PATCH' ? ok({ ...sales, position: 0 }) : undefined,
      ),
    );
    renderAt(<EntityGroupsScreen />, '/company-entity-groups', '/company-entity-groups');
    await screen.findByText('Sales');
    expect(
      (
        within(cardOf('Real estate')).getByRole('button', {
          name: 'Move Real estate up',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    fireEvent.click(within(cardOf('Sales')).getByRole('button', { name: 'Move Sales up' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/entity-groups/${sales._id}`, 'PATCH')[0]?.body).toEqual({ position: 0 }),
    );
  });

  it('creates a group with members, and shows the server\u2019s keyed errors on the pickers', async () => {
    let attempt = 0;
    const api = installFakeApi(
      groupsServer('ADMIN', [], (call) => {
        if (call.method !== 'POST') return undefined;
        attempt += 1;
        return attempt === 1
          ? invalid({ 'entity_ids.0': 'Unknown entity' })
          : ok(makeGroup({ name: 'Lettings' }));
      }),
    );
    renderAt(<EntityGroupsScreen />, '/company-entity-groups', '/company-entity-groups');
    expect(await screen.findByText('No entity groups yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Give the group a name')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Lettings' },
    });
    fireEvent.click(within(dialog).getByPlaceholderText('Pick entities'));
    fireEvent.click(await screen.findByRole('option', { name: 'Properties' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Unknown entity (item 1)')).toBeTruthy();
    expect(api.callsTo('/api/entity-groups', 'POST')[0]?.body).toMatchObject({
      name: 'Lettings',
      entity_ids: [ENTITY_ID],
      form_template_ids: [],
      icon: null,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await screen.findByText('Lettings created');
  });

  it('edits and deletes a group', async () => {
    const api = installFakeApi(
      groupsServer('ADMIN', [estate], (call) => {
        if (call.method === 'PATCH') return ok({ ...estate, name: 'Property sales' });
        if (call.method === 'DELETE') return ok({ _id: estate._id });
        return undefined;
      }),
    );
    renderAt(<EntityGroupsScreen />, '/company-entity-groups', '/company-entity-groups');
    await screen.findByText('Real estate');
    fireEvent.click(
      within(cardOf('Real estate')).getByRole('button', { name: 'More actions for Real estate' }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).value).toBe('Real estate');
    fireEvent.change(name, { target: { value: 'Property sales' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Property sales saved');
    expect(api.callsTo(`/api/entity-groups/${estate._id}`, 'PATCH')[0]?.body).toMatchObject({
      name: 'Property sales',
      entity_ids: estate.entity_ids,
      global_variable_ids: estate.global_variable_ids,
    });

    fireEvent.click(
      within(cardOf('Real estate')).getByRole('button', { name: 'More actions for Real estate' }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Real estate deleted');
  });

  it('lets a MANAGER look only', async () => {
    installFakeApi(groupsServer('MANAGER', [estate]));
    renderAt(<EntityGroupsScreen />, '/company-entity-groups', '/company-entity-groups');
    await screen.findByText('Real estate');
    expect(screen.queryByRole('button', { name: 'New group' })).toBeNull();
    expect(
      within(cardOf('Real estate')).queryByRole('button', { name: /Move|Drag|More actions/ }),
    ).toBeNull();
  });
});
