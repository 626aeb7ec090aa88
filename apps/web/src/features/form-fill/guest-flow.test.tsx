import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  installFakeApi,
  invalid,
  ok,
  type FakeCall,
  type FakeHandler,
} from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import {
  CODE,
  DATA_ID,
  FORM_ID,
  GUEST_ID,
  SECRET,
  STEP_A,
  STEP_B,
  STEP_C,
  guestHeadersOf,
  guestSession,
  makePublicForm,
  makeSubmission,
  renderFill,
  stepStatusOf,
} from './form-fill-test-utils';
import { readGuestCredentials, saveGuestSession } from './guest-session';

guestPerTest();

const EMPTY_PAGE = { data: [], total: 0, page: 1, total_pages: 0 };
const authUser = (call: FakeCall) =>
  call.headers.passcode === SECRET
    ? { _id: GUEST_ID, email: 'ravi@example.com', kind: 'GUEST' as const }
    : null;

/** The public form (knowing the guest by their headers), an empty list of drafts, then `next`. */
function server(
  overrides: Parameters<typeof makePublicForm>[0] = {},
  next: FakeHandler = () => undefined,
): FakeHandler {
  return (call) => {
    if (call.path === `/api/formBuilders/${CODE}/public`) {
      return ok(makePublicForm({ auth_user: authUser(call), ...overrides }));
    }
    if (call.path === '/api/formbuilder-data' && call.method === 'GET') return ok(EMPTY_PAGE);
    return next(call);
  };
}

const typeCode = (code: string) =>
  fireEvent.change(screen.getByLabelText('Verification code, digit 1 of 6'), { target: { value: code } });

describe('identifying a guest', { timeout: 20_000 }, () => {
  it('asks a secure form for an email and code: wrong and expired codes say so, the right one opens the form', async () => {
    const api = installFakeApi(
      server({ secure_access: true }, (call) => {
        if (call.path === '/api/formBuilders/sent-otp') {
          return ok({
            secure_access: true,
            formbuilder_details_id: FORM_ID,
            contact: { email: 'ravi@example.com' },
          });
        }
        if (call.path === '/api/formBuilders/verify') {
          const { code } = call.body as { code: string };
          if (code === '999999') return invalid({ code: 'Wrong code: 4 tries left' });
          if (code === '111111') return fail(410, 'This code has expired. Ask for a new one.');
          return ok(guestSession());
        }
        return undefined;
      }),
    );
    const router = renderFill(`/public/fbd/${CODE}/auth/verify`);
    expect(await screen.findByText('Site visit request')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ravi@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(/We sent a 6-digit code to ravi@example.com/)).toBeTruthy();
    expect(api.callsTo('/api/formBuilders/sent-otp')[0]?.body).toEqual({
      formbuilder_details_id: FORM_ID,
      email: 'ravi@example.com',
    });

    typeCode('999999');
    expect(await screen.findByText('Wrong code: 4 tries left')).toBeTruthy();
    typeCode('111111');
    expect(await screen.findByText('This code has expired. Ask for a new one.')).toBeTruthy();
    expect(screen.getByText(/Ask for a new code/)).toBeTruthy();
    typeCode('123456');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/public/fbd/${CODE}/execute`));
    expect(await screen.findByTestId('fill-stepper')).toBeTruthy();
    expect(readGuestCredentials(CODE)).toMatchObject({
      user_id: GUEST_ID,
      passcode: SECRET,
      form_id: FORM_ID,
    });
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);
    const [drafts] = api.callsTo('/api/formbuilder-data', 'GET');
    expect(guestHeadersOf(drafts!)).toEqual({ userid: GUEST_ID, passcode: SECRET, formbuilderid: FORM_ID });
  });

  it('starts an open form with one tap as an anonymous guest', async () => {
    const api = installFakeApi(
      server({}, (call) =>
        call.path === '/api/formbuilder-url/create' ? ok(guestSession('ANONYMOUS')) : undefined,
      ),
    );
    const router = renderFill(`/public/fbd/${CODE}/auth/verify`);
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/public/fbd/${CODE}/execute`));
    expect(api.callsTo('/api/formbuilder-url/create')[0]?.body).toEqual({ formbuilder_details_id: FORM_ID });
    expect(readGuestCredentials(CODE)?.kind).toBe('ANONYMOUS');
  });

  it.each([
    ['CLOSED', 'This form is closed'],
    ['NOT_YET_OPEN', 'This form is not open yet'],
    ['FULL', 'This form is full'],
    ['INACTIVE', 'This form is not available'],
  ] as const)('says why a %s form cannot be filled', async (availability, title) => {
    installFakeApi(server({ availability }));
    renderFill(`/public/fbd/${CODE}/auth/verify`);
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('opens a personal link: the secret is kept for the tab and the submission loads with the guest headers', async () => {
    const api = installFakeApi(
      server({}, (call) =>
        call.path === `/api/formbuilder-data/${DATA_ID}` ? ok(makeSubmission()) : undefined,
      ),
    );
    const router = renderFill(`/public/fb/${CODE}/${DATA_ID}/vp/${GUEST_ID}?t=${SECRET}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/public/fb/${CODE}/${DATA_ID}/execute`));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByTestId('fill-stepper')).toBeTruthy();
    const [read] = api.callsTo(`/api/formbuilder-data/${DATA_ID}`, 'GET');
    expect(guestHeadersOf(read!)).toEqual({ userid: GUEST_ID, passcode: SECRET, formbuilderid: FORM_ID });
  });
});

