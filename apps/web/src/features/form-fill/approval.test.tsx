import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import {
  CODE,
  DATA_ID,
  FORM_ID,
  STEP_A,
  makePublicForm,
  makeSubmission,
  renderFill,
} from './form-fill-test-utils';

guestPerTest();

const APPROVAL_ID = '5a1b2c3d-0000-4000-8000-0000000000e1';
const LINK_SECRET = 'approver-link-secret';

function server(decided = false) {
  return installFakeApi((call) => {
    if (call.path === `/api/formBuilders/${CODE}/public`) return ok(makePublicForm());
    if (call.path === '/api/formBuilders/approvals/auth') {
      return ok({
        authDetails: {
          approval_id: APPROVAL_ID,
          formbuilder_data_id: DATA_ID,
          formbuilder_details_id: FORM_ID,
          code: CODE,
          level: 0,
          decided: decided ? 'APPROVED' : null,
          can_decide: !decided,
        },
        userDetails: { name: 'Meera Shah', email: 'meera@example.com' },
      });
    }
    if (call.path === `/api/formbuilder-data/${DATA_ID}`) {
      return ok(
        makeSubmission({
          status: 'PENDING_APPROVAL',
          current_level: 0,
          values: { [STEP_A]: { name: 'Ravi Kumar', loan: false } },
          steps: makeSubmission().steps.map((s) =>
            s.step_id === STEP_A ? { ...s, status: 'COMPLETED' } : s,
          ),
        }),
      );
    }
    if (call.path === `/api/formbuilder-data/${DATA_ID}/approval`) {
      return ok(makeSubmission({ status: 'APPROVED' }));
    }
    return undefined;
  });
}

describe('an approver outside the company', { timeout: 20_000 }, () => {
  it('opens the mailed link, reads the answers and approves with a comment', async () => {
    const api = server();
    const router = renderFill(`/public/fbd/${CODE}/approval/auth?approval=${APPROVAL_ID}&t=${LINK_SECRET}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/public/fbd/${CODE}/approval/execute`));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Ravi Kumar')).toBeTruthy();
    expect(screen.getByText(/Hello Meera Shah/)).toBeTruthy();
    const [auth] = api.callsTo('/api/formBuilders/approvals/auth');
    expect(auth?.headers).toMatchObject({ approvercontactid: APPROVAL_ID, passcode: LINK_SECRET });

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Say why you reject it')).toBeTruthy();
    expect(api.callsTo(`/api/formbuilder-data/${DATA_ID}/approval`)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Comment/), { target: { value: 'Looks good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('decided')).toBeTruthy();
    const [decision] = api.callsTo(`/api/formbuilder-data/${DATA_ID}/approval`, 'POST');
    expect(decision?.body).toEqual({ decision: 'APPROVED', comment: 'Looks good' });
    expect(decision?.headers).toMatchObject({ approvercontactid: APPROVAL_ID, passcode: LINK_SECRET });
  });

  it('says so when the approver has already decided', async () => {
    server(true);
    renderFill(`/public/fbd/${CODE}/approval/auth?approval=${APPROVAL_ID}&t=${LINK_SECRET}`);
    expect(await screen.findByTestId('already-decided')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('asks for the mailed link when the tab holds none', async () => {
    installFakeApi(() => undefined);
    renderFill(`/public/fbd/${CODE}/approval/auth`);
    expect(await screen.findByTestId('open-link')).toBeTruthy();
  });
});
