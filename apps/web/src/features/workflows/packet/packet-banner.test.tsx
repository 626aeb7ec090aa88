import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TWorkflowUserStatus } from '@esigns/contracts/workflows';
import { fail, installFakeApi, ok, type FakeHandler } from '../../../shared/testing/fake-api';
import { renderScreenAt } from '../../../shared/testing/render-routes';
import { guestPerTest } from '../../../shared/testing/test-session';
import {
  CODE,
  DATA_ID,
  GUEST_ID,
  SECRET as GUEST_SECRET,
  guestHeadersOf,
  makePublicForm,
  renderFill,
} from '../../form-fill/form-fill-test-utils';
import { saveLinkCredentials } from '../../form-fill/guest-session';
import {
  DOC_ID,
  SECRET,
  USER_ID,
  makeRecord,
  renderSigning,
  signerHeadersOf,
} from '../../signing/signing-test-utils';
import { PacketBanner } from './packet-banner';

guestPerTest();

const FIRST = { timeout: 20_000 };

/** The lease (this page's step), a PAN card and a form, in `states`. */
function packet(
  states: [lease: string, pan: string, form: string],
  overrides: Partial<TWorkflowUserStatus> = {},
): TWorkflowUserStatus {
  const [lease, pan, form] = states as TWorkflowUserStatus['steps'][number]['status'][];
  return {
    workflow_data_id: 'p1',
    workflow_name: 'Rental onboarding',
    status: 'IN_PROGRESS',
    company_name: 'Acme Rentals',
    steps: [
      { step_id: 'lease', kind: 'custom', name: 'Lease', status: lease!, open_url: '/emp-documents/x' },
      { step_id: 'pan', kind: 'requested', name: 'PAN card', status: pan!, open_url: null },
      { step_id: 'form', kind: 'form', name: 'Move-in form', status: form!, open_url: null },
    ],
    ...overrides,
  };
}

function renderBanner(answer: FakeHandler) {
  const api = installFakeApi(answer);
  renderScreenAt(
    <PacketBanner access={{ headers: { documentid: 'd1', userid: 'u1', password: 's' } }} />,
    '/',
    '/',
  );
  return api;
}

