import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, ok } from '../../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import { paged, withPermissions } from '../../team/team-test-utils';
import { WORKFLOW_ID, makeWorkflow, renderWorkflowsAt } from '../workflows-test-utils';
import { moveStep, stagesOf } from './workflow-draft';
import { WorkflowBuilderScreen } from './workflow-builder-screen';

staffSessionPerTest();

const PATH = `/workflow/edit/${WORKFLOW_ID}`;
const PATTERN = '/workflow/edit/:workflow_id';

describe('WorkflowBuilderScreen', { timeout: 60_000 }, () => {
  it('shows the steps by stage, warns of a new version, and puts a 422 on the step it names', async () => {
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === `/api/workflow/${WORKFLOW_ID}` && call.method === 'GET') return ok(makeWorkflow());
        if (call.path === `/api/workflow/${WORKFLOW_ID}` && call.method === 'PUT')
          return invalid({ 'steps.1.card_type': 'Say which document to upload', name: 'Required' });
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/document-templates') return ok(paged([]));
        return undefined;
      }),
    );
    renderWorkflowsAt(<WorkflowBuilderScreen />, PATTERN, PATH);
    expect(await screen.findAllByTestId('workflow-stage')).toHaveLength(2);
    expect(screen.getByText('Packets are under way')).toBeTruthy();
    expect(screen.getByText(/Saving makes version 2/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    const [, pan] = screen.getAllByTestId('workflow-step');
    expect(within(pan!).getByText('Needs fixing')).toBeTruthy();
    fireEvent.click(within(pan!).getByRole('button', { name: 'Open PAN card' }));
    expect(await within(pan!).findByText('Say which document to upload')).toBeTruthy();
    const body = api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')[0]?.body as { steps: { id: string }[] };
    expect(body.steps.map((s) => s.id)).toEqual(['step-lease', 'step-pan']);
  });

  it('adds a step in a stage of its own and saves the definition', async () => {
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === `/api/workflow/${WORKFLOW_ID}` && call.method === 'GET')
          return ok(makeWorkflow({ running_count: 0, status: 'DRAFT' }));
        if (call.path === `/api/workflow/${WORKFLOW_ID}` && call.method === 'PUT')
          return ok(makeWorkflow({ running_count: 0, status: 'DRAFT' }));
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/formBuilders') return ok(paged([]));
        return undefined;
      }),
    );
    renderWorkflowsAt(<WorkflowBuilderScreen />, PATTERN, PATH);
    await screen.findAllByTestId('workflow-stage');
    expect(screen.queryByText('Packets are under way')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    fireEvent.click(await screen.findByText('Fill a form'));
    await waitFor(() => expect(screen.getAllByTestId('workflow-stage')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Name of step 3'), { target: { value: 'Feedback' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')).toHaveLength(1));
    const body = api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')[0]?.body as {
      steps: { kind: string; name: string; stage: number }[];
    };
    expect(body.steps.at(-1)).toMatchObject({ kind: 'form', name: 'Feedback', stage: 3 });
    expect(screen.getByRole('button', { name: 'Save and activate' })).toBeTruthy();
  });

  it('a step dropped on another stage joins it; stages group steps in order', () => {
    const steps = makeWorkflow().steps;
    const moved = moveStep(steps, 1, 0);
    expect(moved.map((s) => [s.id, s.stage])).toEqual([
      ['step-pan', 1],
      ['step-lease', 1],
    ]);
    expect(stagesOf(moved)).toHaveLength(1);
    expect(stagesOf(steps).map((g) => g.stage)).toEqual([1, 2]);
  });
});
