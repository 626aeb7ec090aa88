import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserType } from '@esigns/contracts/auth';
import type { TPipeline, TPipelineEntityActions, TPipelineRun } from '@esigns/contracts/pipelines';
import { installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { paged, withPermissions } from '../team/team-test-utils';
import { CreatePipelineScreen } from './pipeline-editor-screen';
import { PipelineRunsScreen } from './pipeline-runs-screen';
import { PipelinesScreen } from './pipelines-screen';

const LEAD = '11111111-0000-4000-8000-000000000001';
const TEMPLATE = '22222222-0000-4000-8000-000000000001';
const AGREEMENT = '22222222-0000-4000-8000-000000000002';

const pipeline: TPipeline = {
  _id: '33333333-0000-4000-8000-000000000001',
  name: 'Hot leads',
  enabled: true,
  trigger: 'record.created',
  entity_id: LEAD,
  entity_name: 'Lead',
  schedule: null,
  next_run_at: null,
  conditions: [{ field: 'lead.status', operator: 'equals', value: 'hot' }],
  actions: [{ type: 'send_email', template_id: TEMPLATE, to: '{{lead.owner_email}}' }],
  last_run_status: 'SUCCEEDED',
  last_run_at: '2026-11-29T10:00:00.000Z',
  created_at: '2026-11-29T09:00:00.000Z',
  updated_at: '2026-11-29T09:00:00.000Z',
};

const entityActions: TPipelineEntityActions = {
  triggers: [
    { value: 'record.created', label: 'Record created', record: true },
    { value: 'form.submitted', label: 'Form submitted', record: false },
    { value: 'schedule', label: 'On a schedule', record: false },
  ],
  actions: [
    { value: 'send_email', label: 'Send an email template' },
    { value: 'send_document', label: 'Send a document template' },
  ],
  operators: [{ value: 'equals', label: 'is' }],
  fields: [
    {
      name: 'lead.status',
      label: 'Status',
      type: 'SELECT',
      group: 'Lead',
      options: [
        { value: 'hot', label: 'Hot' },
        { value: 'cold', label: 'Cold' },
      ],
    },
  ],
  merge_fields: [{ name: 'record.id', label: 'Triggering record id' }],
  email_templates: [{ value: TEMPLATE, label: 'Hot lead alert' }],
  workflows: [],
  document_templates: [
    {
      value: AGREEMENT,
      label: 'Agreement',
      roles: [
        { key: 'client', name: 'Client' },
        { key: 'agent', name: 'Agent' },
      ],
    },
  ],
};

const run: TPipelineRun = {
  _id: '44444444-0000-4000-8000-000000000001',
  pipeline_id: pipeline._id,
  event_id: '55555555-0000-4000-8000-000000000001',
  event_type: 'record.created',
  subject_id: '66666666-0000-4000-8000-000000000001',
  status: 'FAILED',
  note: null,
  error: 'Step 1: Not an email address: nobody',
  attempts: 3,
  depth: 0,
  rerun_of: null,
  created_at: '2026-11-29T10:00:00.000Z',
  finished_at: '2026-11-29T10:00:09.000Z',
  steps: [
    {
      position: 0,
      type: 'send_email',
      status: 'FAILED',
      attempts: 3,
      input: { to: 'nobody' },
      output: null,
      error: 'Not an email address: nobody',
      finished_at: '2026-11-29T10:00:09.000Z',
    },
  ],
};

function server(userType: UserType, next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions(userType, async (call) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.path === '/api/automation-pipeline/list') return ok(paged([pipeline]));
    if (call.path === '/api/automation-pipeline/entity-actions') return ok(entityActions);
    if (call.path === '/api/entities') return ok(paged([{ _id: LEAD, name: 'Lead' }]));
    if (call.path === `/api/automation-pipeline/${pipeline._id}`) return ok(pipeline);
    if (call.path === `/api/automation-pipeline/${pipeline._id}/runs`) return ok(paged([run]));
    return undefined;
  });
}

const renderAt = (screenElement: React.ReactElement, pattern: string, path: string) =>
  renderScreenAt(screenElement, pattern, path, [
    standIn('/automation-pipelines', 'list-screen'),
    standIn('*', 'elsewhere'),
  ]);

staffSessionPerTest();

