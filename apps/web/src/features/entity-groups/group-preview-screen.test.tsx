import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { ENTITY_ID, groupsServer, makeGroup, renderAt } from './entity-groups-test-utils';
import { GroupPreviewScreen } from './group-preview-screen';

// The records grid belongs to the entities feature: a stand-in shows which entity it was given.
vi.mock('../entities/records-panel', () => ({
  EntityRecordsPanel: ({ entityId }: { entityId: string }) => (
    <div data-testid="records-panel">{entityId}</div>
  ),
}));

const group = makeGroup();
const PREVIEW = '/company-entity-groups/:group_id/preview';
const ENTITY_PREVIEW = '/company-entity-groups/:group_id/preview/:entity_id';

staffSessionPerTest();

describe('GroupPreviewScreen', { timeout: 20_000 }, () => {
  it('lists the members on the left with links to where they open', async () => {
    installFakeApi(groupsServer('MANAGER', [group]));
    renderAt(<GroupPreviewScreen />, PREVIEW, `/company-entity-groups/${group._id}/preview`);
    const nav = await screen.findByRole('navigation', { name: 'Members of Real estate' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('Properties')).toBe(`/company-entity-groups/${group._id}/preview/${ENTITY_ID}`);
    expect(href('Property')).toBe(`/template/${group.formTemplates[0]!._id}/view`);
    expect(href('Rental agreement')).toBe(
      `/company-documents/${group.docTemplates[0]!.company_document_id}/configure/template/${group.docTemplates[0]!._id}`,
    );
    expect(href('Booking fee')).toBe(`/global-variables/view/${group.globalVariables[0]!._id}`);
    expect(screen.getByText('Choose an entity on the left to see its records here.')).toBeTruthy();
    expect(screen.queryByTestId('records-panel')).toBeNull();
  });

  it('shows the chosen entity\u2019s records on the right', async () => {
    installFakeApi(groupsServer('MANAGER', [group]));
    renderAt(
      <GroupPreviewScreen />,
      ENTITY_PREVIEW,
      `/company-entity-groups/${group._id}/preview/${ENTITY_ID}`,
    );
    expect((await screen.findByTestId('records-panel')).textContent).toBe(ENTITY_ID);
    const nav = screen.getByRole('navigation', { name: 'Members of Real estate' });
    expect(within(nav).getByRole('link', { name: 'Properties' }).getAttribute('data-active')).toBe('true');
  });

  it('says when the entity is not in the group, and when the group is unknown', async () => {
    installFakeApi(groupsServer('MANAGER', [group]));
    renderAt(
      <GroupPreviewScreen />,
      ENTITY_PREVIEW,
      `/company-entity-groups/${group._id}/preview/8e1b2c3d-0000-4000-8000-000000000099`,
    );
    expect(await screen.findByText('Not in this group')).toBeTruthy();
    cleanup();

    installFakeApi(
      groupsServer('MANAGER', [], (call) =>
        call.path.startsWith('/api/entity-groups/') ? fail(404, 'Entity group not found') : undefined,
      ),
    );
    renderAt(<GroupPreviewScreen />, PREVIEW, `/company-entity-groups/${group._id}/preview`);
    expect(await screen.findByText('Entity group not found')).toBeTruthy();
  });
});
