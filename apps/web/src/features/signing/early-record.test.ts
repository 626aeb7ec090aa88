import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import { prefetchLandingRecord } from './early-record';
import { SIGNING_KEYS } from './signing-api';
import { readSignerCredentials } from './signer-credentials';
import { DOC_ID, SECRET, USER_ID, makeRecord, signerHeadersOf } from './signing-test-utils';

const LANDING = `/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}`;

guestPerTest();
afterEach(() => {
  // jsdom has no object URLs (a test above lends one).
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
});

describe('the signing landing record asked for before the app renders', () => {
  it("asks with the link's credentials, keeps them for the tab and caches the answer", async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/e-signs/${DOC_ID}` ? ok(makeRecord()) : undefined,
    );
    const client = new QueryClient();
    prefetchLandingRecord(client, { pathname: LANDING, search: `?token=${SECRET}` });
    await expect.poll(() => client.getQueryData(SIGNING_KEYS.record(DOC_ID))).toBeTruthy();
    const [call] = api.callsTo(`/api/e-signs/${DOC_ID}`, 'GET');
    expect(signerHeadersOf(call!)).toEqual({ documentid: DOC_ID, userid: USER_ID, password: SECRET });
    expect(readSignerCredentials(DOC_ID)?.password).toBe(SECRET);
  });

  it("asks for the first page's image as soon as the record is in", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:first-page');
    const id = '0a1b2c3d-0000-4000-8000-0000000000e1';
    const api = installFakeApi((call) => {
      if (call.path === `/api/e-signs/${id}`) return ok(makeRecord());
      if (call.path === `/api/e-signs/${id}/first-page`) {
        return new Response(new Uint8Array([0x89, 0x50]), {
          status: 200,
          headers: { 'content-type': 'image/png' },
        });
      }
      return undefined;
    });
    const client = new QueryClient();
    prefetchLandingRecord(client, {
      pathname: `/emp-documents/preview/${id}/pp/vp/${USER_ID}`,
      search: `?token=${SECRET}`,
    });
    await expect.poll(() => api.callsTo(`/api/e-signs/${id}/first-page`, 'GET').length).toBe(1);
    const [call] = api.callsTo(`/api/e-signs/${id}/first-page`, 'GET');
    expect(signerHeadersOf(call!)).toEqual({ documentid: id, userid: USER_ID, password: SECRET });
  });

  it('asks nothing elsewhere, without credentials, or for a damaged address', () => {
    const api = installFakeApi(() => ok(makeRecord()));
    const client = new QueryClient();
    prefetchLandingRecord(client, { pathname: `${LANDING}/expired`, search: `?token=${SECRET}` });
    prefetchLandingRecord(client, { pathname: '/signin', search: '' });
    prefetchLandingRecord(client, { pathname: `/emp-documents/preview/${DOC_ID}/pp/vp/u1`, search: '' });
    prefetchLandingRecord(client, { pathname: '/emp-documents/preview/%E0%A4/pp/vp/u1', search: '?token=x' });
    expect(api.calls).toHaveLength(0);
  });
});
