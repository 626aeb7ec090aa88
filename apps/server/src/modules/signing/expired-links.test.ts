import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentLogs, documentUsers, employeeDocuments } from '../documents/schema';
import {
  caller,
  mailsTo,
  signatureField,
  signer,
  signingLinkOf,
  uniqueEmail,
} from '../documents/test-helpers';
import { INVALID_LINK_MESSAGE } from './signer-access';
import { linkHeaders, nextSignerIp, sendForSigning, signerCaller, type SignerHeaders } from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

const verifyUrl = (id: string) => `/api/documents/${id}/document-users/verify-expiry-token`;
const resendUrl = (id: string) => `/api/documents/${id}/document-users/resend-document-expiry-link`;

const post = (url: string, payload: unknown, ip = nextSignerIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'user-agent': 'vitest-expired-link' },
    payload: payload as object,
  });

const bodyOf = (h: SignerHeaders) => ({ user_id: h.userid, token: h.password });

/** A document of `company` sent to two signers, with their mailed links. */
async function sent(company: SeededCompany = acme) {
  const a = uniqueEmail('a');
  const b = uniqueEmail('b');
  const doc = await sendForSigning(t, company.users.OWNER, company.companyId, {
    document_users: [signer('r1', a), signer('r2', b)],
    fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2', { page: 2 })],
  });
  return { doc, a, b, linkA: await linkHeaders(t, a, doc._id), linkB: await linkHeaders(t, b, doc._id) };
}

/** The sender generates a link for the recipient: every earlier link of theirs stops (is replaced). */
async function replaceLinks(doc: TEmployeeDocument, recipientId: string) {
  const res = await caller(t)(
    'POST',
    `/api/documents/${doc._id}/document-users/generate-document-link`,
    acme.users.OWNER,
    { document_user_id: recipientId },
  );
  expect(res.statusCode, res.body).toBe(200);
}

const sentMails = async (email: string, documentId: string) =>
  (await mailsTo(t, email)).filter(
    (m) => m.kind === 'document.sent' && signingLinkOf(m.html)?.documentId === documentId,
  );

const logActions = async (documentId: string, recipientId: string) =>
  (
    await t.platform.database.db
      .select({ action: documentLogs.action, ip: documentLogs.ip })
      .from(documentLogs)
      .where(
        and(eq(documentLogs.employeeDocumentId, documentId), eq(documentLogs.documentUserId, recipientId)),
      )
      .orderBy(documentLogs.seq)
  ).map((r) => r.action);

