import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserType } from '@esigns/contracts/auth';
import type { TEntityRelationship } from '@esigns/contracts/relationships';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { withPermissions } from '../team/team-test-utils';
import { RelationshipsPanel } from './index';
import { LEAD_ID, PROPERTY_ID, REL_ID, lead, property, renderInRouter } from './relationships-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const toLeads: TEntityRelationship = {
  _id: REL_ID,
  company_id: property.company_id,
  parent_entity_id: PROPERTY_ID,
  child_entity_id: LEAD_ID,
  relationship_type: 'ONE_TO_MANY',
  parent_label: 'Interested leads',
  child_label: 'Property',
  created_by: null,
  created_at: '2026-03-01T10:00:00.000Z',
  role: 'CHILD',
  entity_id: LEAD_ID,
  entity_name: 'Leads',
  label: 'Interested leads',
  allows_many: true,
  links_count: 3,
};

function server(
  userType: UserType,
  rows: TEntityRelationship[],
  next: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions(userType, (call) => {
    if (call.path === `/api/entities/${PROPERTY_ID}/relationships` && call.method === 'GET') return ok(rows);
    if (call.path === `/api/entities/${PROPERTY_ID}`) return ok(property);
    if (call.path === '/api/entities')
      return ok({ data: [property, lead], total: 2, page: 1, total_pages: 1 });
    return next(call);
  });
}

const render = () => renderInRouter(<RelationshipsPanel entityId={PROPERTY_ID} />);

staffSessionPerTest();

async function chooseLeads() {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('combobox', { name: /Related entity/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Leads' }));
  return dialog;
}

describe('RelationshipsPanel', () => {
  it('lists relationships with the other entity, its role, type, tab label and links', async () => {
    installFakeApi(server('ADMIN', [toLeads]));
    render();
    const row = await screen.findByTestId('relationship-row');
    expect(within(row).getByRole('link', { name: 'Leads' }).getAttribute('href')).toBe(
      `/entity/edit/${LEAD_ID}`,
    );
    for (const text of ['Child', 'One to many', 'Interested leads', '3'])
      expect(within(row).getByText(text)).toBeTruthy();
  });

  it('creates a relationship, this entity as parent or child, with errors against the fields', async () => {
    let attempts = 0;
    const api = installFakeApi(
      server('ADMIN', [], (call) => {
        if (!call.path.endsWith('/relationships') || call.method !== 'POST') return undefined;
        attempts += 1;
        if (attempts === 1) return invalid({ parent_label: 'At most 60 characters' });
        if (attempts === 2) return fail(409, 'Property and Leads are already related');
        return ok({ ...toLeads });
      }),
    );
    render();
    await screen.findByText(/No relationships yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add relationship' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add relationship' }));
    await within(dialog).findByText('Choose the related entity');

    dialog = await chooseLeads();
    fireEvent.change(within(dialog).getByLabelText('Tab label on Property records'), {
      target: { value: 'Interested leads' },
    });
    expect(within(dialog).getByText(/Each Property record links many Leads records/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add relationship' }));
    await within(dialog).findByText('At most 60 characters');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add relationship' }));
    await within(dialog).findByText('Property and Leads are already related');

    // As the child: the call goes to the other entity, which becomes the parent.
    fireEvent.click(within(dialog).getByText('Child'));
    const listReads = () =>
      api.calls.filter((c) => c.method === 'GET' && c.path === `/api/entities/${PROPERTY_ID}/relationships`)
        .length;
    const readsBefore = listReads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add relationship' }));
    // Step by step, each with its own wait: the third POST is answered, the panel reads its list
    // again (onCreated), then it says so (Notifications is rendered by the test's providers) and
    // closes the dialog.
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
    await screen.findByText('Leads and Property are now related');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const last = api.calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(last.path).toBe(`/api/entities/${LEAD_ID}/relationships`);
    expect(last.body).toEqual({
      child_entity_id: PROPERTY_ID,
      relationship_type: 'ONE_TO_MANY',
      parent_label: 'Interested leads',
    });
  });

  it('deletes a relationship after warning about its links', async () => {
    const api = installFakeApi(
      server('OWNER', [toLeads], (call) =>
        call.method === 'DELETE' ? ok({ _id: REL_ID, links_removed: 3 }) : undefined,
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete relationship with Leads' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Its 3 record links will be removed/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete relationship' }));
    await screen.findByText('Relationship deleted (3 links removed)');
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe(
      `/api/entities/${PROPERTY_ID}/relationships/${REL_ID}`,
    );
  });

  it('only reads for those without relationships:manage', async () => {
    installFakeApi(server('MANAGER', [toLeads]));
    render();
    await screen.findByTestId('relationship-row');
    expect(screen.queryByRole('button', { name: 'Add relationship' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete relationship with Leads' })).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let isDown = true;
    installFakeApi((call) =>
      isDown && call.path === `/api/entities/${PROPERTY_ID}/relationships`
        ? fail(500, 'Database is down')
        : server('ADMIN', [toLeads])(call),
    );
    render();
    await screen.findByText('Relationships could not be loaded');
    expect(screen.getByText(/Database is down/)).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('relationship-row');
  });
});
