import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { WorkflowsScreen } from './workflows-screen';
import {
  INSTANCE_ID,
  WORKFLOW_ID,
  makeCounts,
  makeInstance,
  makeWorkflow,
  renderWorkflowsAt,
} from './workflows-test-utils';

staffSessionPerTest();

describe('WorkflowsScreen', { timeout: 60_000 }, () => {
  it('lists definitions with counts per status tab, filters by tab and archives one after asking', async () => {
    let listed = [
      makeWorkflow(),
      makeWorkflow({ _id: 'w2', name: 'Sale packet', status: 'DRAFT', running_count: 0 }),
    ];
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === '/api/workflows') return ok(paged(listed));
        if (call.path === '/api/workflow/count') return ok(makeCounts());
        if (call.path === `/api/workflow/${WORKFLOW_ID}/DeleteWorkflow`) {
          listed = listed.slice(1);
          return ok(makeWorkflow({ status: 'ARCHIVED' }));
        }
        return undefined;
      }),
    );
    renderWorkflowsAt(<WorkflowsScreen />, '/workflows', '/workflows');
    expect(await screen.findAllByTestId('workflow-row')).toHaveLength(2);
    expect(await screen.findByRole('tab', { name: 'Archived (4)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All (7)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Draft (2)' }));
    await waitFor(() => expect(api.callsTo('/api/workflows').at(-1)?.url).toContain('status=DRAFT'));

    const row = screen
      .getAllByTestId('workflow-row')
      .find((r) => within(r).queryByText('Rental onboarding'))!;
    fireEvent.click(within(row).getByRole('button', { name: 'More actions for Rental onboarding' }));
    expect(await screen.findByRole('menuitem', { name: 'Start' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Activate' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Archive' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryAllByTestId('workflow-row')).toHaveLength(1));
    expect(api.callsTo(`/api/workflow/${WORKFLOW_ID}/DeleteWorkflow`, 'DELETE')).toHaveLength(1);
  });

  it('starts an active workflow: makes a draft packet and opens its send screen', async () => {
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === '/api/workflows') return ok(paged([makeWorkflow()]));
        if (call.path === '/api/workflow/count') return ok(makeCounts());
        if (call.path === `/api/create-workflow-data/${WORKFLOW_ID}`)
          return ok(makeInstance({ status: 'DRAFT' }));
        return undefined;
      }),
    );
    renderWorkflowsAt(<WorkflowsScreen />, '/workflows', '/workflows');
    const [row] = await screen.findAllByTestId('workflow-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'More actions for Rental onboarding' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Start' }));
    expect(await screen.findByTestId('send-screen')).toBeTruthy();
    expect(api.callsTo(`/api/create-workflow-data/${WORKFLOW_ID}`, 'POST')).toHaveLength(1);
  });

  it('lists sent packets with their progress, and says when there are no workflows yet', async () => {
    installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === '/api/workflows') return ok(paged([]));
        if (call.path === '/api/workflow-data/') return ok(paged([makeInstance()]));
        if (call.path === '/api/workflow/count') return ok(makeCounts());
        return undefined;
      }),
    );
    renderWorkflowsAt(<WorkflowsScreen />, '/workflows', '/workflows');
    expect(await screen.findByText('No workflows yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New workflow' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Sent packets'));
    const [row] = await screen.findAllByTestId('workflow-instance-row');
    expect(within(row!).getByText('1 of 2 steps')).toBeTruthy();
    expect(within(row!).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      `/workflow/${WORKFLOW_ID}?instance=${INSTANCE_ID}`,
    );
  });

  it('refuses user types that may not see workflows', async () => {
    const api = installFakeApi(withPermissions('MEMBER'));
    renderWorkflowsAt(<WorkflowsScreen />, '/workflows', '/workflows');
    expect(await screen.findByText(/Your user type cannot see workflows/)).toBeTruthy();
    expect(api.callsTo('/api/workflows')).toHaveLength(0);
  });
});
