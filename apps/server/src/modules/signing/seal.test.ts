import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { documentLogs, documentUsers, employeeDocuments } from '../documents/schema';
import { caller, mailsTo, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { documentSeals } from './schema';
import { SEAL_JOB, SEAL_RETRY_LIMIT } from './seal-queue';
import { completedFileKey, runSealJob } from './seal-service';
import {
  eventually,
  linkHeaders,
  pngDataUrl,
  sendForSigning,
  signerCaller,
  waitForSeal,
} from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let call: ReturnType<typeof caller>;
let as: ReturnType<typeof signerCaller>;
const png = pngDataUrl();

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  as = signerCaller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.platform.database.db;

async function countLogs(documentId: string, action: string): Promise<number> {
  const rows = await db()
    .select()
    .from(documentLogs)
    .where(and(eq(documentLogs.employeeDocumentId, documentId), eq(documentLogs.action, action)));
  return rows.length;
}

/** Two parallel signers (no signing order). */
async function sendToTwo() {
  const emails = [uniqueEmail('p'), uniqueEmail('q')] as const;
  const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
    document_users: [signer('r1', emails[0]), signer('r2', emails[1])],
    fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2', { page: 2 })],
  });
  return {
    sent,
    emails,
    headers: [await linkHeaders(t, emails[0], sent._id), await linkHeaders(t, emails[1], sent._id)],
  };
}

/**
 * A sent document whose recipients are marked SIGNED directly: ready to seal, with no seal job
 * queued, so that the test runs the job handler itself.
 */
async function readyToSeal() {
  const { sent } = await sendToTwo();
  await db()
    .update(documentUsers)
    .set({ status: 'SIGNED', finishedAt: new Date() })
    .where(eq(documentUsers.employeeDocumentId, sent._id));
  return { sent, job: { document_id: sent._id, company_id: acme.companyId } };
}

const pdfFilesIn = (documentId: string): string[] =>
  readdirSync(
    path.join(t.config.dataDir, 'files', 'companies', acme.companyId, 'documents', documentId),
  ).filter((f) => f.endsWith('.pdf'));

