import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentLogs, documentUsers, employeeDocuments } from '../documents/schema';
import { caller, mailsTo, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { INVALID_LINK_MESSAGE } from './signer-access';
import { signerStates } from './schema';
import {
  codeMailedTo,
  linkHeaders,
  pngDataUrl,
  sendForSigning,
  signerCaller,
  type SignerHeaders,
} from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let as: ReturnType<typeof signerCaller>;
const png = pngDataUrl();

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  as = signerCaller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

/** A document for two parallel signers (no signing order) of Acme, and their link headers. */
async function twoSigners(options: { emailVerification?: boolean; approver?: boolean } = {}) {
  const a = uniqueEmail('a');
  const b = uniqueEmail('b');
  const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
    document_users: [
      signer('r1', a, { email_verification: options.emailVerification ?? false }),
      signer('r2', b, options.approver ? { user_type: 'APPROVER' } : {}),
    ],
    fields: [
      signatureField('f1', 'r1'),
      options.approver
        ? {
            key: 'f2',
            type: 'TEXT',
            page: 2,
            x: 100,
            y: 100,
            width: 100,
            height: 20,
            recipient_key: 'r2',
            required: false,
          }
        : signatureField('f2', 'r2', { page: 2 }),
    ],
  });
  return {
    sent,
    emails: { a, b },
    a: await linkHeaders(t, a, sent._id),
    b: await linkHeaders(t, b, sent._id),
  };
}

const setStatus = (id: string, status: TEmployeeDocument['status'], extra: object = {}) =>
  t.platform.database.db
    .update(employeeDocuments)
    .set({ status, ...extra })
    .where(eq(employeeDocuments.id, id));

describe('signer access', () => {
  it.each([
    ['a wrong secret', (h: SignerHeaders) => ({ ...h, password: `${h.password.slice(0, -2)}xx` })],
    ['no secret', (h: SignerHeaders) => ({ documentid: h.documentid, userid: h.userid })],
    [
      'another document id',
      (h: SignerHeaders) => ({ ...h, documentid: '00000000-0000-4000-8000-000000000000' }),
    ],
    ['a malformed user id', (h: SignerHeaders) => ({ ...h, userid: 'not-a-uuid' })],
    ['an empty secret', (h: SignerHeaders) => ({ ...h, password: '' })],
  ])('refuses %s with 401 and one message', async (_what, mutate) => {
    const { sent, a } = await twoSigners();
    const res = await as('GET', `/api/e-signs/${sent._id}`, mutate(a));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_LINK_MESSAGE);
  });

  it("refuses one recipient's secret with another recipient's id, and a header that disagrees with the path", async () => {
    const { sent, a, b } = await twoSigners();
    expect((await as('GET', `/api/e-signs/${sent._id}`, { ...a, userid: b.userid })).statusCode).toBe(401);
    const { sent: second } = await twoSigners();
    expect((await as('GET', `/api/e-signs/${second._id}`, a)).statusCode).toBe(401);
  });

  it('refuses an old link once the recipient was sent a new one (the secret is replaced)', async () => {
    const { sent, a } = await twoSigners();
    await t.platform.database.db
      .update(documentUsers)
      .set({ secretHash: 'replaced' })
      .where(eq(documentUsers.id, a.userid));
    expect((await as('GET', `/api/e-signs/${sent._id}`, a)).statusCode).toBe(401);
  });

  it('accepts the bearer token of a signed-in user whose email is the recipient, not of anyone else', async () => {
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('r1', other.users.MEMBER.email, { email_verification: true })],
      fields: [signatureField('f1', 'r1')],
    });
    const mine = await call('GET', `/api/e-signs/${sent._id}`, other.users.MEMBER);
    expect(mine.statusCode, mine.body).toBe(200);
    // The account proves the email: no code gate; the saved signature is offered (none saved here).
    expect(mine.json().data).toMatchObject({
      gates: [],
      verified: true,
      saved_signature: { signature: null },
    });
    expect((await call('GET', `/api/e-signs/${sent._id}`, other.users.ADMIN)).statusCode).toBe(401);
    expect((await call('GET', `/api/e-signs/${sent._id}`)).statusCode).toBe(401);
  });

  it('answers 429 to an address after 20 failed links', async () => {
    const { sent, a } = await twoSigners();
    const bad = { ...a, password: 'wrong-secret' };
    for (let i = 0; i < 20; i++) {
      expect((await as('GET', `/api/e-signs/${sent._id}`, bad, undefined, '10.66.1.1')).statusCode).toBe(401);
    }
    const blocked = await as('GET', `/api/e-signs/${sent._id}`, a, undefined, '10.66.1.1');
    expect(blocked.statusCode).toBe(429);
    expect((await as('GET', `/api/e-signs/${sent._id}`, a, undefined, '10.66.1.2')).statusCode).toBe(200);
  });
});