describe('filling the form', { timeout: 20_000 }, () => {
  const signIn = () => saveGuestSession(CODE, guestSession());

  it('saves each step, leaves out a step whose condition fails, and submits', async () => {
    signIn();
    const afterA = makeSubmission({
      values: { [STEP_A]: { name: 'Ravi', loan: false } },
      steps: makeSubmission().steps.map((s) => (s.step_id === STEP_A ? { ...s, status: 'COMPLETED' } : s)),
    });
    const afterB = {
      ...afterA,
      steps: afterA.steps.map((s) => (s.step_id === STEP_B ? { ...s, status: 'COMPLETED' as const } : s)),
    };
    const api = installFakeApi(
      server({}, (call) => {
        if (call.path === '/api/formbuilder-data/template') return ok(afterA);
        if (call.path === '/api/formbuilder-data/step-status') {
          return ok(
            stepStatusOf([
              [STEP_A, 'COMPLETED'],
              [STEP_C, 'SKIPPED'],
              [STEP_B, 'PENDING'],
            ]),
          );
        }
        if (call.path === `/api/formbuilder-data/asset/${DATA_ID}`) return ok(afterB);
        if (call.path === `/api/formbuilder-data/${DATA_ID}` && call.method === 'PUT') {
          return ok({ ...afterB, status: 'SUBMITTED' });
        }
        return undefined;
      }),
    );
    const router = renderFill(`/public/fbd/${CODE}/execute`);
    // The loan step waits for its answer: not counted yet.
    expect(await screen.findByText('Step 1 of 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(api.callsTo('/api/formbuilder-data/template')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Full name/), { target: { value: 'Ravi' } });
    fireEvent.click(within(screen.getByTestId('step-fields')).getByText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Step 2 of 2')).toBeTruthy();
    expect(screen.queryByText('Loan details')).toBeNull();
    const [save] = api.callsTo('/api/formbuilder-data/template', 'POST');
    expect(save?.body).toEqual({
      formbuilder_details_id: FORM_ID,
      step_id: STEP_A,
      values: { name: 'Ravi', loan: false },
      complete: true,
    });
    expect(guestHeadersOf(save!)).toEqual({ userid: GUEST_ID, passcode: SECRET, formbuilderid: FORM_ID });

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('I have read and accept this'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/public/fbd/${CODE}/status/completed`));
    expect(await screen.findByText('Thanks, we will call you within a day.')).toBeTruthy();
    expect(api.callsTo(`/api/formbuilder-data/asset/${DATA_ID}`)[0]?.body).toEqual({
      step_id: STEP_B,
      accepted: true,
    });
    expect(api.callsTo(`/api/formbuilder-data/${DATA_ID}`, 'PUT')[0]?.body).toEqual({ status: 'SUBMITTED' });
  });

  it('resumes a saved draft at the first step not done, the conditional step shown', async () => {
    signIn();
    const draft = makeSubmission({
      values: { [STEP_A]: { name: 'Ravi', loan: true } },
      steps: makeSubmission().steps.map((s) => (s.step_id === STEP_A ? { ...s, status: 'COMPLETED' } : s)),
    });
    installFakeApi((call) => {
      if (call.path === `/api/formBuilders/${CODE}/public`)
        return ok(makePublicForm({ auth_user: authUser(call) }));
      if (call.path === '/api/formbuilder-data')
        return ok({ data: [draft], total: 1, page: 1, total_pages: 1 });
      if (call.path === `/api/formbuilder-data/${DATA_ID}`) return ok(draft);
      if (call.path === '/api/formbuilder-data/step-status') {
        return ok(
          stepStatusOf([
            [STEP_A, 'COMPLETED'],
            [STEP_C, 'PENDING'],
            [STEP_B, 'PENDING'],
          ]),
        );
      }
      return undefined;
    });
    renderFill(`/public/fbd/${CODE}/execute`);
    expect(await screen.findByTestId('resumed')).toBeTruthy();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Loan details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Ravi');
  });

  it('sends a guest without a session in this tab to identify first', async () => {
    installFakeApi(server());
    const router = renderFill(`/public/fbd/${CODE}/execute`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/public/fbd/${CODE}/auth/verify`));
  });
});
