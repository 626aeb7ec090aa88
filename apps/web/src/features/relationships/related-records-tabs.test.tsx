import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserType } from '@esigns/contracts/auth';
import type { TRecordRelationship, TRelatedRecord, TRelationshipSide } from '@esigns/contracts/relationships';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { withPermissions } from '../team/team-test-utils';
import { RelatedRecordsTabs } from './index';
import {
  LEAD_ID,
  PROPERTY_ID,
  REL_ID,
  VILLA_ID,
  lead,
  leadFields,
  leadTemplate,
  makeLead,
  renderInRouter,
} from './relationships-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const leadsSide: TRelationshipSide = {
  _id: REL_ID,
  relationship_type: 'ONE_TO_MANY',
  role: 'CHILD',
  entity_id: LEAD_ID,
  entity_name: 'Leads',
  label: 'Interested leads',
  allows_many: true,
};
const agentsSide: TRelationshipSide = {
  _id: '5c1b2c3d-0000-4000-8000-000000000002',
  relationship_type: 'ONE_TO_ONE',
  role: 'PARENT',
  entity_id: '3c1b2c3d-0000-4000-8000-000000000003',
  entity_name: 'Agent',
  label: 'Agent',
  allows_many: false,
};
const ravi = makeLead('7c1b2c3d-0000-4000-8000-000000000001', 'Ravi', 2500000);
const meena = makeLead('7c1b2c3d-0000-4000-8000-000000000002', 'Meena', 4000000);
const base = `/api/entities/${PROPERTY_ID}/relationships-data`;

function server(
  userType: UserType,
  linked: TRelatedRecord[],
  next: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions(userType, (call) => {
    if (call.path === `${base}/${VILLA_ID}`) {
      const tabs: TRecordRelationship[] = [
        { relationship: leadsSide, total: linked.length, data: linked.slice(0, 1) },
        { relationship: agentsSide, total: 0, data: [] },
      ];
      return ok(tabs);
    }
    if (call.path === `${base}/${VILLA_ID}/${LEAD_ID}`) {
      const search = new URL(call.url, 'http://x').searchParams.get('search') ?? '';
      const rows = linked.filter((r) => r.title.toLowerCase().includes(search.toLowerCase()));
      return ok({
        relationship: leadsSide,
        data: rows,
        total: rows.length,
        total_capped: false,
        page: 1,
        total_pages: 1,
      });
    }
    if (call.path === `/api/entities/${LEAD_ID}`) return ok(lead);
    if (call.path === '/api/template-fields') return ok(leadFields);
    if (call.path === `/api/template/${leadTemplate._id}`) return ok(leadTemplate);
    if (call.path === `/api/entities/${LEAD_ID}/list`)
      return ok({
        data: [
          { _id: meena._id, title: 'Meena' },
          { _id: ravi._id, title: 'Ravi' },
        ],
        total: 2,
        page: 1,
        total_pages: 1,
      });
    return next(call);
  });
}

const render = () => renderInRouter(<RelatedRecordsTabs entityId={PROPERTY_ID} recordId={VILLA_ID} />);

staffSessionPerTest();