describe('email code', () => {
  it('locks the code after 5 wrong tries, logged; a new code works', async () => {
    const { sent, a, emails } = await twoSigners({ emailVerification: true });
    expect((await as('POST', '/api/e-sign/send-verification', a)).statusCode).toBe(200);
    const code = await codeMailedTo(t, emails.a);
    const wrong = code === '999999' ? '888888' : '999999';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await as('POST', '/api/e-sign/verify', a, { code: wrong });
      expect(res.statusCode).toBe(422);
      messages.push(res.json().errors.details[0].message);
    }
    expect(messages[4]).toBe('Too many wrong codes: ask for a new one');
    const right = await as('POST', '/api/e-sign/verify', a, { code });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.details[0]).toMatchObject({
      key: 'code',
      message: 'Too many wrong codes: ask for a new one',
    });
    const record = (await as('GET', `/api/e-signs/${sent._id}`, a)).json().data;
    expect(record.verification_errors).toEqual(['Too many wrong codes: ask for a new one']);
    const locked = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(
        and(eq(documentLogs.employeeDocumentId, sent._id), eq(documentLogs.action, 'recipient.code_locked')),
      );
    expect(locked).toHaveLength(1);

    // A new code after the 30 s cooldown (moved back here) opens the gate.
    await t.platform.database.db
      .update(signerStates)
      .set({ codeSentAt: new Date(Date.now() - 60_000) })
      .where(eq(signerStates.documentUserId, a.userid));
    expect((await as('POST', '/api/e-sign/send-verification', a)).statusCode).toBe(200);
    const fresh = await codeMailedTo(t, emails.a);
    expect((await as('POST', '/api/e-sign/verify', a, { code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code, a code never asked for, and a code for a document without one', async () => {
    const { a, emails } = await twoSigners({ emailVerification: true });
    const none = await as('POST', '/api/e-sign/verify', a, { code: '123456' });
    expect(none.json().errors.details[0].message).toBe('Ask for a code first');
    await as('POST', '/api/e-sign/send-verification', a);
    const code = await codeMailedTo(t, emails.a);
    await t.platform.database.db
      .update(signerStates)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(signerStates.documentUserId, a.userid));
    const expired = await as('POST', '/api/e-sign/verify', a, { code });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.details[0].message).toBe('This code has expired: ask for a new one');
    // The other recipient needs no code.
    const { b } = await twoSigners();
    expect((await as('POST', '/api/e-sign/send-verification', b)).statusCode).toBe(409);
    // And a document that needs a code cannot be opened without one.
    const { a: coded } = await twoSigners({ emailVerification: true });
    const skip = await as('POST', '/api/e-sign/no-secure-signature', coded);
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error_code).toBe('EMAIL_CODE');
  });
});

