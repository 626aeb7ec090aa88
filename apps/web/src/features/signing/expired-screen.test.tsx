import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import { saveSignerCredentials } from './signer-credentials';
import { DOC_ID, SECRET, USER_ID, expiryState, makeRecord, renderSigning } from './signing-test-utils';

const LANDING = `/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}`;
const EXPIRED = `${LANDING}/expired`;
const VERIFY = `/api/documents/${DOC_ID}/document-users/verify-expiry-token`;
const RESEND = `/api/documents/${DOC_ID}/document-users/resend-document-expiry-link`;

guestPerTest();

const withLink = () => saveSignerCredentials({ document_id: DOC_ID, user_id: USER_ID, password: SECRET });

describe('the expired link screen', () => {
  it('offers a replaced link a new one, sends the link credentials once and shows where it went', async () => {
    withLink();
    const api = installFakeApi((call) => {
      if (call.path === VERIFY) return ok(expiryState());
      if (call.path === RESEND) return ok({ email: 'j***@example.com', resend_after_seconds: 300 });
      return undefined;
    });
    renderSigning(EXPIRED);
    expect(await screen.findByTestId('link-replaced')).toBeTruthy();
    expect(screen.getByText('j***@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(screen.getByTestId('link-sent').textContent).toContain('j***@example.com');
    const sends = api.callsTo(RESEND, 'POST');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toEqual({ user_id: USER_ID, token: SECRET });
    expect(api.callsTo(VERIFY, 'POST')[0]!.body).toEqual({ user_id: USER_ID, token: SECRET });
  });

  it("shows the server's refusal (too soon) under the button and lets the recipient try again", async () => {
    withLink();
    let tries = 0;
    installFakeApi((call) => {
      if (call.path === VERIFY) return ok(expiryState());
      if (call.path === RESEND) {
        tries += 1;
        return tries === 1
          ? fail(
              429,
              'A link was mailed to j***@example.com a moment ago: check your inbox, or try again in 5 minutes',
            )
          : ok({ email: 'j***@example.com', resend_after_seconds: 300 });
      }
      return undefined;
    });
    renderSigning(EXPIRED);
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    expect((await screen.findByTestId('link-send-error')).textContent).toContain('a moment ago');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
  });

  it('names the sender of a document whose time to sign is over, with no new link offered', async () => {
    withLink();
    installFakeApi((call) =>
      call.path === VERIFY ? ok(expiryState({ state: 'DOCUMENT_EXPIRED' })) : undefined,
    );
    renderSigning(EXPIRED);
    expect(await screen.findByTestId('expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
    expect(screen.getByRole('link', { name: /Email Ada Lovelace/ }).getAttribute('href')).toContain(
      'mailto:ada@acme.test',
    );
  });

  it('says there is nothing left to sign for a finished or withdrawn document', async () => {
    withLink();
    installFakeApi((call) => (call.path === VERIFY ? ok(expiryState({ state: 'CLOSED' })) : undefined));
    renderSigning(EXPIRED);
    expect(await screen.findByText('Nothing left to sign here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
  });

  it('goes back to the landing when the link still works', async () => {
    withLink();
    installFakeApi((call) => {
      if (call.path === VERIFY) return ok(expiryState({ state: 'ACTIVE', can_request_new_link: false }));
      if (call.path === `/api/e-signs/${DOC_ID}`) return ok(makeRecord());
      return undefined;
    });
    const router = renderSigning(EXPIRED);
    await waitFor(() => expect(router.state.location.pathname).toBe(LANDING));
    expect(await screen.findByTestId('ready-to-sign')).toBeTruthy();
  });

  it('without a link in the tab, explains the expiry without calling the link check', async () => {
    const api = installFakeApi(() => undefined);
    renderSigning(EXPIRED);
    expect(await screen.findByTestId('expired')).toBeTruthy();
    expect(api.callsTo(VERIFY, 'POST')).toHaveLength(0);
  });
});
