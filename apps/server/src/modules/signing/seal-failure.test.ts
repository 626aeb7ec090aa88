import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocumentRecipients } from '@esigns/contracts/document-lists';
import type { TCompletionStatus } from '@esigns/contracts/signing';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentLogs, documentUsers, employeeDocuments } from '../documents/schema';
import { caller, mailsTo, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { documentFieldValues, documentSeals } from './schema';
import { runSealJob } from './seal-service';
import {
  eventually,
  linkHeaders,
  pngDataUrl,
  sendForSigning,
  signerCaller,
  waitForSeal,
} from './test-helpers';

/*
 * A seal that fails for a permanent reason is visible and fixable: a stored value that cannot be
 * stamped (an old bad value, written here straight to the value store past the accept-time
 * check) fails the seal at once, the document screen shows why and whose value it is, the sender
 * asks that signer to sign again, and their new signature completes and seals the document.
 */

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
  acme = await seedCompany(t, { name: 'Sealfail Realty' });
  other = await seedCompany(t, { name: 'Elsewhere Ltd' });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.platform.database.db;

/** The valid test PNG with its IDAT data overwritten: the header and sizes are fine, the pixels are not. */
function brokenPng(): string {
  const good = Buffer.from(png.split(',')[1]!, 'base64');
  const idat = good.indexOf('IDAT', 0, 'latin1');
  const damaged = Buffer.from(good);
  for (let i = idat + 4; i < idat + 12; i++) damaged[i] = 0xaa;
  return `data:image/png;base64,${damaged.toString('base64')}`;
}

async function sealOf(documentId: string) {
  const [seal] = await db()
    .select()
    .from(documentSeals)
    .where(eq(documentSeals.employeeDocumentId, documentId));
  return seal;
}

async function logsOf(documentId: string, action: string) {
  return db()
    .select()
    .from(documentLogs)
    .where(and(eq(documentLogs.employeeDocumentId, documentId), eq(documentLogs.action, action)));
}

async function detailOf(documentId: string): Promise<TDocumentRecipients> {
  const res = await call('GET', `/api/documents/${documentId}/recipients`, acme.users.OWNER);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TDocumentRecipients;
}

/** Two signers: Alice signs, her stored signature is then damaged, Bob signs: the seal fails on Alice's value. */
async function failedOnAlicesSignature() {
  const emails = { alice: uniqueEmail('alice'), bob: uniqueEmail('bob') };
  const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
    name: 'Lease with a bad signature',
    document_users: [
      signer('r1', emails.alice, { first_name: 'Alice', last_name: 'Archer' }),
      signer('r2', emails.bob, { first_name: 'Bob', last_name: 'Baker' }),
    ],
    fields: [
      signatureField('f1', 'r1', { label: 'Tenant signature' }),
      signatureField('f2', 'r2', { page: 2 }),
    ],
  });
  const alice = sent.document_users.find((u) => u.email === emails.alice)!;
  const first = await as(
    'POST',
    `/api/documents/${sent._id}/finish`,
    await linkHeaders(t, emails.alice, sent._id),
    {
      values: { f1: png },
    },
  );
  expect(first.statusCode, first.body).toBe(200);
  // An old bad value: written straight to the value store, past the accept-time check.
  await db()
    .update(documentFieldValues)
    .set({ value: brokenPng() })
    .where(and(eq(documentFieldValues.employeeDocumentId, sent._id), eq(documentFieldValues.fieldKey, 'f1')));
  const second = await as(
    'POST',
    `/api/documents/${sent._id}/finish`,
    await linkHeaders(t, emails.bob, sent._id),
    {
      values: { f2: png },
    },
  );
  expect(second.statusCode, second.body).toBe(200);
  expect(second.json().data.next).toBe('SEALING');
  // The failure's log and the sender's mail are written just after the seal row says FAILED.
  const seal = await eventually(async () => {
    const row = await sealOf(sent._id);
    if (row?.status !== 'FAILED') return null;
    return (await logsOf(sent._id, 'document.seal_failed')).length > 0 ? row : null;
  }, 'the failed seal and its log');
  return { sent, emails, alice, seal };
}

