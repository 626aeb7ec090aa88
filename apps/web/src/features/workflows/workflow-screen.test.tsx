import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { WorkflowScreen } from './workflow-screen';
import {
  INSTANCE_ID,
  STEP_A,
  STEP_B,
  WORKFLOW_ID,
  makeCounts,
  makeInstance,
  makeWorkflow,
  renderWorkflowsAt,
} from './workflows-test-utils';

staffSessionPerTest();

describe('WorkflowScreen', { timeout: 180_000 }, () => {
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

/** The workflow screen with its packet's drawer open, the packet and its people answered, then `next`. */
function drawerServer(next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions('ADMIN', (call) => {
    if (call.path === `/api/workflow/${WORKFLOW_ID}`) return ok(makeWorkflow());
    if (call.path === '/api/workflow-data/') return ok(paged([makeInstance()]));
    if (call.path === '/api/workflow/count') return ok(makeCounts());
    if (call.path === `/api/workflow-data/${INSTANCE_ID}`) return ok(makeInstance());
    if (call.path === '/api/workflow/users') {
      return ok([
        {
          contact_id: 'c1',
          email: 'asha@example.com',
          name: 'Asha Rao',
          role: 'PRIMARY',
          steps: [
            { step_id: STEP_A, name: 'Lease', status: 'DONE' },
            { step_id: STEP_B, name: 'PAN card', status: 'DUE' },
          ],
        },
        {
          contact_id: null,
          email: 'agent@acme.test',
          name: '',
          role: 'USER',
          steps: [{ step_id: STEP_A, name: 'Lease', status: 'DONE' }],
        },
      ]);
    }
    return next(call);
  });
}

async function openDrawer() {
  renderWorkflowsAt(
    <WorkflowScreen />,
    '/workflow/:workflow_id',
    `/workflow/${WORKFLOW_ID}?instance=${INSTANCE_ID}`,
  );
  // The first render loads the screen's code: generous on a loaded machine.
  return screen.findByTestId('workflow-instance', undefined, { timeout: 20_000 });
}

describe('the packet drawer', { timeout: 180_000 }, () => {
  it('resends the due steps chosen and says who was mailed', async () => {
    const api = installFakeApi(
      drawerServer((call) =>
        call.path === `/api/resend-workflow/${INSTANCE_ID}`
          ? ok({ resent: [{ step_id: STEP_B, name: 'PAN card', emails: ['asha@example.com'] }] })
          : undefined,
      ),
    );
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Resend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend packet' });
    // Only the due step is offered, chosen already.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    expect((within(dialog).getByLabelText('PAN card') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByTestId('resend-result')).toBeTruthy();
    expect(screen.getByTestId('resend-result').textContent).toContain('PAN card: asha@example.com');
    expect(api.callsTo(`/api/resend-workflow/${INSTANCE_ID}`, 'POST')[0]?.body).toEqual({
      step_ids: [STEP_B],
    });
  });

  it.each([
    [
      '409: the packet is no longer running',
      () => fail(409, 'This packet is not in progress'),
      'This packet is not in progress',
    ],
    [
      '422: a step is no longer due',
      () => invalid({ 'step_ids.0': 'PAN card is not due' }),
      'PAN card is not due',
    ],
  ])("shows the server's refusal of a resend (%s) in the dialog", async (_case, refusal, words) => {
    installFakeApi(
      drawerServer((call) => (call.path === `/api/resend-workflow/${INSTANCE_ID}` ? refusal() : undefined)),
    );
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Resend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend packet' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByText(words)).toBeTruthy();
  });

  it('downloads the packet ZIP with the session token, lists the people and links each step to its preview', async () => {
    const saved = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    const api = installFakeApi(
      drawerServer((call) =>
        call.path === `/api/workflow-data/${INSTANCE_ID}/download`
          ? new Response('PK', {
              status: 200,
              headers: {
                'content-type': 'application/zip',
                'content-disposition': 'attachment; filename="Rental onboarding - Asha Rao.zip"',
              },
            })
          : undefined,
      ),
    );
    const drawer = await openDrawer();
    const people = await within(drawer).findAllByTestId('instance-person');
    expect(people).toHaveLength(2);
    expect(within(people[0]!).getByText('PAN card: Due')).toBeTruthy();
    expect(within(people[1]!).getByText('agent@acme.test')).toBeTruthy();
    expect(api.callsTo('/api/workflow/users', 'POST')[0]?.body).toEqual({ workflow_data_id: INSTANCE_ID });

    const steps = within(drawer).getAllByTestId('instance-step');
    expect(within(steps[0]!).getByRole('link', { name: 'Lease' }).getAttribute('href')).toBe(
      `/company-documents/custom/d1/workflow/${INSTANCE_ID}/preview`,
    );
    expect(within(steps[1]!).getByRole('link', { name: 'PAN card' }).getAttribute('href')).toBe(
      `/company-documents/requested/r1/workflow/${INSTANCE_ID}/preview`,
    );

    fireEvent.click(within(drawer).getByRole('button', { name: 'Download all (ZIP)' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const [download] = api.callsTo(`/api/workflow-data/${INSTANCE_ID}/download`, 'GET');
    expect(download?.headers.authorization).toMatch(/^Bearer /);
  });

  it('a completed packet says when it completed, not when it expires; a step voided before it started shows no date; actors by name', async () => {
    const base = makeInstance();
    const instance = makeInstance({
      status: 'VOIDED',
      finished_at: '2026-03-08T10:00:00.000Z',
      expires_at: '2026-04-05T10:00:00.000Z',
      steps: [
        base.steps[0]!,
        { ...base.steps[1]!, status: 'VOIDED', started_at: null, finished_at: '2026-03-08T10:00:00.000Z' },
      ],
      timeline: [
        { at: '2026-03-05T10:00:00.000Z', event: 'sent', step_id: null, actor: 'Ira Sen', details: {} },
        {
          at: '2026-03-06T10:00:00.000Z',
          event: 'acknowledged',
          step_id: STEP_A,
          actor: 'Asha Rao',
          details: { ip: '10.0.0.7', user_agent: 'Phone Browser' },
        },
      ],
    });
    installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === `/api/workflow/${WORKFLOW_ID}`) return ok(makeWorkflow());
        if (call.path === '/api/workflow-data/') return ok(paged([instance]));
        if (call.path === '/api/workflow/count') return ok(makeCounts());
        if (call.path === `/api/workflow-data/${INSTANCE_ID}`) return ok(instance);
        if (call.path === '/api/workflow/users') return ok([]);
        return undefined;
      }),
    );
    renderWorkflowsAt(
      <WorkflowScreen />,
      '/workflow/:workflow_id',
      `/workflow/${WORKFLOW_ID}?instance=${INSTANCE_ID}`,
    );
    const drawer = await screen.findByTestId('workflow-instance', undefined, { timeout: 20_000 });
    expect(within(drawer).getByText(/· voided /)).toBeTruthy();
    expect(within(drawer).queryByText(/expires/)).toBeNull();
    const [lease, pan] = within(drawer).getAllByTestId('instance-step');
    expect(lease!.textContent).toMatch(/done /);
    expect(pan!.textContent).not.toMatch(/2026|Mar/);
    expect(within(drawer).getByText('Read and acknowledged')).toBeTruthy();
    expect(within(drawer).getByText(/From 10\.0\.0\.7 · Phone Browser/)).toBeTruthy();
    expect(within(drawer).getByText(/· Asha Rao/)).toBeTruthy();
  });
});