describe('the packet banner', { timeout: 60_000 }, () => {
  it("on the signing link's landing: the recipient's steps, asked with the link's signer headers", async () => {
    const api = installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) return ok(makeRecord());
      if (call.path === '/api/workflow/user-status') return ok(packet(['DUE', 'WAITING', 'WAITING']));
      return undefined;
    });
    renderSigning(`/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}?token=${SECRET}`);
    const banner = await screen.findByTestId('packet-banner', undefined, FIRST);
    expect(within(banner).getByText('Packet: Rental onboarding · step 1 of 3')).toBeTruthy();
    expect(
      within(banner)
        .getAllByTestId('packet-step')
        .map((row) => row.textContent),
    ).toEqual(['LeaseDue', 'PAN cardWaiting', 'Move-in formWaiting']);
    // The page's own step is still due: nothing is offered next yet.
    expect(within(banner).queryByRole('button', { name: 'Open' })).toBeNull();
    expect(await screen.findByTestId('ready-to-sign')).toBeTruthy();
    const [asked] = api.callsTo('/api/workflow/user-status', 'POST');
    expect(signerHeadersOf(asked!)).toEqual({ documentid: DOC_ID, userid: USER_ID, password: SECRET });
    expect(asked!.headers.workflowdataid).toBeUndefined();
    expect(asked!.body).toEqual({});
  });

  it("once the page's step is done, offers the next due step and opens a fresh link to it", async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    const api = renderBanner((call) => {
      if (call.path !== '/api/workflow/user-status') return undefined;
      const asked = (call.body as { open_step_id?: string }).open_step_id;
      const answer = packet(['DONE', 'DUE', 'WAITING']);
      if (asked)
        answer.steps[1]!.open_url = 'https://esigns.example/company-documents/requested/r1/execute?token=t';
      return ok(answer);
    });
    const banner = await screen.findByTestId('packet-banner', undefined, FIRST);
    expect(within(banner).getByText('PAN card', { selector: 'b' })).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Open' }));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('/company-documents/requested/r1/execute?token=t', '_self'),
    );
    expect(api.callsTo('/api/workflow/user-status', 'POST').at(-1)!.body).toEqual({ open_step_id: 'pan' });
  });

  it('says all is done when nothing is due (a skipped step does not count)', async () => {
    renderBanner((call) =>
      call.path === '/api/workflow/user-status' ? ok(packet(['DONE', 'DONE', 'SKIPPED'])) : undefined,
    );
    const banner = await screen.findByTestId('packet-banner', undefined, FIRST);
    expect(within(banner).getByTestId('packet-all-done').textContent).toBe('All done');
    // A skipped step does not count.
    expect(within(banner).getByText('Packet: Rental onboarding · step 1 of 2')).toBeTruthy();
  });

  it('tells a voided packet needs nothing more', async () => {
    renderBanner((call) =>
      call.path === '/api/workflow/user-status'
        ? ok(packet(['DONE', 'VOIDED', 'VOIDED'], { status: 'VOIDED' }))
        : undefined,
    );
    expect(
      await screen.findByText('This packet is voided: nothing more is needed.', undefined, FIRST),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  });

  it('shows nothing, and no error, for a page whose object is not part of a packet (404)', async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/e-signs/${DOC_ID}` ? ok(makeRecord()) : undefined,
    );
    renderSigning(`/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}?token=${SECRET}`);
    expect(await screen.findByTestId('ready-to-sign', undefined, FIRST)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/api/workflow/user-status', 'POST')).toHaveLength(1));
    expect(screen.queryByTestId('packet-banner')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks with the bearer only for a page that knows its packet (workflowdataid)', async () => {
    const api = installFakeApi(() => undefined);
    renderScreenAt(
      <>
        <PacketBanner access={{ headers: {}, workflowDataId: null }} />
        <PacketBanner access={{ headers: {}, workflowDataId: 'p1' }} />
      </>,
      '/',
      '/',
    );
    await waitFor(() => expect(api.callsTo('/api/workflow/user-status')).toHaveLength(1));
    expect(api.callsTo('/api/workflow/user-status')[0]!.headers.workflowdataid).toBe('p1');
  });

  it("on a public form's thank-you page: asked with the guest's headers, the next step offered", async () => {
    saveLinkCredentials(CODE, GUEST_ID, GUEST_SECRET);
    const api = installFakeApi((call) => {
      if (call.path === `/api/formBuilders/${CODE}/public`) return ok(makePublicForm());
      if (call.path === '/api/workflow/user-status') return ok(packet(['DONE', 'DUE', 'WAITING']));
      return undefined;
    });
    renderFill(`/public/fb/${CODE}/${DATA_ID}/status/completed`);
    const banner = await screen.findByTestId('packet-banner', undefined, FIRST);
    expect(within(banner).getByRole('button', { name: 'Open' })).toBeTruthy();
    const [asked] = api.callsTo('/api/workflow/user-status', 'POST');
    expect(guestHeadersOf(asked!)).toMatchObject({ userid: GUEST_ID, passcode: GUEST_SECRET });
    // The server finds a form link's packet through the submission of the address.
    expect(asked!.headers.formbuilderdataid).toBe(DATA_ID);
  });

  it('a read-and-acknowledge step asks for the explicit acknowledgement, then moves on to the next step', async () => {
    const rules = (acknowledged: boolean): TWorkflowUserStatus => ({
      ...packet(['DONE', acknowledged ? 'DUE' : 'WAITING', 'WAITING']),
      steps: [
        {
          step_id: 'rules',
          kind: 'static',
          name: 'House rules',
          status: acknowledged ? 'DONE' : 'DUE',
          open_url: '/emp-documents/x',
          must_acknowledge: !acknowledged,
          acknowledged_at: acknowledged ? '2026-03-05T10:00:00.000Z' : null,
        },
        {
          step_id: 'pan',
          kind: 'requested',
          name: 'PAN card',
          status: acknowledged ? 'DUE' : 'WAITING',
          open_url: null,
        },
      ],
    });
    const api = renderBanner((call) => {
      if (call.path === '/api/workflow/user-status') return ok(rules(false));
      if (call.path === '/api/workflow/acknowledge') return ok(rules(true));
      return undefined;
    });
    const banner = await screen.findByTestId('packet-banner', undefined, FIRST);
    // Opening the page did not finish it: the reader confirms.
    expect(within(banner).queryByRole('button', { name: 'Open' })).toBeNull();
    fireEvent.click(
      within(banner).getByRole('button', { name: 'I have read and acknowledge this document' }),
    );
    expect(await within(banner).findByText('PAN card', { selector: 'b' })).toBeTruthy();
    expect(within(banner).queryByTestId('packet-acknowledge')).toBeNull();
    const [acknowledged] = api.callsTo('/api/workflow/acknowledge', 'POST');
    expect(acknowledged!.body).toEqual({ step_id: 'rules' });
    expect(signerHeadersOf(acknowledged!)).toEqual({ documentid: 'd1', userid: 'u1', password: 's' });
  });

  it("shows the server's refusal of an acknowledgement in the banner", async () => {
    renderBanner((call) => {
      if (call.path === '/api/workflow/user-status') {
        const answer = packet(['DUE', 'WAITING', 'WAITING']);
        answer.steps[0] = { ...answer.steps[0]!, kind: 'static', must_acknowledge: true };
        return ok(answer);
      }
      if (call.path === '/api/workflow/acknowledge') return fail(409, 'Open Lease and read it first');
      return undefined;
    });
    const banner = await screen.findByTestId('packet-banner', undefined, FIRST);
    fireEvent.click(
      within(banner).getByRole('button', { name: 'I have read and acknowledge this document' }),
    );
    expect(await within(banner).findByText('Open Lease and read it first')).toBeTruthy();
  });

  it("a viewer's landing reads as a document to open, not to sign", async () => {
    installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) {
        const record = makeRecord();
        return ok({ ...record, recipient: { ...record.recipient, user_type: 'VIEWER' } });
      }
      return undefined;
    });
    renderSigning(`/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}?token=${SECRET}`);
    expect(await screen.findByRole('button', { name: 'View the document' }, FIRST)).toBeTruthy();
    expect(screen.getByText(/^Open by /)).toBeTruthy();
    expect(screen.queryByText(/Sign by/)).toBeNull();
    expect(screen.queryByText(/agree to sign electronically/)).toBeNull();
  });

  it("a viewer's signing view ends with the acknowledgement on a read-and-acknowledge step, then the opened screen", async () => {
    let acknowledged = false;
    const api = installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) {
        const record = makeRecord();
        return ok({ ...record, fields: [], recipient: { ...record.recipient, user_type: 'VIEWER' } });
      }
      if (call.path === '/api/workflow/user-status') {
        const answer = packet([acknowledged ? 'DONE' : 'DUE', acknowledged ? 'DUE' : 'WAITING', 'WAITING']);
        answer.steps[0] = { ...answer.steps[0]!, kind: 'static', must_acknowledge: !acknowledged };
        return ok(answer);
      }
      if (call.path === '/api/workflow/acknowledge') {
        acknowledged = true;
        return ok(packet(['DONE', 'DUE', 'WAITING']));
      }
      return undefined;
    });
    const router = renderSigning(`/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}?token=${SECRET}`);
    fireEvent.click(await screen.findByRole('button', { name: 'View the document' }, FIRST));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/emp-documents/custom/${DOC_ID}/pp`));
    const bar = await screen.findByRole(
      'button',
      { name: 'I have read and acknowledge this document' },
      FIRST,
    );
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    fireEvent.click(bar);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/emp-documents/custom/${DOC_ID}/pp/signed`),
    );
    expect(await screen.findByText('You have opened this document', undefined, FIRST)).toBeTruthy();
    expect(screen.queryByText('You have already signed')).toBeNull();
    expect(api.callsTo('/api/workflow/acknowledge', 'POST')).toHaveLength(1);
  });
});
