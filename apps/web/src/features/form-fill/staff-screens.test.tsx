import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_ID, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { withPermissions } from '../team/team-test-utils';
import {
  CODE,
  DATA_ID,
  FORM_ID,
  STEP_A,
  STEP_B,
  STEP_C,
  makeStaffForm,
  makeSubmission,
  renderFill,
  stepStatusOf,
  templateOf,
} from './form-fill-test-utils';

staffSessionPerTest();

const page = <T,>(rows: T[]) => ({ data: rows, total: rows.length, page: 1, total_pages: 1 });

/** The staff form and its templates, then `next`. */
function server(next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions('ADMIN', (call) => {
    if (call.path === `/api/formBuilders/code/${CODE}`) return ok(makeStaffForm());
    const template = /^\/api\/template\/(.+)$/.exec(call.path);
    if (template && call.method === 'GET') return ok(templateOf(template[1] ?? ''));
    return next(call);
  });
}

const STATUS_AFTER_A = stepStatusOf([
  [STEP_A, 'COMPLETED'],
  [STEP_C, 'SKIPPED'],
  [STEP_B, 'PENDING'],
]);

describe('a company user filling a form', { timeout: 20_000 }, () => {
  it("reads the templates, leaves out others' drafts, saves each step and opens the sent entry", async () => {
    const others = makeSubmission({
      _id: 'other',
      filler: { kind: 'USER', id: 'someone-else', email: null, name: 'Bo' },
    });
    const saved = makeSubmission({
      filler: { kind: 'USER', id: USER_ID, email: 'ada@example.com', name: 'Ada Lovelace' },
      values: { [STEP_A]: { name: 'Ada', loan: false } },
      steps: makeSubmission().steps.map((s) => (s.step_id === STEP_A ? { ...s, status: 'COMPLETED' } : s)),
    });
    const api = installFakeApi(
      server((call) => {
        if (call.path === '/api/formbuilder-data' && call.method === 'GET') return ok(page([others]));
        if (call.path === '/api/formbuilder-data/template') return ok(saved);
        if (call.path === '/api/formbuilder-data/step-status') return ok(STATUS_AFTER_A);
        if (call.path === `/api/formbuilder-data/asset/${DATA_ID}`) return ok(saved);
        if (call.path === `/api/formbuilder-data/${DATA_ID}` && call.method === 'PUT') {
          return ok({ ...saved, status: 'SUBMITTED' });
        }
        return undefined;
      }),
    );
    const router = renderFill(`/fbd/${CODE}`, [
      { path: '/fb/:code/:id', element: <div data-testid="entry" /> },
    ]);
    fireEvent.change(await screen.findByLabelText(/^Full name/), { target: { value: 'Ada' } });
    expect(screen.queryByTestId('resumed')).toBeNull();
    fireEvent.click(within(screen.getByTestId('step-fields')).getByText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByLabelText('I have read and accept this'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fb/${CODE}/${DATA_ID}`));
    const [save] = api.callsTo('/api/formbuilder-data/template', 'POST');
    expect(save?.body).toMatchObject({ formbuilder_details_id: FORM_ID, step_id: STEP_A, complete: true });
    expect(save?.headers.authorization).toMatch(/^Bearer /);
    expect(save?.headers.passcode).toBeUndefined();
  });

  it('shows an entry with its answers, approvals and history, and records a decision', async () => {
    const entry = {
      ...makeSubmission({
        status: 'PENDING_APPROVAL',
        current_level: 1,
        submitted_at: '2026-11-20T11:00:00.000Z',
        values: { [STEP_A]: { name: 'Ravi Kumar', loan: false } },
        steps: makeSubmission().steps.map((s) => ({
          ...s,
          status: s.step_id === STEP_C ? 'SKIPPED' : 'COMPLETED',
        })),
        decisions: [
          {
            level: 0,
            approver: { kind: 'USER', id: 'u2', email: 'meera@example.com', name: 'Meera Shah' },
            decision: 'APPROVED',
            comment: 'Fine by me',
            at: '2026-11-20T12:00:00.000Z',
          },
        ],
      }),
      history: [{ type: 'SUBMITTED', at: '2026-11-20T11:00:00.000Z', by: 'Ravi Kumar', detail: 'Submitted' }],
    };
    const api = installFakeApi(
      server((call) => {
        if (call.path === `/api/formbuilder-data/${DATA_ID}`) return ok(entry);
        if (call.path === `/api/formbuilder-data/${DATA_ID}/approval`)
          return ok({ ...entry, status: 'APPROVED' });
        return undefined;
      }),
    );
    renderFill(`/fb/${CODE}/${DATA_ID}`);
    expect(await screen.findByText('Ravi Kumar', { selector: 'p' })).toBeTruthy();
    expect(screen.getByTestId('entry-meta').textContent).toContain('Waiting for approval');
    expect(screen.queryByText('Loan details')).toBeNull();
    expect(within(screen.getByTestId('approval-trail')).getByText('Fine by me')).toBeTruthy();
    expect(within(screen.getByTestId('approval-trail')).getByText('Waiting for level 2.')).toBeTruthy();
    expect(within(screen.getByTestId('submission-history')).getByText('Submitted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Correct' }).getAttribute('href')).toBe(
      `/fb/edit/${CODE}/about-you/${DATA_ID}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('decided')).toBeTruthy();
    expect(api.callsTo(`/api/formbuilder-data/${DATA_ID}/approval`)[0]?.body).toEqual({
      decision: 'APPROVED',
      comment: '',
    });
  });

  it("lists what waits for the user's approval with the count", async () => {
    const waiting = {
      ...makeSubmission({ status: 'PENDING_APPROVAL', current_level: 0 }),
      form_name: 'Site visit request',
    };
    installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === '/api/formbuilder-data/approval/count') return ok({ count: 1 });
        if (call.path === '/api/formbuilder-data/approval') return ok(page([waiting]));
        return undefined;
      }),
    );
    renderFill('/forms/approval-forms');
    const link = await screen.findByRole('link', { name: 'Site visit request' });
    expect(link.getAttribute('href')).toBe(`/fb/${CODE}/${DATA_ID}?approve=1`);
    expect((await screen.findByTestId('approval-count')).textContent).toContain('1 entry waits');
  });
});
