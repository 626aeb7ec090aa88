import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { makeTestCa, startTestTsa, type TestTsa } from '../../platform/pdf/test-pki';
import { verifyPdf } from '../../platform/pdf/verify-pdf';
import { documentLogs, documentUsers } from '../documents/schema';
import { caller, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { documentSeals } from './schema';
import { SEAL_JOB, SEAL_RETRY_LIMIT } from './seal-queue';
import { completedFileKey, runSealJob } from './seal-service';
import { sendForSigning } from './test-helpers';

/* Seals with TSA_URLS set (PAdES B-T), against a local RFC 3161 authority made by the test. */

let t: TestApp;
let acme: SeededCompany;
let tsa: TestTsa;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  tsa = await startTestTsa(await makeTestCa());
  t = await buildTestApp({ TSA_URLS: `${tsa.url}/tsa`, TSA_TIMEOUT_MS: '2000' });
  call = caller(t);
  acme = await seedCompany(t, { name: 'Stamped Realty' });
});
afterAll(async () => {
  await t.close();
  await tsa.close();
});

const db = () => t.platform.database.db;

/** A document whose recipient is marked SIGNED directly, with no seal job queued. */
async function readyToSeal() {
  const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
    document_users: [signer('r1', uniqueEmail('ts'))],
    fields: [signatureField('f1', 'r1')],
  });
  await db()
    .update(documentUsers)
    .set({ status: 'SIGNED', finishedAt: new Date() })
    .where(eq(documentUsers.employeeDocumentId, sent._id));
  return { sent, job: { document_id: sent._id, company_id: acme.companyId } };
}

const sealOf = async (documentId: string) =>
  (await db().select().from(documentSeals).where(eq(documentSeals.employeeDocumentId, documentId)))[0]!;

async function countLogs(documentId: string, action: string): Promise<number> {
  const rows = await db()
    .select()
    .from(documentLogs)
    .where(and(eq(documentLogs.employeeDocumentId, documentId), eq(documentLogs.action, action)));
  return rows.length;
}

describe('sealing with a timestamp authority (TSA_URLS)', () => {
  it('seals with a signature timestamp (B-T), then the DSS and a document timestamp (B-LT, B-LTA)', async () => {
    const { sent, job } = await readyToSeal();
    const before = tsa.requests;
    expect(await runSealJob(t.platform, job, { id: 'ts-1', retryCount: 0 })).toBe('SEALED');
    const bytes = await t.platform.storage.get(completedFileKey(acme.companyId, sent._id));
    const check = verifyPdf(bytes);
    expect(check.intact).toBe(true);
    expect(check.signatures[0]?.timestamp).toMatchObject({ valid: true, authority: 'e-Signs Test TSA' });
    // Then B-LT and B-LTA: the DSS and a document timestamp over it (a second token).
    expect(tsa.requests).toBe(before + 2);
    expect(bytes.toString('latin1')).toContain('/Type /DSS');
    expect(check.signatures[1]).toMatchObject({
      sub_filter: 'ETSI.RFC3161',
      valid: true,
      covers_whole_file: true,
    });
  });

  it('a failing authority: the seal stays SEALING with the reason shown to the sender, waits, then seals once', async () => {
    const { sent, job } = await readyToSeal();
    tsa.failWith = 503;
    try {
      await expect(runSealJob(t.platform, job, { id: 'ts-fail-1', retryCount: 0 })).rejects.toThrow(
        /No timestamp authority answered/,
      );
      const waiting = await sealOf(sent._id);
      expect(waiting).toMatchObject({ status: 'SEALING', claimId: null, failures: 1 });
      expect(waiting.error).toContain('HTTP 503');

      // What the sender sees: still being sealed, and why; nothing queued again, nothing failed.
      const status = await call('POST', `/api/documents/e-sign-completed/${sent._id}`, acme.users.OWNER);
      expect(status.statusCode, status.body).toBe(200);
      const data = status.json().data;
      expect(data.seal).toMatchObject({ status: 'SEALING' });
      expect(data.seal.error).toContain('No timestamp authority answered');
      expect(data.sealing).toBeNull();
      expect(data.requeued).toBe(false);

      // The queue's retries spent: not FAILED, a later run is queued instead.
      expect(await runSealJob(t.platform, job, { id: 'ts-fail-last', retryCount: SEAL_RETRY_LIMIT })).toBe(
        'WAITING_TIMESTAMP',
      );
      expect(await sealOf(sent._id)).toMatchObject({ status: 'SEALING', failedAt: null, failureKind: null });
      expect(await countLogs(sent._id, 'document.seal_failed')).toBe(0);
      const { rows } = await t.platform.database.raw(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'document_id' = $2 AND start_after > now() + interval '60 seconds'`,
        [SEAL_JOB, sent._id],
      );
      expect((rows[0] as { n: number }).n).toBe(1);
    } finally {
      tsa.failWith = null;
    }

    // The authority is back: the next run seals, with the timestamp; a later run finds it sealed.
    expect(await runSealJob(t.platform, job, { id: 'ts-back', retryCount: 0 })).toBe('SEALED');
    expect(await runSealJob(t.platform, job, { id: 'ts-late', retryCount: 0 })).toBe('ALREADY_SEALED');
    expect(await sealOf(sent._id)).toMatchObject({ status: 'DONE', error: null });
    expect(await countLogs(sent._id, 'document.completed')).toBe(1);
    const bytes = await t.platform.storage.get(completedFileKey(acme.companyId, sent._id));
    expect(verifyPdf(bytes).signatures[0]?.timestamp?.valid).toBe(true);
  });
});