describe('sealing', () => {
  it('two signers finishing at the same instant give exactly one seal', async () => {
    const { sent, emails, headers } = await sendToTwo();
    const [first, second] = await Promise.all([
      as('POST', `/api/documents/${sent._id}/finish`, headers[0]!, { values: { f1: png } }),
      as('POST', `/api/documents/${sent._id}/finish`, headers[1]!, { values: { f2: png } }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    // Exactly one of them saw everyone done and queued the seal.
    expect([first.json().data.next, second.json().data.next].sort()).toEqual([
      'SEALING',
      'WAITING_FOR_OTHERS',
    ]);
    const seal = await waitForSeal(t, sent._id);
    expect(seal.status).toBe('DONE');
    const { rows } = await t.platform.database.raw(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'document_id' = $2`,
      [SEAL_JOB, sent._id],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
    expect(await countLogs(sent._id, 'document.all_finished')).toBe(1);
    expect(await countLogs(sent._id, 'document.completed')).toBe(1);
    for (const email of emails) {
      expect((await mailsTo(t, email)).filter((m) => m.kind === 'document.completed')).toHaveLength(1);
    }
    expect(pdfFilesIn(sent._id)).toEqual(['completed.pdf']);
  });

  it('a run killed after storing the file is taken over once its lease is stale: one final file, one completion', async () => {
    const { sent, job } = await readyToSeal();
    const key = completedFileKey(acme.companyId, sent._id);
    // The first run stores the file and then never goes on (as if the process were SIGKILLed).
    void runSealJob(
      t.platform,
      job,
      { id: 'killed-run', retryCount: 0 },
      { afterStore: () => new Promise(() => {}) },
    );
    await eventually(async () => (await t.platform.storage.head(key)) !== null, 'the stored file');
    const firstBytes = await t.platform.storage.get(key);
    const [held] = await db()
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, sent._id));
    expect(held).toMatchObject({ status: 'SEALING', claimId: 'killed-run' });
    // Another run meanwhile: the lease is fresh, so it waits for the queue's retry (no failure recorded).
    await expect(runSealJob(t.platform, job, { id: 'early-run', retryCount: 0 })).rejects.toThrow(
      'another worker',
    );
    const [stillHeld] = await db()
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, sent._id));
    expect(stillHeld).toMatchObject({ failures: 0, error: null, claimId: 'killed-run' });

    // The queue retries after the job's expiry; the lease is stale by then.
    await db()
      .update(documentSeals)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(documentSeals.employeeDocumentId, sent._id));
    expect(await runSealJob(t.platform, job, { id: 'retry-run', retryCount: 1 })).toBe('SEALED');
    const [seal] = await db()
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, sent._id));
    const finalBytes = await t.platform.storage.get(key);
    expect(seal).toMatchObject({ status: 'DONE', fileKey: key, claimId: null });
    expect(createHash('sha256').update(finalBytes).digest('hex')).toBe(seal!.sha256);
    expect(finalBytes.length).toBeGreaterThan(0);
    expect(firstBytes.length).toBeGreaterThan(0);
    expect(pdfFilesIn(sent._id)).toEqual(['completed.pdf']);
    const [doc] = await db().select().from(employeeDocuments).where(eq(employeeDocuments.id, sent._id));
    expect(doc?.status).toBe('COMPLETED');

    // Running the handler again (a duplicate or late job) changes nothing.
    expect(await runSealJob(t.platform, job, { id: 'late-run', retryCount: 0 })).toBe('ALREADY_SEALED');
    expect(await countLogs(sent._id, 'document.completed')).toBe(1);
    expect((await t.platform.storage.get(key)).equals(finalBytes)).toBe(true);
  });

  it('leaves a voided or unfinished document alone', async () => {
    const { sent, job } = await readyToSeal();
    await db().update(employeeDocuments).set({ status: 'VOIDED' }).where(eq(employeeDocuments.id, sent._id));
    expect(await runSealJob(t.platform, job, { id: 'v', retryCount: 0 })).toBe('NOT_READY');
    const { sent: open } = await sendToTwo();
    const pending = { document_id: open._id, company_id: acme.companyId };
    expect(await runSealJob(t.platform, pending, { id: 'u', retryCount: 0 })).toBe('NOT_READY');
    const [seal] = await db()
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, open._id));
    expect(seal?.status).toBe('PENDING');
  });

  it('records a failing seal for the sender, fails for good after the last retry, and retries on request', async () => {
    const { sent, job } = await readyToSeal();
    const original = await t.platform.storage.get(sent.file.file_ref_id);
    await t.platform.storage.delete(sent.file.file_ref_id);

    await expect(runSealJob(t.platform, job, { id: 'try-1', retryCount: 0 })).rejects.toThrow(
      'could not be read',
    );
    const [retrying] = await db()
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, sent._id));
    expect(retrying).toMatchObject({
      status: 'PENDING',
      failures: 1,
      error: 'The document file could not be read from storage',
      claimId: null,
    });
    const status = await call('POST', `/api/documents/e-sign-completed/${sent._id}`, acme.users.OWNER);
    expect(status.json().data).toMatchObject({
      completed: false,
      pending: [],
      requeued: false,
      seal: { status: 'PENDING', failures: 1, error: 'The document file could not be read from storage' },
    });

    await expect(
      runSealJob(t.platform, job, { id: 'try-last', retryCount: SEAL_RETRY_LIMIT }),
    ).rejects.toThrow();
    const [failed] = await db()
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.employeeDocumentId, sent._id));
    expect(failed).toMatchObject({ status: 'FAILED', failures: 2 });
    expect(await countLogs(sent._id, 'document.seal_failed')).toBe(1);
    const [mail] = (await mailsTo(t, acme.users.OWNER.email)).filter(
      (m) => m.kind === 'document.seal-failed',
    );
    expect(mail?.html).toContain('could not be read from storage');

    // The sender asks again once the cause is fixed: queued, sealed in the background.
    await t.platform.storage.put(sent.file.file_ref_id, original, 'application/pdf');
    const retry = await call('POST', `/api/documents/e-sign-completed/${sent._id}`, acme.users.OWNER);
    expect(retry.statusCode, retry.body).toBe(200);
    // The in-process worker may already have claimed the requeued job when the answer is read.
    expect(retry.json().data).toMatchObject({ requeued: true });
    expect(['PENDING', 'SEALING']).toContain(retry.json().data.seal.status);
    const sealed = await waitForSeal(t, sent._id);
    expect(sealed).toMatchObject({ status: 'DONE', error: null });
    expect(await countLogs(sent._id, 'document.seal_requeued')).toBe(1);
    const again = await call('POST', `/api/documents/e-sign-completed/${sent._id}`, acme.users.OWNER);
    expect(again.json().data).toMatchObject({ completed: true, requeued: false });
  });

  it('a document sent to a viewer only completes once the viewer has looked at it', async () => {
    const email = uniqueEmail('viewer');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('v1', email, { user_type: 'VIEWER' })],
      fields: [],
    });
    const headers = await linkHeaders(t, email, sent._id);
    const record = await as('GET', `/api/e-signs/${sent._id}`, headers);
    expect(record.json().data.recipient.status).toBe('VIEWED');
    const seal = await waitForSeal(t, sent._id);
    expect(seal.status).toBe('DONE');
    expect((await as('POST', `/api/documents/${sent._id}/finish`, headers, {})).statusCode).toBe(409);
  });

  it('keeps one completed hash per document, findable by SHA-256', async () => {
    const rows = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(documentSeals)
      .where(eq(documentSeals.status, 'DONE'));
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
    const hashes = await db()
      .select({ sha: documentSeals.sha256 })
      .from(documentSeals)
      .where(eq(documentSeals.status, 'DONE'));
    expect(new Set(hashes.map((h) => h.sha)).size).toBe(hashes.length);
  });
});
