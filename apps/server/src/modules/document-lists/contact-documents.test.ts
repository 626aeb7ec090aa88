import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts';
import { signedInContact, type ContactSession } from '../../../test/contact-session';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { signatureField, signer } from '../documents/test-helpers';
import { linkHeaders, pngDataUrl, sendForSigning, signerCaller, waitForSeal } from '../signing/test-helpers';

/*
 * The contact area's documents: GET /application-user/documents and
 * POST /application-user/documents/{id}/download, for a signed-in contact only.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let x: ContactSession;
let y: ContactSession;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t);
  other = await seedCompany(t);
  x = await signedInContact(t, { headers: { authorization: `Bearer ${acme.users.OWNER.token}` } });
  y = await signedInContact(t, { headers: { authorization: `Bearer ${acme.users.OWNER.token}` } });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
const post = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers, payload: {}, remoteAddress: nextIp() });

const sendTo = (company: SeededCompany, email: string, name: string) =>
  sendForSigning(t, company.users.OWNER, company.companyId, {
    name,
    document_users: [signer('r1', email)],
    fields: [signatureField('f1', 'r1')],
  });

type Row = {
  _id: string;
  waiting_for_me: boolean;
  sign_url: string | null;
  can_download: boolean;
  status: string;
  recipient: { _id: string; status: string };
  sender: { email: string };
  progress: { done: number; required: number };
};
const rowsOf = (res: { json: () => { data: { data: Row[] } } }) => res.json().data.data;

describe('contact area documents', () => {
  it("lists the contact's documents only, signs through sign_url, then downloads the sealed copy", async () => {
    const mine = await sendTo(acme, x.email, 'Lease for X');
    const theirs = await sendTo(acme, y.email, 'Lease for Y');
    const foreign = await sendTo(other, x.email, 'Elsewhere');

    const list = await get('/api/application-user/documents?filter=waiting', x.headers);
    expect(list.statusCode, list.body).toBe(200);
    const rows = rowsOf(list);
    expect(rows.map((r) => r._id)).toEqual([mine._id]);
    const row = rows[0]!;
    expect(row).toMatchObject({
      waiting_for_me: true,
      can_download: false,
      status: 'WAITING',
      sender: { email: acme.users.OWNER.email },
      progress: { done: 0, required: 1 },
    });
    const link = /^\/emp-documents\/preview\/([^/]+)\/pp\/vp\/([^/?]+)\?token=(.+)$/.exec(row.sign_url ?? '');
    expect(link?.[1]).toBe(mine._id);
    expect(link?.[2]).toBe(row.recipient._id);
    expect(list.json().data).toMatchObject({ total: 1, page: 1 });

    // Reading the list again gives the same link and adds none: the mailed link stays live
    // (a recipient keeps at most 5 live links).
    for (let read = 0; read < 7; read += 1) {
      const again = rowsOf(await get('/api/application-user/documents?filter=waiting', x.headers));
      expect(again[0]?.sign_url).toBe(row.sign_url);
    }
    const mailed = await linkHeaders(t, x.email, mine._id);
    const opened = await signerCaller(t)('GET', `/api/e-signs/${mine._id}`, mailed);
    expect(opened.statusCode, opened.body).toBe(200);

    // Y sees their own document, never X's.
    const ofY = rowsOf(await get('/api/application-user/documents', y.headers));
    expect(ofY.map((r) => r._id)).toEqual([theirs._id]);
    // Search narrows by name.
    expect(rowsOf(await get('/api/application-user/documents?search=nothing-like-it', x.headers))).toEqual(
      [],
    );
    expect(rowsOf(await get('/api/application-user/documents?search=lease', x.headers))).toHaveLength(1);

    // Not sealed yet: 409.
    expect((await post(`/api/application-user/documents/${mine._id}/download`, x.headers)).statusCode).toBe(
      409,
    );

    // The link's secret opens the signing screen as X's recipient: X signs and the document is sealed.
    const finish = await signerCaller(t)(
      'POST',
      `/api/documents/${mine._id}/finish`,
      { documentid: mine._id, userid: link![2]!, password: decodeURIComponent(link![3]!) },
      { values: { f1: pngDataUrl() } },
    );
    expect(finish.statusCode, finish.body).toBe(200);
    expect((await waitForSeal(t, mine._id)).status).toBe('DONE');

    const done = rowsOf(await get('/api/application-user/documents?filter=completed', x.headers));
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      _id: mine._id,
      status: 'COMPLETED',
      waiting_for_me: false,
      sign_url: null,
      can_download: true,
      recipient: { status: 'SIGNED' },
      progress: { done: 1, required: 1 },
    });
    expect(rowsOf(await get('/api/application-user/documents?filter=waiting', x.headers))).toEqual([]);

    const download = await post(`/api/application-user/documents/${mine._id}/download`, x.headers);
    expect(download.statusCode, download.body).toBe(200);
    expect(typeof download.json().data.Location).toBe('string');
    expect(download.json().data.Location.length).toBeGreaterThan(0);

    // Y on X's document, X on Y's, X on another company's (sent to the same email): 404.
    expect((await post(`/api/application-user/documents/${mine._id}/download`, y.headers)).statusCode).toBe(
      404,
    );
    expect((await post(`/api/application-user/documents/${theirs._id}/download`, x.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await post(`/api/application-user/documents/${foreign._id}/download`, x.headers)).statusCode,
    ).toBe(404);
    expect((await post('/api/application-user/documents/not-an-id/download', x.headers)).statusCode).toBe(
      404,
    );
  });

  it('answers 422 to a bad filter or search, 401 without a token and 403 to a staff token', async () => {
    const bad = await get('/api/application-user/documents?filter=mine', x.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().success).toBe(false);
    const long = await get(`/api/application-user/documents?search=${'a'.repeat(101)}`, x.headers);
    expect(long.statusCode).toBe(422);
    // Paging that is not a whole number in range, keyed by its field.
    for (const [query, key] of [
      ['limit=abc', 'limit'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=2.5', 'limit'],
      ['page=0', 'page'],
      ['page=-3', 'page'],
      ['page=x', 'page'],
    ] as const) {
      const res = await get(`/api/application-user/documents?${query}`, x.headers);
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json()), query).toContain(`"${key}"`);
    }
    const paged = await get('/api/application-user/documents?page=1&limit=1', x.headers);
    expect(paged.statusCode, paged.body).toBe(200);
    expect(paged.json().data.data.length).toBeLessThanOrEqual(1);
    expect((await get('/api/application-user/documents', {})).statusCode).toBe(401);
    const staff = { authorization: `Bearer ${acme.users.OWNER.token}` };
    expect((await get('/api/application-user/documents', staff)).statusCode).toBe(403);
    const anyId = '00000000-0000-4000-8000-000000000000';
    expect((await post(`/api/application-user/documents/${anyId}/download`, staff)).statusCode).toBe(403);
  });
});
