import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { companyDateStyle } from '../settings';
import { contacts } from '../contacts/schema';
import { appNotifications } from '../notifications/schema';
import { mailRequestLink } from './request-documents';
import { INVALID_REQUEST_LINK_MESSAGE } from './request-documents-link';
import { documentRequests } from './schema';
import { loadSenderInfo } from './sender-info';
import { caller, makePdf, mailsTo, uniqueEmail } from './test-helpers';

/*
 * A document request's own link: the contact reads the request and hands the file in with the
 * headers `requestid` + `password` (the mailed token), for that one request only.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let pdf: Buffer;
let ipSeq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Links' });
  other = await seedCompany(t, { name: 'Other Links' });
  pdf = await makePdf(1);
});
afterAll(async () => {
  await t.close();
});

type LinkHeaders = { requestid: string; password: string };

/** A call with a request link's headers (and no token), from its own address unless one is given. */
function asLink(method: 'GET' | 'POST', url: string, headers: LinkHeaders, payload?: object, ip?: string) {
  ipSeq += 1;
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: ip ?? `10.71.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
    ...(payload ? { payload } : {}),
  });
}

/** The request link of the newest mail to `email`: `/company-documents/requested/{id}/execute?token=`. */
async function linkMailedTo(email: string): Promise<{ url: string; headers: LinkHeaders }> {
  const [mail] = await mailsTo(t, email);
  const match =
    /(\/company-documents\/requested\/([0-9a-f-]{36})(?:\/workflow\/[0-9a-f-]{36})?\/execute)\?token=([A-Za-z0-9_%-]+)/.exec(
      mail!.html,
    );
  expect(match, mail!.html).not.toBeNull();
  return { url: match![1]!, headers: { requestid: match![2]!, password: decodeURIComponent(match![3]!) } };
}

/** A request from the company's MANAGER to a new contact, and its mailed link. */
async function requested(company: SeededCompany, cardType = 'PAN card') {
  const email = uniqueEmail('linked');
  const [contact] = await t.platform.database.db
    .insert(contacts)
    .values({ companyId: company.companyId, email, firstName: 'Lina', lastName: 'Link' })
    .returning();
  const res = await call('POST', '/api/request-documents', company.users.MANAGER, {
    contact_id: contact!.id,
    card_type: cardType,
    message: 'For the lease',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data._id as string;
  return { id, email, link: await linkMailedTo(email) };
}

async function uploadWithLink(headers: LinkHeaders, id: string) {
  const res = await asLink('POST', `/api/documents/${id}/upload-url`, headers, {
    file_name: 'pan.pdf',
    content_type: 'application/pdf',
    size: pdf.length,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { upload_url: url, file_ref_id: ref } = res.json().data;
  const target = new URL(url);
  const put = await t.app.inject({
    method: 'PUT',
    url: target.pathname + target.search,
    payload: pdf,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(put.statusCode).toBe(200);
  return ref as string;
}

describe('a request link', () => {
  it('reads its request and hands the file in without signing in; the requester is told', async () => {
    const { id, link } = await requested(acme);
    expect(link.url).toBe(`/company-documents/requested/${id}/execute`);
    const read = await asLink('GET', `/api/request-documents/${id}`, link.headers);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({
      _id: id,
      card_type: 'PAN card',
      message: 'For the lease',
      status: 'REQUESTED',
      due_at: null,
      company: { name: 'Acme Links', logo_url: null },
      requested_by: { name: expect.any(String), email: acme.users.MANAGER.email },
      file: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const ref = await uploadWithLink(link.headers, id);
    const done = await asLink('POST', '/api/employee-documents', link.headers, {
      request_id: id,
      file_ref_id: ref,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      _id: id,
      status: 'UPLOADED',
      file: { name: 'pan.pdf', mime_type: 'application/pdf' },
    });
    expect(done.json().data.contact).toBeUndefined();
    const notes = await t.platform.database.db
      .select()
      .from(appNotifications)
      .where(
        and(
          eq(appNotifications.userId, acme.users.MANAGER.userId),
          eq(appNotifications.event, 'document-request.uploaded'),
        ),
      );
    expect(notes.map((n) => (n.data as { request_id?: string }).request_id)).toContain(id);
    // Staff read it as before.
    const staff = await call('GET', `/api/request-documents/${id}`, acme.users.MANAGER);
    expect(staff.json().data).toMatchObject({ status: 'UPLOADED', contact: { email: expect.any(String) } });
  });

  it('keeps the links mailed before working when a new one is mailed (up to five)', async () => {
    const { id, email, link: first } = await requested(acme, 'Aadhaar');
    const db = t.platform.database.db;
    const requester = await loadSenderInfo(db, acme.companyId, acme.users.MANAGER.userId);
    const dates = await companyDateStyle(db, acme.companyId);
    const packetId = '00000000-0000-4000-8000-00000000beef';
    const links: LinkHeaders[] = [first.headers];
    for (let i = 0; i < 5; i++) {
      await db.transaction((tx) =>
        mailRequestLink(t.platform, tx, {
          companyId: acme.companyId,
          requestId: id,
          packetId,
          requester,
          dates,
        }),
      );
      const next = await linkMailedTo(email);
      expect(next.url).toBe(`/company-documents/requested/${id}/workflow/${packetId}/execute`);
      links.push(next.headers);
    }
    expect((await asLink('GET', `/api/request-documents/${id}`, links[0]!)).statusCode).toBe(401);
    for (const headers of links.slice(1)) {
      expect((await asLink('GET', `/api/request-documents/${id}`, headers)).statusCode).toBe(200);
    }
  });

  it("refuses a wrong secret, another request's id and another company's request with 401 and one message", async () => {
    const mine = await requested(acme, 'Voter ID');
    const second = await requested(acme, 'Voter ID');
    const foreign = await requested(other, 'Voter ID');
    const wrong = { ...mine.link.headers, password: `${mine.link.headers.password.slice(0, -2)}xx` };
    const cases: [string, LinkHeaders, string][] = [
      ['wrong secret', wrong, mine.id],
      ['another request in the path', mine.link.headers, second.id],
      ["another company's request in the path", mine.link.headers, foreign.id],
      [
        "another request's header with this secret",
        { ...mine.link.headers, requestid: second.id },
        second.id,
      ],
    ];
    for (const [what, headers, id] of cases) {
      const read = await asLink('GET', `/api/request-documents/${id}`, headers);
      expect(read.statusCode, what).toBe(401);
      expect(read.json().message).toBe(INVALID_REQUEST_LINK_MESSAGE);
      const url = await asLink('POST', `/api/documents/${id}/upload-url`, headers, {
        file_name: 'a.pdf',
        content_type: 'application/pdf',
        size: 10,
      });
      expect(url.statusCode, what).toBe(401);
    }
    const ref = await uploadWithLink(mine.link.headers, mine.id);
    const elsewhere = await asLink('POST', '/api/employee-documents', mine.link.headers, {
      request_id: second.id,
      file_ref_id: ref,
    });
    expect(elsewhere.statusCode).toBe(401);
    // Another link's upload is not this link's (404), nor is a signed-in member's.
    const theirs = await uploadWithLink(second.link.headers, second.id);
    const stolen = await asLink('POST', '/api/employee-documents', mine.link.headers, {
      request_id: mine.id,
      file_ref_id: theirs,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await asLink('GET', '/api/request-documents-list/all', mine.link.headers)).statusCode).toBe(401);
  });

  it('answers 409 for an APPROVED request and 429 to an address after 20 failures', async () => {
    const { id, link } = await requested(acme, 'Sale deed');
    await t.platform.database.db
      .update(documentRequests)
      .set({ status: 'APPROVED' })
      .where(eq(documentRequests.id, id));
    expect((await asLink('GET', `/api/request-documents/${id}`, link.headers)).json().data.status).toBe(
      'APPROVED',
    );
    const closed = await asLink('POST', `/api/documents/${id}/upload-url`, link.headers, {
      file_name: 'a.pdf',
      content_type: 'application/pdf',
      size: 10,
    });
    expect(closed.statusCode).toBe(409);
    const bad = { ...link.headers, password: 'wrong-secret' };
    for (let i = 0; i < 20; i++) {
      expect(
        (await asLink('GET', `/api/request-documents/${id}`, bad, undefined, '10.72.1.1')).statusCode,
      ).toBe(401);
    }
    expect(
      (await asLink('GET', `/api/request-documents/${id}`, link.headers, undefined, '10.72.1.1')).statusCode,
    ).toBe(429);
    expect(
      (await asLink('GET', `/api/request-documents/${id}`, link.headers, undefined, '10.72.1.2')).statusCode,
    ).toBe(200);
  });

  it.each([
    ['a malformed request id', (h: LinkHeaders) => ({ ...h, requestid: 'not-a-uuid' })],
    ['an empty secret', (h: LinkHeaders) => ({ ...h, password: '' })],
    ['no secret', (h: LinkHeaders) => ({ requestid: h.requestid }) as LinkHeaders],
    [
      'an unknown request id',
      (h: LinkHeaders) => ({ ...h, requestid: '00000000-0000-4000-8000-000000000000' }),
    ],
    ['a secret of 300 characters', (h: LinkHeaders) => ({ ...h, password: 'x'.repeat(300) })],
  ])('refuses %s', async (_what, mutate) => {
    const { id, link } = await requested(acme, 'Bank statement');
    const headers = mutate(link.headers);
    const res = await asLink('GET', `/api/request-documents/${id}`, headers);
    // Without a usable `requestid` the call is a signed-out staff call (401 too).
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an empty body', {}, ['file_name', 'content_type', 'size']],
    [
      'a program',
      { file_name: 'a.exe', content_type: 'application/x-msdownload', size: 10 },
      ['content_type'],
    ],
    [
      'a huge file',
      { file_name: 'a.pdf', content_type: 'application/pdf', size: 60 * 1024 * 1024 },
      ['size'],
    ],
    ['an empty file', { file_name: 'a.pdf', content_type: 'application/pdf', size: 0 }, ['size']],
  ])('answers 422 for %s', async (_what, body, keys) => {
    const { id, link } = await requested(acme, 'Utility bill');
    const res = await asLink('POST', `/api/documents/${id}/upload-url`, link.headers, body);
    expect(res.statusCode).toBe(422);
    const found = (res.json().errors.details as { key: string }[]).map((d) => d.key);
    expect(found.sort()).toEqual([...keys].sort());
  });

  it('answers 422 for a hand-in without its file and 404 for a made-up upload key', async () => {
    const { id, link } = await requested(acme, 'Passport');
    const none = await asLink('POST', '/api/employee-documents', link.headers, { request_id: id });
    expect(none.statusCode).toBe(422);
    const madeUp = await asLink('POST', '/api/employee-documents', link.headers, {
      request_id: id,
      file_ref_id: `companies/${acme.companyId}/uploads/../../x`,
    });
    expect(madeUp.statusCode).toBe(404);
  });
});