describe('pipeline screens', { timeout: 20_000 }, () => {
  it('lists pipelines with trigger, entity and last run, and turns one off from its row', async () => {
    const api = installFakeApi(
      server('ADMIN', (call) => (call.method === 'PATCH' ? ok({ ...pipeline, enabled: false }) : undefined)),
    );
    renderAt(<PipelinesScreen />, '/automation-pipelines', '/automation-pipelines');
    await screen.findByText('Hot leads');
    const row = rowWithText('pipeline-row', 'Hot leads');
    expect(within(row).getByText('Record created')).toBeTruthy();
    expect(within(row).getByText('Lead')).toBeTruthy();
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    fireEvent.click(within(row).getByRole('switch', { name: 'Hot leads on' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/automation-pipeline/update/${pipeline._id}`, 'PATCH')[0]?.body).toEqual({
        enabled: false,
      }),
    );
  });

  it("sends the editor's pipeline and shows the server's field errors", async () => {
    const api = installFakeApi(
      server('ADMIN', (call) =>
        call.method === 'POST' ? invalid({ name: 'At most 120 characters' }) : undefined,
      ),
    );
    renderAt(<CreatePipelineScreen />, '/automation-pipelines/create', '/automation-pipelines/create');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Hot leads' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create pipeline' }));
    await waitFor(() => expect(api.callsTo('/api/automation-pipeline/create', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/automation-pipeline/create', 'POST')[0]?.body).toEqual({
      name: 'Hot leads',
      enabled: true,
      trigger: 'record.created',
      entity_id: null,
      schedule: null,
      conditions: [],
      actions: [],
    });
    expect(await screen.findByText('At most 120 characters')).toBeTruthy();
  });

  it('builds a schedule trigger (every week on Friday at 17:30) and lists its next run', async () => {
    const nightly: TPipeline = {
      ...pipeline,
      _id: '33333333-0000-4000-8000-000000000002',
      name: 'Weekly digest',
      trigger: 'schedule',
      entity_id: null,
      entity_name: null,
      schedule: { every: 'week', weekday: 5, day: 1, at: '17:30', timezone: 'Asia/Kolkata' },
      next_run_at: '2026-12-04T12:00:00.000Z',
    };
    const api = installFakeApi(
      server('ADMIN', (call) => {
        if (call.path === '/api/automation-pipeline/list') return ok(paged([nightly]));
        return call.method === 'POST' ? invalid({ actions: 'Add an action' }) : undefined;
      }),
    );
    renderAt(<CreatePipelineScreen />, '/automation-pipelines/create', '/automation-pipelines/create');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Weekly digest' },
    });
    const pick = async (label: string, option: string, scope: HTMLElement = document.body) => {
      fireEvent.click(await within(scope).findByLabelText(label, { selector: 'input' }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    await pick('When', 'On a schedule');
    const schedule = await screen.findByTestId('pipeline-schedule');
    await pick('How often', 'Every week', schedule);
    await pick('On', 'Friday', schedule);
    fireEvent.change(within(schedule).getByLabelText('At'), { target: { value: '17:30' } });
    expect(screen.queryByLabelText('Of entity', { selector: 'input' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create pipeline' }));
    await waitFor(() => expect(api.callsTo('/api/automation-pipeline/create', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/automation-pipeline/create', 'POST')[0]?.body).toMatchObject({
      trigger: 'schedule',
      schedule: { every: 'week', weekday: 5, at: '17:30' },
    });
    cleanup();
    renderAt(<PipelinesScreen />, '/automation-pipelines', '/automation-pipelines');
    const row = await screen.findByText('Weekly digest');
    const listed = row.closest('[data-testid="pipeline-row"]') as HTMLElement;
    expect(within(listed).getByText('On a schedule')).toBeTruthy();
    expect(within(listed).getByText(/^Next: /)).toBeTruthy();
  });

  it("shows a run's steps with their input and error, and re-runs it", async () => {
    const api = installFakeApi(
      server('ADMIN', (call) =>
        call.method === 'POST' ? ok({ ...run, _id: 'again', status: 'QUEUED' }) : undefined,
      ),
    );
    renderAt(
      <PipelineRunsScreen />,
      '/automation-pipelines/:pipeline_id/runs',
      `/automation-pipelines/${pipeline._id}/runs`,
    );
    expect(await screen.findByText('Runs of Hot leads')).toBeTruthy();
    const item = await screen.findByTestId('pipeline-run');
    fireEvent.click(within(item).getAllByRole('button')[0]!);
    expect(await screen.findByText('Step 1: Not an email address: nobody')).toBeTruthy();
    expect(screen.getByTestId('run-step').textContent).toContain('"to": "nobody"');
    fireEvent.click(await screen.findByRole('button', { name: 'Re-run' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/automation-pipeline/runs/${run._id}/rerun`, 'POST')).toHaveLength(1),
    );
  });

  it('adds a send-a-document action with a person per role of the chosen template', async () => {
    const api = installFakeApi(
      server('ADMIN', (call) =>
        call.method === 'POST' ? invalid({ 'actions.0.recipients.agent': 'Who is Agent?' }) : undefined,
      ),
    );
    renderAt(<CreatePipelineScreen />, '/automation-pipelines/create', '/automation-pipelines/create');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Agreements' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send a document template' }));
    fireEvent.click(await screen.findByLabelText('Action 1: document template'));
    fireEvent.click(await screen.findByRole('option', { name: 'Agreement' }));
    // An autocomplete's label names its input and its list: the input is the one to type into.
    const input = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
    await screen.findAllByLabelText('Client email');
    expect(input('Agent email')).toBeTruthy();
    fireEvent.change(input('Client email'), { target: { value: '{{lead.owner_email}}' } });
    fireEvent.change(input('Client name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create pipeline' }));
    await waitFor(() => expect(api.callsTo('/api/automation-pipeline/create', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/automation-pipeline/create', 'POST')[0]?.body).toMatchObject({
      actions: [
        {
          type: 'send_document',
          template_id: AGREEMENT,
          recipients: { client: { email: '{{lead.owner_email}}', name: 'Ada' } },
        },
      ],
    });
    expect(await screen.findByText('Who is Agent?')).toBeTruthy();
  });
});
