import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import type { TDocumentLogsReply, TESignRecord, TVerifyDocumentResult } from '@esigns/contracts/signing';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { documentLogs, documentUsers, employeeDocuments } from '../documents/schema';
import {
  caller,
  mailsTo,
  signatureField,
  signer,
  signingLinkOf,
  uniqueEmail,
} from '../documents/test-helpers';
import { documentSeals } from './schema';
import {
  codeMailedTo,
  linkHeaders,
  pngDataUrl,
  sendForSigning,
  signerCaller,
  waitForSeal,
  type SignerHeaders,
} from './test-helpers';

const run = promisify(execFile);

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let as: ReturnType<typeof signerCaller>;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  as = signerCaller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'esigns-seal-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pdfsig(bytes: Buffer, name: string): Promise<{ ok: boolean; out: string }> {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  try {
    const { stdout, stderr } = await run('pdfsig', [file]);
    return { ok: true, out: stdout + stderr };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** A copy with one byte changed inside the signed range (before the signature's placeholder). */
function flipSignedByte(bytes: Buffer): Buffer {
  const range = /\/ByteRange\s*\[\s*0\s+(\d+)/.exec(bytes.toString('latin1'));
  const end = Number(range?.[1]);
  expect(end).toBeGreaterThan(1000);
  const copy = Buffer.from(bytes);
  const at = Math.floor(end / 2);
  copy[at] = copy[at] === 0x20 ? 0x21 : 0x20;
  return copy;
}

describe('the signing journey: three signers in order, an email code, an authorized representative', () => {
  const emails = {
    a: uniqueEmail('alice'),
    b: uniqueEmail('bob'),
    c: uniqueEmail('carol'),
    cc: uniqueEmail('cc'),
  };
  const png = pngDataUrl();
  let sent: TEmployeeDocument;
  let headersA: SignerHeaders;
  let headersB: SignerHeaders;
  let headersC: SignerHeaders;

  it('sends: only the first signer is mailed; later ones have no link yet', async () => {
    sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Lease 12B',
      document_users: [
        signer('r1', emails.a, { signing_order: 1, email_verification: true }),
        signer('r2', emails.b, { signing_order: 2, representative_password: 'rep-secret-42' }),
        signer('r3', emails.c, { signing_order: 3 }),
        signer('cc', emails.cc, { user_type: 'CC', signing_order: 4 }),
      ],
      fields: [
        signatureField('a_sig', 'r1'),
        {
          key: 'a_text',
          type: 'TEXT',
          page: 1,
          x: 100,
          y: 100,
          width: 200,
          height: 20,
          recipient_key: 'r1',
          label: 'Unit',
          validation: { min_length: 2 },
        },
        {
          key: 'a_date',
          type: 'DATE',
          page: 1,
          x: 100,
          y: 140,
          width: 120,
          height: 20,
          recipient_key: 'r1',
          required: false,
        },
        signatureField('b_sig', 'r2', { page: 2 }),
        {
          key: 'b_ok',
          type: 'CHECKBOX',
          page: 2,
          x: 100,
          y: 100,
          width: 16,
          height: 16,
          recipient_key: 'r2',
          label: 'I agree',
        },
        signatureField('c_sig', 'r3', { y: 680 }),
        {
          key: 'c_name',
          type: 'FULL_NAME',
          page: 1,
          x: 300,
          y: 680,
          width: 200,
          height: 20,
          recipient_key: 'r3',
        },
        {
          key: 'c_date',
          type: 'DATE_SIGNED',
          page: 1,
          x: 300,
          y: 720,
          width: 120,
          height: 20,
          recipient_key: 'r3',
        },
        {
          key: 'c_pick',
          type: 'DROPDOWN',
          page: 2,
          x: 300,
          y: 300,
          width: 120,
          height: 20,
          recipient_key: 'r3',
          options: ['Monthly', 'Yearly'],
        },
      ],
      settings: {
        signing_order: true,
        terms_and_conditions: { enabled: true, text: 'You agree to sign electronically.' },
      },
    });
    expect(sent.status).toBe('WAITING');
    expect(sent.document_users.map((u) => u.status)).toEqual(['SENT', 'PENDING', 'PENDING', 'PENDING']);
    headersA = await linkHeaders(t, emails.a, sent._id);
    await expect(linkHeaders(t, emails.b, sent._id)).rejects.toThrow('no signing mail');
  });

  it('the first signer passes the email code gate', async () => {
    const closed = await as('GET', `/api/e-signs/${sent._id}`, headersA);
    expect(closed.statusCode, closed.body).toBe(200);
    const record = closed.json().data as TESignRecord;
    expect(record).toMatchObject({
      verified: false,
      gates: ['EMAIL_CODE'],
      blocked: null,
      file: null,
      fields: [],
    });
    expect(record.document).toMatchObject({ name: 'Lease 12B', status: 'WAITING' });
    expect(record.document.sender.company_name).toBe('Acme Realty');
    expect(record.recipient).toMatchObject({ email: emails.a, status: 'SENT', user_type: 'SIGNER' });
    expect(JSON.stringify(record)).not.toMatch(/secret_hash|representative_password/);

    // Acting before the gate opens: 403 naming the gate.
    const early = await as('POST', `/api/documents/${sent._id}/finish`, headersA, {});
    expect(early.statusCode).toBe(403);
    expect(early.json().error_code).toBe('EMAIL_CODE');

    const sentCode = await as('POST', '/api/e-sign/send-verification', headersA);
    expect(sentCode.statusCode, sentCode.body).toBe(200);
    expect(sentCode.json().data.sent_to).toMatch(/^a\*\*\*@example\.com$/);
    const again = await as('POST', '/api/e-sign/send-verification', headersA);
    expect(again.statusCode).toBe(429);
    const code = await codeMailedTo(t, emails.a);
    const wrong = await as('POST', '/api/e-sign/verify', headersA, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.details[0]).toMatchObject({
      key: 'code',
      message: 'Wrong code: 4 tries left',
    });
    const malformed = await as('POST', '/api/e-sign/verify', headersA, { code: '12ab' });
    expect(malformed.statusCode).toBe(422);
    const right = await as('POST', '/api/e-sign/verify', headersA, { code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data).toEqual({ verified: true, gates: [] });

    const open = (await as('GET', `/api/e-signs/${sent._id}`, headersA)).json().data as TESignRecord;
    expect(open.verified).toBe(true);
    expect(open.recipient.status).toBe('VIEWED');
    expect(open.file?.url).toContain('/api/storage/');
    expect(open.fields.filter((f) => f.mine).map((f) => f.key)).toEqual(['a_sig', 'a_text', 'a_date']);
    expect(open.fields.find((f) => f.key === 'b_sig')).toMatchObject({ mine: false, value: null });
    // Viewing twice logs one view.
    await as('GET', `/api/e-signs/${sent._id}`, headersA);
    const views = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(and(eq(documentLogs.employeeDocumentId, sent._id), eq(documentLogs.action, 'recipient.viewed')));
    expect(views).toHaveLength(1);
  });

  it('the first signer fills in, is told what is missing, accepts the terms and finishes once', async () => {
    const missing = await as('POST', `/api/documents/${sent._id}/finish`, headersA, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.details.map((d: { key: string }) => d.key)).toEqual([
      'values.a_sig',
      'values.a_text',
      'accept_terms',
    ]);
    const foreign = await as('POST', `/api/documents/${sent._id}/signature`, headersA, {
      values: { b_sig: png },
    });
    expect(foreign.statusCode).toBe(403);
    const bad = await as('POST', `/api/documents/${sent._id}/signature`, headersA, {
      values: { a_text: 'x', a_date: '2024-02-30', a_sig: 'data:image/gif;base64,R0lGOD', nope: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.details.map((d: { key: string }) => d.key)
        .sort(),
    ).toEqual(['values.a_date', 'values.a_sig', 'values.a_text', 'values.nope']);
    const saved = await as('POST', `/api/documents/${sent._id}/signature`, headersA, {
      values: { a_sig: png, a_text: '12B' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const terms = await as('POST', '/api/documents/user/terms-and-conditions', headersA);
    expect(terms.statusCode, terms.body).toBe(200);
    const done = await as('POST', `/api/documents/${sent._id}/finish`, headersA, {
      values: { a_date: '2024-05-01' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({
      status: 'SIGNED',
      document_status: 'WAITING',
      already_finished: false,
      next: 'WAITING_FOR_OTHERS',
    });
    const twice = await as('POST', `/api/documents/${sent._id}/finish`, headersA, {});
    expect(twice.json().data.already_finished).toBe(true);
    const signed = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(and(eq(documentLogs.employeeDocumentId, sent._id), eq(documentLogs.action, 'recipient.signed')));
    expect(signed).toHaveLength(1);
    // Saving after finishing: 409 ALREADY_FINISHED.
    const late = await as('POST', `/api/documents/${sent._id}/signature`, headersA, {
      values: { a_text: 'other' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error_code).toBe('ALREADY_FINISHED');
  });

  it('the authorized representative is mailed next and passes the document password', async () => {
    headersB = await linkHeaders(t, emails.b, sent._id);
    const closed = (await as('GET', `/api/e-signs/${sent._id}`, headersB)).json().data as TESignRecord;
    expect(closed.gates).toEqual(['REPRESENTATIVE_PASSWORD']);
    const wrong = await as('POST', '/api/authorized-representative/verify-password', headersB, {
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.details[0].key).toBe('password');
    const right = await as('POST', '/api/authorized-representative/verify-password', headersB, {
      password: 'rep-secret-42',
    });
    expect(right.statusCode, right.body).toBe(200);
    const open = (await as('GET', `/api/e-signs/${sent._id}`, headersB)).json().data as TESignRecord;
    // The first signer's finished signature is visible to later signers.
    expect(open.fields.find((f) => f.key === 'a_sig')?.value).toBe(png);
    const saved = await as(
      'POST',
      `/api/documents/${sent._id}/authorized-representative-signature`,
      headersB,
      {
        values: { b_sig: png, b_ok: 'false' },
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // A required checkbox must be ticked.
    const unticked = await as('POST', `/api/documents/${sent._id}/finish`, headersB, { accept_terms: true });
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json().errors.details.map((d: { key: string }) => d.key)).toEqual(['values.b_ok']);
    const done = await as('POST', `/api/documents/${sent._id}/finish`, headersB, {
      values: { b_ok: 'true' },
      accept_terms: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.next).toBe('WAITING_FOR_OTHERS');
  });

  it('the last signer finishes without a code; the document is sealed, mailed and verifiable', async () => {
    headersC = await linkHeaders(t, emails.c, sent._id);
    const opened = await as('POST', '/api/e-sign/no-secure-signature', headersC);
    expect(opened.statusCode, opened.body).toBe(200);
    const badOption = await as('POST', `/api/documents/${sent._id}/finish`, headersC, {
      values: { c_sig: png, c_pick: 'Weekly' },
      accept_terms: true,
    });
    expect(badOption.statusCode).toBe(422);
    const done = await as('POST', `/api/documents/${sent._id}/finish`, headersC, {
      values: { c_sig: png, c_pick: 'Yearly', c_name: 'ignored' },
      accept_terms: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.next).toBe('SEALING');

    const seal = await waitForSeal(t, sent._id);
    expect(seal).toMatchObject({ status: 'DONE', error: null, failures: 0 });
    expect(seal.fileKey).toBe(`companies/${acme.companyId}/documents/${sent._id}/completed.pdf`);
    const bytes = await t.platform.storage.get(seal.fileKey!);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(seal.sha256);
    expect(seal.pages!.length).toBeGreaterThan(2);

    const check = await pdfsig(bytes, 'sealed.pdf');
    expect(check.out).toContain('Signature is Valid');
    expect(check.out).toContain('Total document signed');
    await run('qpdf', ['--check', path.join(dir, 'sealed.pdf')]);
    const tampered = flipSignedByte(bytes);
    const broken = await pdfsig(tampered, 'tampered.pdf');
    expect(broken.out).not.toContain('Signature is Valid');

    // Everybody, CC included, gets the completed copy (attached: it is small).
    for (const email of [emails.a, emails.b, emails.c, emails.cc, acme.users.OWNER.email]) {
      const completed = (await mailsTo(t, email)).filter((m) => m.kind === 'document.completed');
      expect(completed, email).toHaveLength(1);
      expect(completed[0]!.attachments?.[0]?.storageKey).toBe(seal.fileKey);
    }
    const [row] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, sent._id));
    expect(row?.status).toBe('COMPLETED');
    expect(row?.completedAt).not.toBeNull();
  });

  it('shows the sender the audit trail with an intact hash chain', async () => {
    const res = await call('GET', `/api/documents/${sent._id}/users/logs`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json().data as TDocumentLogsReply;
    expect(reply.chain_ok).toBe(true);
    const actions = reply.logs.map((l) => l.action);
    for (const action of [
      'document.sent',
      'recipient.viewed',
      'recipient.code_sent',
      'recipient.code_failed',
      'recipient.code_verified',
      'recipient.password_failed',
      'recipient.password_verified',
      'recipient.terms_accepted',
      'recipient.signed',
      'recipient.opened',
      'document.all_finished',
      'document.completed',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(actions.filter((a) => a === 'recipient.signed')).toHaveLength(3);
    expect(reply.logs.map((l) => l.seq)).toEqual(reply.logs.map((_, i) => i + 1));
    const signedRow = reply.logs.find((l) => l.action === 'recipient.signed');
    expect(signedRow?.actor).toContain(emails.a);
    expect(signedRow?.user_agent).toBe('vitest-signer');
    expect(signedRow?.ip).toMatch(/^10\.55\./);
  });

  it('lets the sender and the recipients download the sealed copy', async () => {
    const [seal] = await t.platform.database.db
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, sent._id));
    const sealed = await t.platform.storage.get(seal!.fileKey!);
    const staff = await call('GET', `/api/documents/${sent._id}/download-document`, acme.users.OWNER);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
    expect(staff.headers['content-disposition']).toContain('Lease 12B (completed).pdf');
    expect(staff.rawPayload.equals(sealed)).toBe(true);
    const recipient = await as('GET', `/api/documents/${sent._id}/download-document`, headersA);
    expect(recipient.statusCode).toBe(200);
    expect(recipient.rawPayload.equals(sealed)).toBe(true);
    const link = await as('POST', `/api/documents/${sent._id}/download-pdf-document`, headersC);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data).toMatchObject({ file: 'completed', expires_in: 300 });
    const fetched = await t.app.inject({
      method: 'GET',
      url: new URL(link.json().data.Location).pathname + new URL(link.json().data.Location).search,
    });
    expect(fetched.rawPayload.equals(sealed)).toBe(true);
    // The record of a completed document shows the sealed file and no fields.
    const record = (await as('GET', `/api/e-signs/${sent._id}`, headersA)).json().data as TESignRecord;
    expect(record).toMatchObject({ blocked: 'COMPLETED', fields: [] });
    expect(record.file?.file_ref_id).toBe(seal!.fileKey);
    const downloads = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(
        and(eq(documentLogs.employeeDocumentId, sent._id), eq(documentLogs.action, 'document.downloaded')),
      );
    expect(downloads).toHaveLength(3);

    // The CC recipient, who never had a link, got a lasting one with the completed copy.
    const [ccMail] = (await mailsTo(t, emails.cc)).filter((m) => m.kind === 'document.completed');
    const ccLink = signingLinkOf(ccMail!.html);
    expect(ccLink?.documentId).toBe(sent._id);
    const ccHeaders = { documentid: sent._id, userid: ccLink!.userId, password: ccLink!.token };
    const ccRecord = await as('GET', `/api/e-signs/${sent._id}`, ccHeaders);
    expect(ccRecord.json().data).toMatchObject({ blocked: 'COMPLETED', recipient: { user_type: 'CC' } });
    const ccCopy = await as('GET', `/api/documents/${sent._id}/download-document`, ccHeaders);
    expect(ccCopy.rawPayload.equals(sealed)).toBe(true);
    // Another company's staff: 404.
    expect(
      (await call('GET', `/api/documents/${sent._id}/download-document`, other.users.OWNER)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/documents/${sent._id}/users/logs`, other.users.OWNER)).statusCode).toBe(
      404,
    );
  });

  it('verifies the sealed file on the public page, and not a changed one', async () => {
    const [seal] = await t.platform.database.db
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, sent._id));
    const sealed = await t.platform.storage.get(seal!.fileKey!);
    const upload = async (bytes: Buffer) => {
      const boundary = '----vitest-verify';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/verify-document',
        remoteAddress: '10.77.0.1',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const res = await upload(sealed);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as TVerifyDocumentResult;
    expect(result).toMatchObject({
      signed: true,
      intact: true,
      ours: true,
      known: true,
      sha256: seal!.sha256,
      // No TSA_URLS here: baseline B, the instance's self-signed certificate.
      level: 'B-B',
      timestamped_at: null,
      chain_status: 'SELF_SIGNED',
    });
    expect(result.chain).toHaveLength(1);
    expect(result.document?.name).toBe('Lease 12B');
    expect(result.document?.recipients.map((r) => r.email)).toEqual([
      emails.a,
      emails.b,
      emails.c,
      emails.cc,
    ]);
    expect(result.document?.timeline.map((e) => e.action)).toContain('recipient.signed');
    expect(JSON.stringify(result)).not.toMatch(/10\.55\.|vitest-signer/);

    const tampered = flipSignedByte(sealed);
    const changed = (await upload(tampered)).json().data as TVerifyDocumentResult;
    expect(changed).toMatchObject({ signed: true, intact: false, known: false, document: null });

    const notPdf = await upload(Buffer.from('hello'));
    expect(notPdf.statusCode).toBe(415);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/verify-document',
      remoteAddress: '10.77.0.2',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(none.statusCode).toBe(422);
  });

  it('answers the sender-side completion check, the recipient preview and resends the copy', async () => {
    const status = await call('POST', `/api/documents/e-sign-completed/${sent._id}`, acme.users.OWNER);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({
      completed: true,
      status: 'COMPLETED',
      pending: [],
      requeued: false,
    });
    expect(status.json().data.seal.status).toBe('DONE');
    const [recipient] = await t.platform.database.db
      .select()
      .from(documentUsers)
      .where(and(eq(documentUsers.employeeDocumentId, sent._id), eq(documentUsers.email, emails.b)));
    const preview = await call(
      'GET',
      `/api/documents/${sent._id}/preview/${recipient!.id}`,
      acme.users.OWNER,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.recipient.email).toBe(emails.b);
    expect(
      (await call('GET', `/api/documents/${sent._id}/preview/${sent._id}`, acme.users.OWNER)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/documents/${sent._id}/preview/${recipient!.id}`, other.users.OWNER))
        .statusCode,
    ).toBe(404);

    const extra = uniqueEmail('lawyer');
    const resend = await call('POST', '/api/document/completed/send-mail', acme.users.OWNER, {
      document_id: sent._id,
      emails: [extra],
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().data.sent_to).toBe(1);
    const [mail] = await mailsTo(t, extra);
    expect(mail?.kind).toBe('document.completed');
    const bad = await call('POST', '/api/document/completed/send-mail', acme.users.OWNER, {
      document_id: sent._id,
      emails: ['not-an-email'],
    });
    expect(bad.statusCode).toBe(422);
    const foreign = await call('POST', '/api/document/completed/send-mail', other.users.OWNER, {
      document_id: sent._id,
    });
    expect(foreign.statusCode).toBe(404);
    const mails = await t.platform.database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.companyId, acme.companyId));
    expect(mails.length).toBeGreaterThan(0);
  });
});