describe('RelatedRecordsTabs', () => {
  it('shows a tab per relationship with its count and a table of the related records', async () => {
    const api = installFakeApi(server('MANAGER', [ravi, meena]));
    render();
    const tab = await screen.findByRole('tab', { name: /Interested leads/ });
    expect(within(tab).getByText('2')).toBeTruthy();
    expect(within(screen.getByRole('tab', { name: /Agent/ })).getByText('0')).toBeTruthy();
    const table = await screen.findByTestId('related-records-table');
    await within(table).findByText('Budget');
    expect(within(table).getByRole('link', { name: 'Ravi' }).getAttribute('href')).toBe(
      `/entity/${LEAD_ID}/view?dataId=${ravi._id}`,
    );
    expect(within(table).getByText('₹25,00,000.00')).toBeTruthy();
    expect(within(table).getByText('Stage')).toBeTruthy();
    // The title field is not repeated as a column.
    expect(within(table).queryByText('Name')).toBeNull();

    fireEvent.change(screen.getByLabelText('Search Interested leads'), { target: { value: 'mee' } });
    await waitFor(() => expect(screen.getAllByTestId('related-record-row')).toHaveLength(1));
    expect(api.callsTo(`${base}/${VILLA_ID}/${LEAD_ID}`).at(-1)?.url).toContain('search=mee');

    fireEvent.click(screen.getByRole('tab', { name: /Agent/ }));
    await screen.findByText('No agent linked yet.');
  });

  it('unlinks a record after asking', async () => {
    const api = installFakeApi(
      server('MANAGER', [ravi, meena], (call) =>
        call.path === `${base}/detach` ? ok({ relationship_id: REL_ID, detached: 1 }) : undefined,
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Ravi' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(api.callsTo(`${base}/detach`, 'POST')).toHaveLength(1));
    expect(api.callsTo(`${base}/detach`)[0]!.body).toEqual({
      entity_relationship_id: REL_ID,
      parent_entity_data_id: VILLA_ID,
      entity_data_ids: [ravi._id],
    });
    await screen.findByText('Ravi unlinked');
  });

  it('links existing records and shows a refused link in the picker', async () => {
    let refuse = true;
    const api = installFakeApi(
      server('MANAGER', [], (call) => {
        if (call.path !== `${base}/assign`) return undefined;
        if (refuse) {
          refuse = false;
          return fail(409, "Leads 'Meena' is already linked to Property 'Flat': unlink it first");
        }
        return ok({ relationship_id: REL_ID, linked: 1, already_linked: 0 });
      }),
    );
    render();
    await screen.findByText('No interested leads linked yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Link existing' }));
    fireEvent.click(await screen.findByLabelText('Meena'));
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await screen.findByText(/already linked to Property 'Flat'/);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await screen.findByText('1 Leads record linked');
    expect(api.callsTo(`${base}/assign`).at(-1)!.body).toEqual({
      entity_relationship_id: REL_ID,
      parent_entity_data_id: VILLA_ID,
      entity_data_ids: [meena._id],
    });
  });

  it('adds a new related record with the primary template form, showing server errors on fields', async () => {
    let attempts = 0;
    const api = installFakeApi(
      server('MANAGER', [], (call) => {
        if (call.path !== `${base}/assign-fields-data`) return undefined;
        attempts += 1;
        if (attempts === 1)
          return invalid({ [`values.${leadTemplate._id}.name`]: 'Another lead has this name' });
        return ok({ relationship_id: REL_ID, record: { ...ravi, title: 'Kiran' } });
      }),
    );
    render();
    await screen.findByText('No interested leads linked yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save and link' }));
    // The shared validator refuses before calling: the name is required.
    await within(dialog).findByText(/required/i);
    expect(api.callsTo(`${base}/assign-fields-data`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Kiran' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and link' }));
    await within(dialog).findByText('Another lead has this name');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and link' }));
    await screen.findByText('Kiran added and linked');
    expect(api.callsTo(`${base}/assign-fields-data`).at(-1)!.body).toEqual({
      entity_relationship_id: REL_ID,
      parent_entity_data_id: VILLA_ID,
      values: { [leadTemplate._id]: { name: 'Kiran' } },
    });
  });

  it('hides linking without relationships:assign-data and shows an empty state without relationships', async () => {
    installFakeApi(server('MEMBER', [ravi]));
    render();
    await screen.findByTestId('related-records-table');
    expect(screen.queryByRole('button', { name: 'Link existing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlink Ravi' })).toBeNull();
    cleanup();
    installFakeApi(
      withPermissions('OWNER', (call) => (call.path === `${base}/${VILLA_ID}` ? ok([]) : undefined)),
    );
    render();
    await screen.findByText('No related entities');
  });

  it('disables adding when the record may link only one and has it', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === `${base}/${VILLA_ID}`)
          return ok([{ relationship: { ...leadsSide, allows_many: false }, total: 1, data: [ravi] }]);
        if (call.path === `${base}/${VILLA_ID}/${LEAD_ID}`)
          return ok({
            relationship: leadsSide,
            data: [ravi],
            total: 1,
            total_capped: false,
            page: 1,
            total_pages: 1,
          });
        return server('OWNER', [ravi])(call);
      }),
    );
    render();
    await screen.findByTestId('related-records-table');
    expect(screen.getByRole('button', { name: 'Link existing' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add new' })).toHaveProperty('disabled', true);
  });
});
