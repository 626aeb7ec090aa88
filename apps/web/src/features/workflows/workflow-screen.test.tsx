import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { WorkflowScreen } from './workflow-screen';
import {
  INSTANCE_ID,
  WORKFLOW_ID,
  makeCounts,
  makeInstance,
  makeWorkflow,
  renderWorkflowsAt,
} from './workflows-test-utils';

staffSessionPerTest();

describe('WorkflowScreen', { timeout: 60_000 }, () => {
  it('shows the definition with its packets, opens one in a drawer and voids it with a reason', async () => {
    let instance = makeInstance();
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === `/api/workflow/${WORKFLOW_ID}`) return ok(makeWorkflow());
        if (call.path === '/api/workflow-data/') return ok(paged([instance]));
        if (call.path === '/api/workflow/count') return ok(makeCounts());
        if (call.path === `/api/workflow-data/${INSTANCE_ID}` && call.method === 'GET') return ok(instance);
        if (call.path === `/api/workflow-data/${INSTANCE_ID}` && call.method === 'PUT') {
          instance = makeInstance({ status: 'VOIDED' });
          return ok(instance);
        }
        return undefined;
      }),
    );
    renderWorkflowsAt(
      <WorkflowScreen />,
      '/workflow/:workflow_id',
      `/workflow/${WORKFLOW_ID}?instance=${INSTANCE_ID}`,
    );
    expect(await screen.findByTestId('workflow-summary')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    const [row] = await screen.findAllByTestId('workflow-instance-row');
    expect(within(row!).getByText('Asha Rao')).toBeTruthy();
    expect(api.callsTo('/api/workflow-data/').at(-1)?.url).toContain(`workflow_id=${WORKFLOW_ID}`);

    const drawer = await screen.findByTestId('workflow-instance');
    const steps = within(drawer).getAllByTestId('instance-step');
    expect(within(steps[1]!).getByText('Due')).toBeTruthy();
    expect(within(drawer).getByText('Step done')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Void packet' }));
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Tenant withdrew' } });
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(api.callsTo(`/api/workflow-data/${INSTANCE_ID}`, 'PUT')).toHaveLength(1));
    expect(api.callsTo(`/api/workflow-data/${INSTANCE_ID}`, 'PUT')[0]?.body).toEqual({
      status: 'VOIDED',
      reason: 'Tenant withdrew',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Void packet' })).toBeNull());
  });
  it('deletes a draft packet from its drawer after asking (no Void for a draft)', async () => {
    let instances = [makeInstance({ status: 'DRAFT' })];
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === `/api/workflow/${WORKFLOW_ID}`) return ok(makeWorkflow());
        if (call.path === '/api/workflow-data/') return ok(paged(instances));
        if (call.path === '/api/workflow/count') return ok(makeCounts());
        if (call.path === `/api/workflow-data/${INSTANCE_ID}`) return ok(instances[0]);
        if (call.path === `/api/workflow/${INSTANCE_ID}/PermanentDeleteDraftDocument`) {
          instances = [];
          return ok({ _id: INSTANCE_ID });
        }
        return undefined;
      }),
    );
    renderWorkflowsAt(
      <WorkflowScreen />,
      '/workflow/:workflow_id',
      `/workflow/${WORKFLOW_ID}?instance=${INSTANCE_ID}`,
    );
    const drawer = await screen.findByTestId('workflow-instance');
    expect(within(drawer).queryByRole('button', { name: 'Void packet' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Delete draft' }));
    expect(api.callsTo(`/api/workflow/${INSTANCE_ID}/PermanentDeleteDraftDocument`, 'POST')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/workflow/${INSTANCE_ID}/PermanentDeleteDraftDocument`, 'POST')).toHaveLength(
        1,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('workflow-instance')).toBeNull());
  });
});
