import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { fail, installFakeApi, ok, seedContactSession, type FakeCall } from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import { FakeXhr, makeFile } from '../documents/documents-test-utils';
import {
  LINK_SECRET,
  PACKET_ID,
  REQUEST_ID,
  makePacketStatus,
  makeStepRequest,
} from './company-documents-test-utils';

guestPerTest();

const PAGE = `/company-documents/requested/${REQUEST_ID}/workflow/${PACKET_ID}/execute`;
const LINK = `${PAGE}?token=${LINK_SECRET}`;
/** The first screen of a test compiles its lazy chunks: slow on a busy machine. */
const FIRST = { timeout: 20_000 };

const linkHeadersOf = (call: FakeCall) => ({
  requestid: call.headers.requestid,
  password: call.headers.password,
});
const chooseFile = (file: File) =>
  fireEvent.change(screen.getByLabelText('Choose the file to upload'), { target: { files: [file] } });

describe('a document request opened from its mailed link', { timeout: 60_000 }, () => {
  it('uploads without signing in: the secret stays in the tab, the file goes up with progress, then the packet offers the next step', async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    FakeXhr.install();
    let held: FakeXhr | null = null;
    FakeXhr.onSend = (xhr) => {
      xhr.progress(40, 100);
      held = xhr;
    };
    let uploaded = false;
    const api = installFakeApi((call) => {
      if (call.path === `/api/request-documents/${REQUEST_ID}`) return ok(makeStepRequest());
      if (call.path === `/api/documents/${REQUEST_ID}/upload-url`) {
        return ok({
          upload_url: '/api/storage/put/1',
          file_ref_id: 'companies/c1/uploads/1',
          expires_at: '',
        });
      }
      if (call.path === '/api/employee-documents') {
        uploaded = true;
        return ok(
          makeStepRequest({ status: 'UPLOADED', file: { name: 'pan.pdf', mime_type: 'application/pdf' } }),
        );
      }
      if (call.path === '/api/workflow/user-status') {
        const opening = (call.body as { open_step_id?: string }).open_step_id;
        const steps = makePacketStatus().steps.map((step) =>
          step.step_id === 'pan' && uploaded
            ? { ...step, status: 'DONE' as const }
            : step.step_id === 'move-in' && uploaded
              ? {
                  ...step,
                  status: 'DUE' as const,
                  open_url: opening ? '/public/fb/MOVE/s1/vp/u1?t=fresh' : null,
                }
              : step,
        );
        return ok(makePacketStatus({ steps }));
      }
      return undefined;
    });
    const router = renderApp(LINK);

    expect(await screen.findByText('Ravi Kumar asks you for your PAN card', undefined, FIRST)).toBeTruthy();
    expect(screen.getByText('Acme Rentals')).toBeTruthy();
    expect(screen.getByTestId('request-message').textContent).toBe('Please upload both sides.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(PAGE);
    expect(JSON.stringify({ ...localStorage })).not.toContain(LINK_SECRET);
    expect(JSON.stringify({ ...sessionStorage })).toContain(LINK_SECRET);
    const [read] = api.callsTo(`/api/request-documents/${REQUEST_ID}`, 'GET');
    expect(linkHeadersOf(read!)).toEqual({ requestid: REQUEST_ID, password: LINK_SECRET });

    const banner = await screen.findByTestId('packet-banner');
    expect(within(banner).getByText('Packet: Rental onboarding · step 2 of 3')).toBeTruthy();
    expect(within(banner).getAllByTestId('packet-step')).toHaveLength(3);
    expect(within(banner).queryByText(/^Next:/)).toBeNull();
    const [status] = api.callsTo('/api/workflow/user-status', 'POST');
    expect({ ...linkHeadersOf(status!), workflowdataid: status!.headers.workflowdataid }).toEqual({
      requestid: REQUEST_ID,
      password: LINK_SECRET,
      workflowdataid: PACKET_ID,
    });

    chooseFile(makeFile('pan.pdf', 'application/pdf'));
    expect(await screen.findByText('Uploading… 40%')).toBeTruthy();
    const [ask] = api.callsTo(`/api/documents/${REQUEST_ID}/upload-url`, 'POST');
    expect(ask!.body).toEqual({ file_name: 'pan.pdf', content_type: 'application/pdf', size: 1234 });
    expect(linkHeadersOf(ask!)).toEqual({ requestid: REQUEST_ID, password: LINK_SECRET });
    held!.succeed();

    expect(await screen.findByTestId('request-done')).toBeTruthy();
    const [handIn] = api.callsTo('/api/employee-documents', 'POST');
    expect(handIn!.body).toEqual({ request_id: REQUEST_ID, file_ref_id: 'companies/c1/uploads/1' });
    expect(linkHeadersOf(handIn!)).toEqual({ requestid: REQUEST_ID, password: LINK_SECRET });
    expect(screen.getByRole('button', { name: 'Replace the file' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/public/fb/MOVE/s1/vp/u1?t=fresh', '_self'));
    expect(api.callsTo('/api/workflow/user-status', 'POST').at(-1)!.body).toEqual({
      open_step_id: 'move-in',
    });
  });

  it("says an invalid link (401) does not work, with the server's one message", async () => {
    installFakeApi((call) =>
      call.path === `/api/request-documents/${REQUEST_ID}`
        ? fail(401, 'This upload link is not valid or has been replaced.')
        : undefined,
    );
    renderApp(LINK);
    expect(await screen.findByText('This link does not work', undefined, FIRST)).toBeTruthy();
    expect(screen.getByText('This upload link is not valid or has been replaced.')).toBeTruthy();
    expect(screen.queryByLabelText('Choose the file to upload')).toBeNull();
  });

  it('shows the file sent, lets it be replaced, and says the request is closed when the server answers 409', async () => {
    const sent = { name: 'pan.pdf', mime_type: 'application/pdf' };
    const api = installFakeApi((call) => {
      if (call.path === `/api/request-documents/${REQUEST_ID}`)
        return ok(makeStepRequest({ status: 'UPLOADED', file: sent }));
      if (call.path === `/api/documents/${REQUEST_ID}/upload-url`)
        return fail(409, 'This request is already approved: its document cannot change');
      return undefined;
    });
    renderApp(LINK);
    expect(await screen.findByTestId('request-file', undefined, FIRST)).toBeTruthy();
    expect(screen.getByText('pan.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Replace the file' }));
    chooseFile(makeFile('pan-new.pdf', 'application/pdf'));
    expect(await screen.findByText('This request is closed')).toBeTruthy();
    expect(screen.getByText('This request is already approved: its document cannot change')).toBeTruthy();
    expect(api.callsTo('/api/employee-documents')).toHaveLength(0);
  });

  it('a cancelled request has a page of its own: who cancelled it and when, nothing to upload', async () => {
    installFakeApi((call) =>
      call.path === `/api/request-documents/${REQUEST_ID}`
        ? ok(makeStepRequest({ status: 'CANCELLED', updated_at: '2026-03-07T10:00:00.000Z' }))
        : undefined,
    );
    renderApp(LINK);
    const page = await screen.findByTestId('request-cancelled', undefined, FIRST);
    expect(page.textContent).toMatch(/This request was cancelled/);
    expect(page.textContent).toMatch(/was cancelled by .+ on .*2026/);
    expect(screen.queryByLabelText('Choose the file to upload')).toBeNull();
    expect(screen.queryByText('The request could not be opened')).toBeNull();
  });

  it('an upload refused because the request was cancelled meanwhile shows the cancelled page', async () => {
    let status = 'REQUESTED' as 'REQUESTED' | 'CANCELLED';
    installFakeApi((call) => {
      if (call.path === `/api/request-documents/${REQUEST_ID}`) return ok(makeStepRequest({ status }));
      if (call.path === `/api/documents/${REQUEST_ID}/upload-url`) {
        status = 'CANCELLED';
        return fail(409, 'This request was cancelled: it is closed for good');
      }
      return undefined;
    });
    renderApp(LINK);
    await screen.findByLabelText('Choose the file to upload', undefined, FIRST);
    chooseFile(makeFile('pan.pdf', 'application/pdf'));
    expect(await screen.findByTestId('request-cancelled', undefined, FIRST)).toBeTruthy();
  });

  it('an approved request shows its file and nothing to upload', async () => {
    installFakeApi((call) =>
      call.path === `/api/request-documents/${REQUEST_ID}`
        ? ok(makeStepRequest({ status: 'APPROVED', file: { name: 'pan.pdf', mime_type: 'application/pdf' } }))
        : undefined,
    );
    renderApp(LINK);
    expect(await screen.findByTestId('request-closed-note', undefined, FIRST)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace the file' })).toBeNull();
    expect(screen.queryByLabelText('Choose the file to upload')).toBeNull();
  });

  it('shows no banner when the request is not part of a packet (404), and refuses a file type the step does not take before any call', async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/request-documents/${REQUEST_ID}`
        ? ok(makeStepRequest({ accepted_types: ['pdf'] }))
        : undefined,
    );
    renderApp(`/company-documents/requested/${REQUEST_ID}/execute?token=${LINK_SECRET}`);
    expect(await screen.findByText('Ravi Kumar asks you for your PAN card', undefined, FIRST)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/api/workflow/user-status', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/workflow/user-status')[0]!.headers.workflowdataid).toBeUndefined();
    expect(screen.queryByTestId('packet-banner')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    chooseFile(makeFile('pan.png', 'image/png'));
    expect(await screen.findByText('This request takes PDF only.')).toBeTruthy();
    expect(api.callsTo(`/api/documents/${REQUEST_ID}/upload-url`)).toHaveLength(0);
  });

  it('a signed-in contact without the link reads the request from their own list and hands the file in with their token', async () => {
    seedContactSession();
    FakeXhr.install();
    const mine = makeStepRequest({
      company: null,
      contact: { _id: 'c1', email: 'tara@example.com', first_name: 'Tara', last_name: 'Nair' },
    });
    const api = installFakeApi((call) => {
      if (call.path === '/api/employee-document-requests')
        return ok({ data: [mine], total: 1, page: 1, total_pages: 1 });
      if (call.path === `/api/documents/${REQUEST_ID}/upload-url`)
        return ok({
          upload_url: '/api/storage/put/2',
          file_ref_id: 'companies/c1/uploads/2',
          expires_at: '',
        });
      if (call.path === '/api/employee-documents') return ok({ ...mine, status: 'UPLOADED' });
      return undefined;
    });
    renderApp(PAGE);
    // Their own request: asked of them, not "requested from" them.
    expect(await screen.findByText('Ravi Kumar asks you for your PAN card', undefined, FIRST)).toBeTruthy();
    expect(api.callsTo(`/api/request-documents/${REQUEST_ID}`)).toHaveLength(0);
    chooseFile(makeFile('pan.jpg', 'image/jpeg'));
    expect(await screen.findByTestId('request-done')).toBeTruthy();
    const [handIn] = api.callsTo('/api/employee-documents', 'POST');
    expect(handIn!.headers.authorization).toBe('Bearer contact-access-1');
    expect(handIn!.headers.requestid).toBeUndefined();
    // The packet of the address lets the banner ask with the bearer.
    expect(api.callsTo('/api/workflow/user-status', 'POST')[0]?.headers.workflowdataid).toBe(PACKET_ID);
  });

  it('sends a visitor without the link and without a session to sign in', async () => {
    const api = installFakeApi(() => undefined);
    const router = renderApp(PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), FIRST);
    expect(api.callsTo(`/api/request-documents/${REQUEST_ID}`)).toHaveLength(0);
  });
});