describe('representative password', () => {
  it('locks tries for 15 minutes after 5 wrong passwords, logged', async () => {
    const email = uniqueEmail('rep');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('r1', email, { representative_password: 'right-password' })],
      fields: [signatureField('f1', 'r1')],
    });
    const h = await linkHeaders(t, email, sent._id);
    for (let i = 0; i < 5; i++) {
      expect(
        (await as('POST', '/api/authorized-representative/verify-password', h, { password: 'wrong' }))
          .statusCode,
      ).toBe(422);
    }
    const locked = await as('POST', '/api/authorized-representative/verify-password', h, {
      password: 'right-password',
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.details[0].message).toMatch(
      /^Too many wrong passwords: try again in 1[45] minutes$/,
    );
    expect((await as('POST', '/api/authorized-representative/verify-password', h, {})).statusCode).toBe(422);
    const { a } = await twoSigners();
    expect(
      (await as('POST', '/api/authorized-representative/verify-password', a, { password: 'x' })).statusCode,
    ).toBe(409);
    expect(
      (
        await as('POST', `/api/documents/${a.documentid}/authorized-representative-signature`, a, {
          values: {},
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('document states', () => {
  it.each([
    ['VOIDED', {}],
    ['COMPLETED', {}],
    ['DECLINED', {}],
    ['WAITING', { expiresAt: new Date(Date.now() - 60_000) }],
  ] as const)('refuses to sign a %s document with 409 and its reason', async (status, extra) => {
    const { sent, a } = await twoSigners();
    await setStatus(sent._id, status, extra);
    const expected = status === 'WAITING' ? 'EXPIRED' : status;
    const record = await as('GET', `/api/e-signs/${sent._id}`, a);
    expect(record.statusCode).toBe(200);
    expect(record.json().data.blocked).toBe(expected);
    // Nothing to act on: declined, voided or expired documents are not shown at all.
    if (status !== 'COMPLETED') expect(record.json().data).toMatchObject({ file: null, fields: [] });
    for (const [url, body] of [
      [`/api/documents/${sent._id}/finish`, { values: { f1: png } }],
      [`/api/documents/${sent._id}/signature`, { values: { f1: png } }],
      [`/api/documents/${sent._id}/decline`, { notes: 'no' }],
      ['/api/documents/user/terms-and-conditions', {}],
    ] as const) {
      const res = await as('POST', url, a, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error_code).toBe(expected);
    }
    if (status !== 'COMPLETED') {
      expect((await as('GET', `/api/documents/${sent._id}/download-document`, a)).statusCode).toBe(409);
    }
  });

  it('blocks a later signer until their turn, and CC recipients always', async () => {
    const first = uniqueEmail('first');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [
        signer('r1', first, { signing_order: 1 }),
        signer('r2', acme.users.MEMBER.email, { signing_order: 2 }),
      ],
      fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2')],
      settings: { signing_order: true },
    });
    // The second signer has no link yet; signed in, they see "waiting for others".
    const waiting = await call('GET', `/api/e-signs/${sent._id}`, acme.users.MEMBER);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().data).toMatchObject({ blocked: 'WAITING_FOR_OTHERS', file: null });
    const early = await call('POST', `/api/documents/${sent._id}/finish`, acme.users.MEMBER, {
      values: { f2: png },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error_code).toBe('WAITING_FOR_OTHERS');
  });
});

describe('fields and finishing', () => {
  it("refuses another recipient's field (403), unknown fields and bad values (422), and an empty finish", async () => {
    const { sent, a } = await twoSigners();
    expect(
      (await as('POST', `/api/documents/${sent._id}/signature`, a, { values: { f2: png } })).statusCode,
    ).toBe(403);
    expect(
      (await as('POST', `/api/documents/${sent._id}/finish`, a, { values: { f2: png } })).statusCode,
    ).toBe(403);
    for (const values of [{ f1: 'data:image/png;base64,AAAA' }, { f1: 'hello' }, { f1: 42 }, { x: 'y' }]) {
      expect((await as('POST', `/api/documents/${sent._id}/signature`, a, { values })).statusCode).toBe(422);
    }
    expect((await as('POST', `/api/documents/${sent._id}/signature`, a, { nope: 1 })).statusCode).toBe(422);
    expect(
      (await as('POST', `/api/documents/${sent._id}/signature`, a, 'not json')).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const empty = await as('POST', `/api/documents/${sent._id}/finish`, a);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.details).toEqual([
      { key: 'values.f1', message: 'Signature is required', path: ['values', 'f1'] },
    ]);
  });

  it('an approver approves (finish is for signers); a signer cannot approve or reject', async () => {
    const { sent, a, b } = await twoSigners({ approver: true });
    expect((await as('POST', `/api/documents/${sent._id}/finish`, b, {})).statusCode).toBe(409);
    expect((await as('POST', `/api/documents/${sent._id}/approved`, a)).statusCode).toBe(409);
    expect((await as('POST', `/api/documents/${sent._id}/reject`, a, { notes: 'x' })).statusCode).toBe(409);
    expect((await as('POST', `/api/documents/${sent._id}/decline`, b, { notes: 'x' })).statusCode).toBe(409);
    const approved = await as('POST', `/api/documents/${sent._id}/approved`, b);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'APPROVED', next: 'WAITING_FOR_OTHERS' });
    expect((await as('POST', `/api/documents/${sent._id}/approved`, b)).json().data.already_finished).toBe(
      true,
    );
  });

  it('an approver rejects with a reason: the document is REJECTED, the sender mailed, the other signer told', async () => {
    const { sent, a, b, emails } = await twoSigners({ approver: true });
    expect((await as('POST', `/api/documents/${sent._id}/reject`, b, {})).statusCode).toBe(422);
    expect((await as('POST', `/api/documents/${sent._id}/reject`, b, { notes: '   ' })).statusCode).toBe(422);
    const res = await as('POST', `/api/documents/${sent._id}/reject`, b, { notes: 'Wrong <price>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 'REJECTED', document_status: 'REJECTED' });
    const [senderMail] = (await mailsTo(t, acme.users.OWNER.email)).filter(
      (m) => m.kind === 'document.rejected',
    );
    expect(senderMail?.html).toContain('Wrong &lt;price&gt;');
    const [told] = (await mailsTo(t, emails.a)).filter((m) => m.kind === 'document.cancelled-for-recipient');
    expect(told?.subject).toContain('no longer needs your action');
    const blocked = await as('POST', `/api/documents/${sent._id}/finish`, a, { values: { f1: png } });
    expect(blocked.json().error_code).toBe('REJECTED');
  });

  it('a signer declines with a reason: DECLINED, the sender mailed, the other signer told; twice is once', async () => {
    const { sent, a, emails } = await twoSigners();
    const body = { notes: 'Not my name', ck_editor_content: '<p>Not my name</p>', ckeditor_fields: [] };
    const res = await as('POST', `/api/documents/${sent._id}/decline`, a, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 'DECLINED', document_status: 'DECLINED' });
    expect((await as('POST', `/api/documents/${sent._id}/decline`, a, body)).statusCode).toBe(200);
    const declined = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(
        and(eq(documentLogs.employeeDocumentId, sent._id), eq(documentLogs.action, 'recipient.declined')),
      );
    expect(declined).toHaveLength(1);
    expect(declined[0]!.details).toMatchObject({ notes: 'Not my name' });
    expect((await mailsTo(t, acme.users.OWNER.email)).some((m) => m.kind === 'document.declined')).toBe(true);
    expect((await mailsTo(t, emails.b)).some((m) => m.kind === 'document.cancelled-for-recipient')).toBe(
      true,
    );
  });
});

describe("another company's staff", () => {
  it('gets 404 for the sender routes of a document of Acme', async () => {
    const { sent, a } = await twoSigners();
    for (const [method, url] of [
      ['GET', `/api/documents/${sent._id}/users/logs`],
      ['GET', `/api/documents/${sent._id}/download-document`],
      ['POST', `/api/documents/${sent._id}/download-pdf-document`],
      ['POST', `/api/documents/e-sign-completed/${sent._id}`],
      ['GET', `/api/documents/${sent._id}/preview/${a.userid}`],
    ] as const) {
      const res = await call(method, url, other.users.OWNER);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await call('GET', `/api/documents/not-a-uuid/users/logs`, acme.users.OWNER)).statusCode).toBe(
      404,
    );
    // A MEMBER of Acme who neither sent it nor has it shared sees nothing either.
    expect((await call('GET', `/api/documents/${sent._id}/users/logs`, acme.users.MEMBER)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/documents/${sent._id}/users/logs`)).statusCode).toBe(401);
    // While in progress, the sender downloads the document as sent.
    const original = await call('POST', `/api/documents/${sent._id}/download-pdf-document`, acme.users.OWNER);
    expect(original.json().data.file).toBe('original');
    const status = await call('POST', `/api/documents/e-sign-completed/${sent._id}`, acme.users.OWNER);
    expect(status.json().data).toMatchObject({ completed: false, seal: null, requeued: false });
    expect(status.json().data.pending).toHaveLength(2);
    const resend = await call('POST', '/api/document/completed/send-mail', acme.users.OWNER, {
      document_id: sent._id,
    });
    expect(resend.statusCode).toBe(409);
  });
});