describe('verify-expiry-token', () => {
  it('answers a live link ACTIVE with the masked address, the document and its sender', async () => {
    const { doc, a, linkA } = await sent();
    const res = await post(verifyUrl(doc._id), bodyOf(linkA));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      state: 'ACTIVE',
      can_request_new_link: false,
      email: `a***@${a.split('@')[1]}`,
      document_name: doc.name,
    });
    expect(data.sender.email).toBe(acme.users.OWNER.email);
    expect(JSON.stringify(data)).not.toContain(a);
  });

  it('answers a replaced link LINK_EXPIRED; an expired or voided document says so', async () => {
    const { doc, linkA } = await sent();
    await replaceLinks(doc, linkA.userid);
    const replaced = await post(verifyUrl(doc._id), bodyOf(linkA));
    expect(replaced.json().data).toMatchObject({ state: 'LINK_EXPIRED', can_request_new_link: true });

    const db = t.platform.database.db;
    await db
      .update(employeeDocuments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(employeeDocuments.id, doc._id));
    const overdue = await post(verifyUrl(doc._id), bodyOf(linkA));
    expect(overdue.json().data).toMatchObject({ state: 'DOCUMENT_EXPIRED', can_request_new_link: false });

    await db.update(employeeDocuments).set({ status: 'VOIDED' }).where(eq(employeeDocuments.id, doc._id));
    const voided = await post(verifyUrl(doc._id), bodyOf(linkA));
    expect(voided.json().data).toMatchObject({ state: 'CLOSED', can_request_new_link: false });
  });

  it("answers a wrong token, another recipient's token, unknown ids and another company's document with the same 401", async () => {
    const { doc, linkA, linkB } = await sent();
    const foreign = await sent(other);
    const attempts: [string, string, unknown][] = [
      ['wrong token', doc._id, { ...bodyOf(linkA), token: `${linkA.password.slice(0, -2)}xx` }],
      ["another recipient's token", doc._id, { user_id: linkA.userid, token: linkB.password }],
      ['unknown recipient', doc._id, { ...bodyOf(linkA), user_id: '00000000-0000-4000-8000-000000000000' }],
      ['unknown document', '00000000-0000-4000-8000-000000000000', bodyOf(linkA)],
      ['not a uuid', 'not-a-document', bodyOf(linkA)],
      ["another company's document with this token", foreign.doc._id, bodyOf(linkA)],
      ["this document with another company's recipient", doc._id, bodyOf(foreign.linkA)],
    ];
    const reference = await post(verifyUrl(doc._id), { ...bodyOf(linkA), token: 'not-a-token' });
    const invalid = reference.json();
    expect(invalid.message).toBe(INVALID_LINK_MESSAGE);
    for (const [what, id, body] of attempts) {
      for (const url of [verifyUrl(id), resendUrl(id)]) {
        const res = await post(url, body);
        expect(res.statusCode, `${what} ${url}`).toBe(401);
        expect(res.json(), what).toEqual(invalid);
      }
    }
    expect(await sentMails(foreign.a, foreign.doc._id)).toHaveLength(1);
  });

  it('refuses bad input with 422 under the field, never a 500', async () => {
    const { doc, linkA } = await sent();
    const cases: [unknown, string][] = [
      [{}, 'user_id'],
      [{ token: linkA.password }, 'user_id'],
      [{ user_id: 'nope', token: linkA.password }, 'user_id'],
      [{ user_id: 42, token: linkA.password }, 'user_id'],
      [{ user_id: linkA.userid }, 'token'],
      [{ user_id: linkA.userid, token: '' }, 'token'],
      [{ user_id: linkA.userid, token: 'x'.repeat(201) }, 'token'],
      [{ user_id: linkA.userid, token: { $ne: null } }, 'token'],
      [{ user_id: [linkA.userid], token: linkA.password }, 'user_id'],
    ];
    for (const [body, key] of cases) {
      for (const url of [verifyUrl(doc._id), resendUrl(doc._id)]) {
        const res = await post(url, body);
        expect(res.statusCode, `${JSON.stringify(body)} ${url}`).toBe(422);
        expect(res.json().errors.details.map((d: { key: string }) => d.key)).toContain(key);
      }
    }
    const long = await post(verifyUrl('x'.repeat(65)), bodyOf(linkA));
    expect(long.statusCode).toBe(422);
  });

  it('locks out an address after 20 invalid links (429), whichever route they came through', async () => {
    const { doc, linkA } = await sent();
    const ip = '10.77.0.1';
    const wrong = { ...bodyOf(linkA), token: 'wrong-token' };
    for (let i = 0; i < 20; i += 1) {
      expect((await post(i % 2 ? verifyUrl(doc._id) : resendUrl(doc._id), wrong, ip)).statusCode).toBe(401);
    }
    expect((await post(verifyUrl(doc._id), bodyOf(linkA), ip)).statusCode).toBe(429);
    expect((await post(verifyUrl(doc._id), bodyOf(linkA))).statusCode).toBe(200);
  });
});

