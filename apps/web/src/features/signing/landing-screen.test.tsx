import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import { readSignerCredentials } from './signer-credentials';
import {
  DOC_ID,
  SECRET,
  USER_ID,
  expiryState,
  makeRecord,
  renderSigning,
  signerHeadersOf,
} from './signing-test-utils';

const ahead = vi.hoisted(() => vi.fn());
vi.mock('../editor/pdf/pdf-document', () => ({
  openPdfDocumentAhead: ahead,
  openPdfDocument: vi.fn(async () => ({
    numPages: 2,
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    destroy: () => {},
  })),
}));

const LANDING = `/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}`;
const LINK = `${LANDING}?token=${SECRET}`;

guestPerTest();

describe('the signing link', () => {
  it('fetches the document and the view only once the landing has been read a moment', async () => {
    ahead.mockClear();
    vi.stubGlobal('Worker', class {});
    try {
      installFakeApi((call) => (call.path === `/api/e-signs/${DOC_ID}` ? ok(makeRecord()) : undefined));
      renderSigning(LINK);
      expect(await screen.findByTestId('ready-to-sign')).toBeTruthy();
      // Pressed at once, "Review and sign" would find the main thread free for the first page.
      expect(ahead).not.toHaveBeenCalled();
      await waitFor(() => expect(ahead).toHaveBeenCalledTimes(1), { timeout: 3000 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves the document to the signing view when "Review and sign" is pressed at once', async () => {
    ahead.mockClear();
    vi.stubGlobal('Worker', class {});
    try {
      installFakeApi((call) => {
        if (call.path === `/api/e-signs/${DOC_ID}`) return ok(makeRecord());
        if (call.path === '/api/e-sign/no-secure-signature') return ok({ verified: true, gates: [] });
        return undefined;
      });
      renderSigning(LINK);
      fireEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
      expect(await screen.findByTestId('signing-view', {}, { timeout: 3000 })).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(ahead).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the secret for the tab only, drops it from the address, and sends the signer headers', async () => {
    const api = installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) return ok(makeRecord());
      return undefined;
    });
    const router = renderSigning(LINK);

    expect(await screen.findByTestId('ready-to-sign')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByTestId('document-name').textContent).toContain('Sale deed');
    expect(screen.getByTestId('email-message').textContent).toContain('Please sign by Friday.');

    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe(LANDING);
    expect(readSignerCredentials(DOC_ID)).toMatchObject({ user_id: USER_ID, password: SECRET });
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);

    const [read] = api.callsTo(`/api/e-signs/${DOC_ID}`, 'GET');
    expect(signerHeadersOf(read!)).toEqual({ documentid: DOC_ID, userid: USER_ID, password: SECRET });
  });

  it('records the opening and goes on to the signing view with "Review and sign"', async () => {
    const api = installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) return ok(makeRecord());
      if (call.path === '/api/e-sign/no-secure-signature') return ok({ verified: true, gates: [] });
      return undefined;
    });
    const router = renderSigning(LINK);
    fireEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/emp-documents/custom/${DOC_ID}/pp`));
    expect(api.callsTo('/api/e-sign/no-secure-signature', 'POST')).toHaveLength(1);
    expect(await screen.findByTestId('signing-view')).toBeTruthy();
  });

  it('takes a refused link (401) to the expired screen, which says so when the server does not know it either', async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/e-signs/${DOC_ID}` || call.path.endsWith('/verify-expiry-token')
        ? fail(401, 'This signing link is not valid or has expired.')
        : undefined,
    );
    const router = renderSigning(LINK);
    expect(await screen.findByText('This link does not work')).toBeTruthy();
    expect(screen.getByText('This signing link is not valid or has expired.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${LANDING}/expired`);
    expect(api.callsTo(`/api/documents/${DOC_ID}/document-users/verify-expiry-token`, 'POST')).toHaveLength(
      1,
    );
  });

  it('asks for the link from the mail when the tab has no secret and nobody is signed in', async () => {
    const api = installFakeApi(() => undefined);
    renderSigning(LANDING);
    expect(await screen.findByTestId('open-link')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows "waiting for others" while an earlier recipient has not finished', async () => {
    installFakeApi((call) =>
      call.path === `/api/e-signs/${DOC_ID}`
        ? ok(makeRecord({ blocked: 'WAITING_FOR_OTHERS', file: null, fields: [] }))
        : undefined,
    );
    renderSigning(LINK);
    expect(await screen.findByText('Waiting for others')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review and sign' })).toBeNull();
  });

  it('sends an expired document to its own screen, naming the sender', async () => {
    installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`)
        return ok(makeRecord({ blocked: 'EXPIRED', file: null, fields: [] }));
      if (call.path.endsWith('/verify-expiry-token')) return ok(expiryState({ state: 'DOCUMENT_EXPIRED' }));
      return undefined;
    });
    const router = renderSigning(LINK);
    expect(await screen.findByText('This link has expired')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${LANDING}/expired`);
    expect(screen.getByRole('link', { name: /Email Ada Lovelace/ }).getAttribute('href')).toContain(
      'mailto:ada@acme.test',
    );
  });

  it('sends a recipient who already finished to the signed screen', async () => {
    installFakeApi((call) =>
      call.path === `/api/e-signs/${DOC_ID}` ? ok(makeRecord({ blocked: 'ALREADY_FINISHED' })) : undefined,
    );
    const router = renderSigning(LINK);
    expect(await screen.findByText('You have already signed')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/emp-documents/custom/${DOC_ID}/pp/signed`);
  });
});

describe('the email-code gate', () => {
  const gated = () => makeRecord({ gates: ['EMAIL_CODE'], verified: false, file: null, fields: [] });

  it('mails a code, shows a wrong code error, then opens once the right code is in', async () => {
    let verified = false;
    const api = installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) return ok(verified ? makeRecord() : gated());
      if (call.path === '/api/e-sign/send-verification') {
        return ok({
          sent_to: 'r***@example.com',
          expires_at: '2027-01-01T00:10:00Z',
          resend_after_seconds: 60,
        });
      }
      if (call.path === '/api/e-sign/verify') {
        const code = (call.body as { code: string }).code;
        if (code !== '123456') return invalid({ code: 'Wrong code: 4 tries left' });
        verified = true;
        return ok({ verified: true, gates: [] });
      }
      return undefined;
    });
    renderSigning(LINK);

    fireEvent.click(await screen.findByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(/r\*\*\*@example\.com/)).toBeTruthy();
    expect(signerHeadersOf(api.callsTo('/api/e-sign/send-verification')[0]!).password).toBe(SECRET);
    // The countdown of the server's resend wait.
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ })).toHaveProperty('disabled', true);

    const first = screen.getByLabelText('Verification code, digit 1 of 6');
    fireEvent.change(first, { target: { value: '999999' } });
    expect(await screen.findByText('Wrong code: 4 tries left')).toBeTruthy();
    expect(screen.queryByTestId('ready-to-sign')).toBeNull();

    fireEvent.change(screen.getByLabelText('Verification code, digit 1 of 6'), {
      target: { value: '123456' },
    });
    expect(await screen.findByTestId('ready-to-sign')).toBeTruthy();
    expect(api.callsTo('/api/e-sign/verify').map((c) => c.body)).toEqual([
      { code: '999999' },
      { code: '123456' },
    ]);

    // The code already proved the recipient: no "opened through the link" record.
    fireEvent.click(screen.getByRole('button', { name: 'Review and sign' }));
    await screen.findByTestId('signing-view');
    expect(api.callsTo('/api/e-sign/no-secure-signature')).toHaveLength(0);
  });

  it('shows why a code cannot be sent (429)', async () => {
    installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) return ok(gated());
      if (call.path === '/api/e-sign/send-verification')
        return fail(429, 'Wait 42 s before asking for a new code');
      return undefined;
    });
    renderSigning(LINK);
    fireEvent.click(await screen.findByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('Wait 42 s before asking for a new code')).toBeTruthy();
  });
});

describe('the authorized representative', () => {
  const gated = () =>
    makeRecord({ gates: ['REPRESENTATIVE_PASSWORD'], verified: false, file: null, fields: [] });

  it.each([
    ['/emp/documents/custom/{id}/pp/verify-password', `/emp/documents/custom/${DOC_ID}/pp/verify-password`],
    [
      '/emp/documents/custom/document/{id}/pp/verify-password',
      `/emp/documents/custom/document/${DOC_ID}/pp/verify-password`,
    ],
  ])('%s checks the password and goes back to the landing', async (_pattern, path) => {
    let accepted = false;
    const api = installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) return ok(accepted ? makeRecord() : gated());
      if (call.path === '/api/authorized-representative/verify-password') {
        if ((call.body as { password: string }).password !== 'right-pass') {
          return invalid({ password: 'Wrong password: 4 tries left' });
        }
        accepted = true;
        return ok({ verified: true, gates: [] });
      }
      return undefined;
    });
    // The landing stores the link's secret first, as it does when the mail's link is opened.
    sessionStorage.setItem(
      `esigns.signer.${DOC_ID}`,
      JSON.stringify({ document_id: DOC_ID, user_id: USER_ID, password: SECRET }),
    );
    const router = renderSigning(path);

    const input = await screen.findByLabelText('Document password');
    fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong password: 4 tries left')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'right-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('ready-to-sign')).toBeTruthy();
    expect(router.state.location.pathname).toBe(LANDING);
    const check = api.callsTo('/api/authorized-representative/verify-password')[1]!;
    expect(signerHeadersOf(check)).toEqual({ documentid: DOC_ID, userid: USER_ID, password: SECRET });
    expect(readSignerCredentials(DOC_ID)?.representative).toBe(true);
  });

  it('the landing sends a representative to the password screen', async () => {
    installFakeApi((call) => (call.path === `/api/e-signs/${DOC_ID}` ? ok(gated()) : undefined));
    const router = renderSigning(LINK);
    expect(await screen.findByLabelText('Document password')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/emp/documents/custom/${DOC_ID}/pp/verify-password`);
  });
});