describe('a seal that fails on a value that cannot be stamped', () => {
  it('fails at once, shows the reason and the signer, and completes after the signer signs again', async () => {
    const { sent, emails, alice, seal } = await failedOnAlicesSignature();
    // Permanent: failed on the first attempt, no retries.
    expect(seal).toMatchObject({
      failures: 1,
      failureKind: 'VALUE',
      failedValues: [{ field_key: 'f1', document_user_id: alice._id }],
    });
    expect(seal!.error).toContain('Alice Archer');
    expect(seal!.error).toContain('Tenant signature');

    // The document screen: the failure with its reason, whose value it is, and the fix.
    const detail = await detailOf(sent._id);
    expect(detail.document).toMatchObject({ status: 'WAITING', seal_failed: true });
    expect(detail.document.actions).toEqual(expect.arrayContaining(['sign-again', 'retry-seal']));
    expect(detail.sealing).toMatchObject({
      status: 'FAILED',
      kind: 'VALUE',
      permanent: true,
      fix: 'SIGN_AGAIN',
      failures: 1,
      recipients: [
        {
          _id: alice._id,
          name: 'Alice Archer',
          email: emails.alice,
          fields: [{ key: 'f1', label: 'Tenant signature', type: 'SIGNATURE' }],
        },
      ],
    });
    expect(detail.sealing!.reason).toMatch(/signature of Alice Archer .*could not be stamped.*sign again/);

    // The list row is flagged.
    const list = await call('GET', '/api/all-documents/all-documents?limit=100', acme.users.OWNER);
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json().data.data as { _id: string; seal_failed: boolean }[]).find(
      (d) => d._id === sent._id,
    );
    expect(row?.seal_failed).toBe(true);

    // Logged, the sender notified and mailed with the fix.
    const [failedLog] = await logsOf(sent._id, 'document.seal_failed');
    expect(failedLog?.details).toMatchObject({ kind: 'VALUE', attempts: 1 });
    const [mail] = (await mailsTo(t, acme.users.OWNER.email)).filter(
      (m) => m.kind === 'document.seal-failed' && m.html.includes('Lease with a bad signature'),
    );
    expect(mail?.html).toContain('ask the recipient to sign again');

    // Retrying as it is could not help: the completion check does not requeue it.
    const check = await call('POST', `/api/documents/e-sign-completed/${sent._id}`, acme.users.OWNER);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({
      requeued: false,
      sealing: { kind: 'VALUE', fix: 'SIGN_AGAIN' },
    });

    // The fix: ask Alice to sign again.
    const ask = await call('POST', `/api/documents/${sent._id}/document-users/sign-again`, acme.users.OWNER, {
      document_user_id: alice._id,
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const status = ask.json().data as TCompletionStatus;
    expect(status).toMatchObject({ status: 'WAITING', seal: null, sealing: null });
    expect(status.pending.map((p) => p._id)).toEqual([alice._id]);
    const [aliceRow] = await db().select().from(documentUsers).where(eq(documentUsers.id, alice._id));
    expect(aliceRow).toMatchObject({ status: 'SENT', finishedAt: null });
    const values = await db()
      .select()
      .from(documentFieldValues)
      .where(
        and(eq(documentFieldValues.employeeDocumentId, sent._id), eq(documentFieldValues.fieldKey, 'f1')),
      );
    expect(values).toHaveLength(0);
    const [asked] = await logsOf(sent._id, 'recipient.sign_again_requested');
    expect(asked).toMatchObject({ documentUserId: alice._id, actorUserId: acme.users.OWNER.userId });
    const afterAsk = await detailOf(sent._id);
    expect(afterAsk.sealing).toBeNull();
    expect(afterAsk.document.seal_failed).toBe(false);
    expect(afterAsk.recipients.find((r) => r._id === alice._id)).toMatchObject({
      status: 'SENT',
      is_due: true,
    });

    // Alice signs again with a good image (new link mailed); the seal is queued by itself.
    const signing = (await mailsTo(t, emails.alice)).filter((m) => m.kind === 'document.sent');
    expect(signing.length).toBe(2);
    const again = await as(
      'POST',
      `/api/documents/${sent._id}/finish`,
      await linkHeaders(t, emails.alice, sent._id),
      {
        values: { f1: png },
      },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.next).toBe('SEALING');
    const sealed = await waitForSeal(t, sent._id);
    expect(sealed).toMatchObject({ status: 'DONE', error: null, failureKind: null });
    const bytes = await t.platform.storage.get(sealed.fileKey!);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sealed.sha256);
    const [doc] = await db().select().from(employeeDocuments).where(eq(employeeDocuments.id, sent._id));
    expect(doc?.status).toBe('COMPLETED');
    expect((await detailOf(sent._id)).sealing).toBeNull();
  });

  it('refuses to ask for another company, a document whose seal did not fail, or a recipient the failure does not name', async () => {
    const { sent } = await failedOnAlicesSignature();
    const bob = sent.document_users.find((u) => u.first_name === 'Bob')!;
    const url = `/api/documents/${sent._id}/document-users/sign-again`;
    // Another company's document id, and unknown ids: 404.
    expect((await call('POST', url, other.users.OWNER, {})).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/documents/${randomUUID()}/document-users/sign-again`, acme.users.OWNER, {}))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', url, acme.users.OWNER, { document_user_id: randomUUID() })).statusCode).toBe(
      404,
    );
    // Bob's value was fine: 409.
    const notNamed = await call('POST', url, acme.users.OWNER, { document_user_id: bob._id });
    expect(notNamed.statusCode, notNamed.body).toBe(409);

    // A document out for signature whose seal has not failed: 409 with the rule's message.
    const open = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('r1', uniqueEmail('open'))],
      fields: [signatureField('f1', 'r1')],
    });
    const res = await call(
      'POST',
      `/api/documents/${open._id}/document-users/sign-again`,
      acme.users.OWNER,
      {},
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('sealing failed');
    expect((await detailOf(open._id)).document).toMatchObject({ seal_failed: false });
    expect((await detailOf(open._id)).document.actions).not.toContain('sign-again');
  });
});

describe('a seal that fails because the document itself cannot be sealed', () => {
  it('fails at once with the reason, offers a retry (not a signer), and the retry seals once the file is fixed', async () => {
    const emails = [uniqueEmail('d1')];
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('r1', emails[0]!)],
      fields: [signatureField('f1', 'r1')],
    });
    await db()
      .update(documentUsers)
      .set({ status: 'SIGNED', finishedAt: new Date() })
      .where(eq(documentUsers.employeeDocumentId, sent._id));
    const original = await t.platform.storage.get(sent.file.file_ref_id);
    await t.platform.storage.put(
      sent.file.file_ref_id,
      Buffer.from('%PDF-1.7 not really'),
      'application/pdf',
    );
    const job = { document_id: sent._id, company_id: acme.companyId };
    // No rethrow: the queue does not retry what cannot pass.
    expect(await runSealJob(t.platform, job, { id: 'doc-1', retryCount: 0 })).toBe('FAILED');
    expect(await sealOf(sent._id)).toMatchObject({ status: 'FAILED', failures: 1, failureKind: 'DOCUMENT' });
    const detail = await detailOf(sent._id);
    expect(detail.sealing).toMatchObject({ kind: 'DOCUMENT', permanent: true, fix: 'RETRY', recipients: [] });
    expect(detail.sealing!.reason).toContain("The document's PDF cannot be sealed");
    // Nobody to ask: sign-again is 409.
    const ask = await call(
      'POST',
      `/api/documents/${sent._id}/document-users/sign-again`,
      acme.users.OWNER,
      {},
    );
    expect(ask.statusCode, ask.body).toBe(409);
    expect(ask.json().message).toContain('retry sealing');

    await t.platform.storage.put(sent.file.file_ref_id, original, 'application/pdf');
    const retry = await call('POST', `/api/documents/e-sign-completed/${sent._id}`, acme.users.OWNER);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ requeued: true, sealing: null });
    expect(await waitForSeal(t, sent._id)).toMatchObject({ status: 'DONE' });
  });

  it('a passing cause still retries (rethrown) and fails as RETRY only after the last attempt', async () => {
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('r1', uniqueEmail('d2'))],
      fields: [signatureField('f1', 'r1')],
    });
    await db()
      .update(documentUsers)
      .set({ status: 'SIGNED', finishedAt: new Date() })
      .where(eq(documentUsers.employeeDocumentId, sent._id));
    await t.platform.storage.delete(sent.file.file_ref_id);
    const job = { document_id: sent._id, company_id: acme.companyId };
    await expect(runSealJob(t.platform, job, { id: 'r-1', retryCount: 0 })).rejects.toThrow(
      'could not be read',
    );
    expect(await sealOf(sent._id)).toMatchObject({ status: 'PENDING', failureKind: null });
    expect((await detailOf(sent._id)).sealing).toBeNull();
    await expect(runSealJob(t.platform, job, { id: 'r-2', retryCount: 4 })).rejects.toThrow();
    const detail = await detailOf(sent._id);
    expect(detail.sealing).toMatchObject({ kind: 'RETRY', permanent: false, fix: 'RETRY', failures: 2 });
    expect(detail.document.seal_failed).toBe(true);
  });
});