describe('resend-document-expiry-link', () => {
  it('mails exactly one fresh link to the recipient for a replaced link, logged; the new link opens the document', async () => {
    const { doc, a, b, linkA } = await sent();
    await replaceLinks(doc, linkA.userid);
    await t.platform.database.db
      .update(documentUsers)
      .set({ sentAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(documentUsers.id, linkA.userid));
    const before = await sentMails(a, doc._id);

    const res = await post(resendUrl(doc._id), bodyOf(linkA), '10.77.1.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ email: `a***@${a.split('@')[1]}`, resend_after_seconds: 300 });

    const after = await sentMails(a, doc._id);
    expect(after).toHaveLength(before.length + 1);
    expect(await sentMails(b, doc._id)).toHaveLength(1);
    const fresh = signingLinkOf(after[0]!.html)!;
    expect(fresh.userId).toBe(linkA.userid);
    const open = await signerCaller(t)('GET', `/api/e-signs/${doc._id}`, {
      documentid: doc._id,
      userid: fresh.userId,
      password: fresh.token,
    });
    expect(open.statusCode, open.body).toBe(200);
    // The replaced link still opens nothing.
    expect((await signerCaller(t)('GET', `/api/e-signs/${doc._id}`, linkA)).statusCode).toBe(401);

    const actions = await logActions(doc._id, linkA.userid);
    const requestedAt = actions.indexOf('recipient.link_requested');
    expect(requestedAt).toBeGreaterThan(-1);
    expect(actions.slice(requestedAt, requestedAt + 3)).toEqual([
      'recipient.link_requested',
      'recipient.notified',
      'recipient.viewed',
    ]);
    const [requested] = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(
        and(
          eq(documentLogs.employeeDocumentId, doc._id),
          eq(documentLogs.action, 'recipient.link_requested'),
        ),
      );
    expect(requested?.ip).toBe('10.77.1.1');
    expect(requested?.userAgent).toBe('vitest-expired-link');
  });

  it('mails once for two requests at once, and refuses another within five minutes (429)', async () => {
    const { doc, a, linkA } = await sent();
    await replaceLinks(doc, linkA.userid);
    await t.platform.database.db
      .update(documentUsers)
      .set({ sentAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(documentUsers.id, linkA.userid));
    const before = (await sentMails(a, doc._id)).length;
    const answers = await Promise.all([
      post(resendUrl(doc._id), bodyOf(linkA)),
      post(resendUrl(doc._id), bodyOf(linkA)),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toMatch(/check your inbox/);
    expect(await sentMails(a, doc._id)).toHaveLength(before + 1);
    const later = await post(resendUrl(doc._id), bodyOf(linkA));
    expect(later.statusCode).toBe(429);
    expect(await sentMails(a, doc._id)).toHaveLength(before + 1);
  });

  it('refuses a live link, an expired document and a finished recipient with 409, mailing nothing', async () => {
    const { doc, a, linkA } = await sent();
    const before = (await sentMails(a, doc._id)).length;
    const live = await post(resendUrl(doc._id), bodyOf(linkA));
    expect(live.statusCode).toBe(409);
    expect(live.json().error_code).toBe('ACTIVE');

    await replaceLinks(doc, linkA.userid);
    const db = t.platform.database.db;
    await db
      .update(documentUsers)
      .set({ sentAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(documentUsers.id, linkA.userid));
    await db.update(employeeDocuments).set({ status: 'EXPIRED' }).where(eq(employeeDocuments.id, doc._id));
    const expired = await post(resendUrl(doc._id), bodyOf(linkA));
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error_code).toBe('DOCUMENT_EXPIRED');

    await db.update(employeeDocuments).set({ status: 'WAITING' }).where(eq(employeeDocuments.id, doc._id));
    await db.update(documentUsers).set({ status: 'SIGNED' }).where(eq(documentUsers.id, linkA.userid));
    const finished = await post(resendUrl(doc._id), bodyOf(linkA));
    expect(finished.statusCode).toBe(409);
    expect(finished.json().error_code).toBe('CLOSED');
    expect(await sentMails(a, doc._id)).toHaveLength(before);
  });

  it("forgets the replaced links when the recipient's address changes: the old link is then a wrong token", async () => {
    const { doc, linkA } = await sent();
    await replaceLinks(doc, linkA.userid);
    expect((await post(verifyUrl(doc._id), bodyOf(linkA))).statusCode).toBe(200);
    const res = await caller(t)('POST', '/api/document-users/update-primary-details', acme.users.OWNER, {
      document_id: doc._id,
      document_user_id: linkA.userid,
      email: uniqueEmail('new'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(verifyUrl(doc._id), bodyOf(linkA))).statusCode).toBe(401);
  });
});
