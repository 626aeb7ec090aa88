import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, ok } from '../../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import { paged, withPermissions } from '../../team/team-test-utils';
import { makeConfigurableDocument, makeField } from '../../editor/editor-fixtures';
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

  it("sets the most reminders per step, checks it at once, and shows the server's 422 on it", async () => {
    let answer: 'ok' | 'invalid' = 'invalid';
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === `/api/workflow/${WORKFLOW_ID}` && call.method === 'GET')
          return ok(makeWorkflow({ running_count: 0, status: 'DRAFT' }));
        if (call.path === `/api/workflow/${WORKFLOW_ID}` && call.method === 'PUT')
          return answer === 'invalid'
            ? invalid({ 'timing.max_reminders': 'Too big' })
            : ok(makeWorkflow({ running_count: 0, status: 'DRAFT' }));
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/document-templates') return ok(paged([]));
        return undefined;
      }),
    );
    renderWorkflowsAt(<WorkflowBuilderScreen />, PATTERN, PATH);
    const most = (await screen.findByLabelText('Reminders at most')) as HTMLInputElement;
    expect(most.placeholder).toBe('3');
    fireEvent.change(most, { target: { value: '25' } });
    expect(await screen.findByText('From 1 to 20')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too big')).toBeTruthy();
    fireEvent.change(most, { target: { value: '5' } });
    answer = 'ok';
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')).toHaveLength(2));
    const body = api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')[1]?.body as { timing: object };
    expect(body.timing).toEqual({ expire_after_days: 30, reminder_every_days: 3, max_reminders: 5 });
    // Emptied: the default again (absent); no reminders at all: nothing to cap.
    fireEvent.change(most, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Remind every (days)'), { target: { value: '' } });
    await waitFor(() => expect(most.disabled).toBe(true));
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

  it("picks a condition's field from the earlier step's template (by label, stored by key), or takes a typed key", async () => {
    const template = makeConfigurableDocument({
      fields: [
        makeField({ key: 'sig', type: 'SIGNATURE', label: 'Signature' }),
        makeField({ key: 'rent', type: 'NUMBER', label: 'Monthly rent' }),
        makeField({ key: 'pets', type: 'CHECKBOX', label: 'Has pets' }),
      ],
    });
    const draft = makeWorkflow({ running_count: 0, status: 'DRAFT' });
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === `/api/workflow/${WORKFLOW_ID}` && call.method === 'PUT')
          return ok({ ...draft, ...(call.body as object) });
        if (call.path === `/api/workflow/${WORKFLOW_ID}`) return ok(draft);
        if (call.path === `/api/configurable-documents/${draft.steps[0]!.template_id}`) return ok(template);
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/document-templates') return ok(paged([]));
        return undefined;
      }),
    );
    renderWorkflowsAt(<WorkflowBuilderScreen />, PATTERN, PATH);
    const [, pan] = await screen.findAllByTestId('workflow-step');
    fireEvent.click(within(pan!).getByRole('button', { name: 'Open PAN card' }));
    fireEvent.click(await within(pan!).findByLabelText('Run only when earlier answers hold'));
    const field = await within(pan!).findByRole('combobox', { name: 'Field of rule 1' });
    fireEvent.focus(field);
    fireEvent.click(field);
    const options = () =>
      within(screen.getByRole('listbox', { name: 'Field of rule 1' })).queryAllByRole('option');
    // Signatures are not values to compare: only the fillable fields are offered.
    await waitFor(() => expect(options()).toHaveLength(2));
    fireEvent.change(field, { target: { value: 'monthly' } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.click(options()[0]!);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('rent'));
    // The field's label reads under the key.
    const described = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described.split(' ')[0]!)?.textContent).toBe('Monthly rent');
    fireEvent.change(within(pan!).getByLabelText('Value of rule 1'), { target: { value: '20000' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')).toHaveLength(1));
    const saved = api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')[0]?.body as {
      steps: { condition: { rules: { step_id: string; field: string; value: unknown }[] } | null }[];
    };
    expect(saved.steps[1]?.condition?.rules[0]).toMatchObject({
      step_id: 'step-lease',
      field: 'rent',
      value: '20000',
    });

    // A key the list does not know is kept as typed.
    fireEvent.change(await within(pan!).findByRole('combobox', { name: 'Field of rule 1' }), {
      target: { value: 'deposit_amount' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')).toHaveLength(2));
    const typed = api.callsTo(`/api/workflow/${WORKFLOW_ID}`, 'PUT')[1]?.body as typeof saved;
    expect(typed.steps[1]?.condition?.rules[0]?.field).toBe('deposit_amount');
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
