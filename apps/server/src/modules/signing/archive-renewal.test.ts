import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TVerifyDocumentResult } from '@esigns/contracts/signing';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import {
  makeTestCa,
  pdfsigTrusting,
  startTestTsa,
  tsaIdentity,
  type TestIdentity,
  type TestTsa,
} from '../../platform/pdf/test-pki';
import { verifyPdf } from '../../platform/pdf/verify-pdf';
import { documentLogs } from '../documents/schema';
import { caller } from '../documents/test-helpers';
import { ARCHIVE_RENEW_JOB, runArchiveRenewal, runArchiveSweep, sealVersionKey } from './archive-renewal';
import { documentSeals, documentSealVersions } from './schema';
import { completedFileKey } from './seal-service';
import { eventually, sealedNow } from './test-helpers';

/*
 * The daily archival re-timestamping (LTA_RENEWAL), against a local timestamp authority whose
 * certificate is first short-lived (expiring within the 90-day window), then rotated to a
 * long-lived one, as an authority renews its certificate.
 */

const DAY = 86_400_000;
let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
let ca: TestIdentity;
let tsa: TestTsa;
let shortLived: TestIdentity;
let longLived: TestIdentity;

beforeAll(async () => {
  ca = await makeTestCa();
  tsa = await startTestTsa(ca, { notAfter: new Date(Date.now() + 30 * DAY) });
  shortLived = tsa.identity;
  longLived = await tsaIdentity(ca, { notAfter: new Date(Date.now() + 3 * 365 * DAY) });
  t = await buildTestApp({
    TSA_URLS: `${tsa.url}/tsa`,
    TSA_TIMEOUT_MS: '5000',
    LTA_RENEWAL: 'true',
    LTA_RENEWAL_DAYS: '90',
  });
  acme = await seedCompany(t, { name: 'Archive Realty' });
  globex = await seedCompany(t, { name: 'Globex Archives' });
});
afterAll(async () => {
  await t.close();
  await tsa.close();
});

const db = () => t.platform.database.db;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A document of `company` sealed now, with its seal's SHA-256 and file. */
async function sealed(company: SeededCompany, name: string) {
  const { id, job } = await sealedNow(t, company, { name, emailTag: 'lta' });
  const seal = await sealOf(id);
  return { id, name, job, sha256: seal.sha256!, bytes: await t.platform.storage.get(seal.fileKey!) };
}

const sealOf = async (documentId: string) =>
  (await db().select().from(documentSeals).where(eq(documentSeals.employeeDocumentId, documentId)))[0]!;

const versionsOf = (documentId: string) =>
  db().select().from(documentSealVersions).where(eq(documentSealVersions.employeeDocumentId, documentId));

async function renewalLogs(documentId: string) {
  return db()
    .select()
    .from(documentLogs)
    .where(
      and(
        eq(documentLogs.employeeDocumentId, documentId),
        eq(documentLogs.action, 'document.archive_timestamp_renewed'),
      ),
    );
}

/** Waits until no renewal job is queued or running; answers how many ended failed. */
async function settleRenewals(): Promise<void> {
  await eventually(async () => {
    const { rows } = await t.platform.database.raw(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [ARCHIVE_RENEW_JOB],
    );
    return (rows[0] as { n: number }).n === 0;
  }, 'the renewal jobs');
}

let ip = 0;
async function verifyUpload(bytes: Buffer): Promise<TVerifyDocumentResult> {
  const boundary = '----vitest-lta';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/verify-document',
    remoteAddress: `10.88.0.${++ip}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TVerifyDocumentResult;
}

describe('archival re-timestamping (LTA_RENEWAL)', { timeout: 180_000 }, () => {
  let nearA: Awaited<ReturnType<typeof sealed>>;
  let nearB: Awaited<ReturnType<typeof sealed>>;
  let far: Awaited<ReturnType<typeof sealed>>;

  it('renews exactly the documents whose last timestamp expires within the window, keeping the old files', async () => {
    tsa.identity = shortLived;
    nearA = await sealed(acme, 'Lease near expiry');
    nearB = await sealed(globex, 'Globex contract near expiry');
    tsa.identity = longLived;
    far = await sealed(acme, 'Lease far from expiry');
    expect((await sealOf(nearA.id)).archiveExpiresAt).toEqual(new Date(shortLived.certificate.notAfter));
    expect((await sealOf(far.id)).archiveExpiresAt).toEqual(new Date(longLived.certificate.notAfter));
    // A file sealed before the expiry was recorded: the sweep reads it and records it, no renewal.
    await db()
      .update(documentSeals)
      .set({ archiveExpiresAt: null })
      .where(eq(documentSeals.employeeDocumentId, far.id));

    const requests = tsa.requests;
    expect(await runArchiveSweep(t.platform)).toBe(3);
    await settleRenewals();
    expect(tsa.requests - requests).toBe(2);

    for (const [doc, company] of [
      [nearA, acme],
      [nearB, globex],
    ] as const) {
      const seal = await sealOf(doc.id);
      expect(seal).toMatchObject({ status: 'DONE', archiveRenewals: 1, archiveError: null });
      expect(seal.sha256).not.toBe(doc.sha256);
      expect(seal.fileKey).toBe(sealVersionKey(company.companyId, doc.id, seal.sha256!));
      expect(seal.archiveExpiresAt).toEqual(new Date(longLived.certificate.notAfter));
      const renewed = await t.platform.storage.get(seal.fileKey!);
      expect(sha256(renewed)).toBe(seal.sha256);
      expect(seal.size).toBe(renewed.length);
      // The renewal appends: the old file is its prefix, and is kept as it was.
      expect(renewed.subarray(0, doc.bytes.length).equals(doc.bytes)).toBe(true);
      const old = await t.platform.storage.get(sealVersionKey(company.companyId, doc.id, doc.sha256));
      expect(old.equals(doc.bytes)).toBe(true);
      // The fixed key other modules read holds the renewed file.
      expect(
        (await t.platform.storage.get(completedFileKey(company.companyId, doc.id))).equals(renewed),
      ).toBe(true);
      expect(await versionsOf(doc.id)).toMatchObject([
        { companyId: company.companyId, sha256: doc.sha256, size: doc.bytes.length },
      ]);
      const logs = await renewalLogs(doc.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]!.companyId).toBe(company.companyId);
      expect(logs[0]!.details).toMatchObject({ previous_sha256: doc.sha256, sha256: seal.sha256 });
    }

    const untouched = await sealOf(far.id);
    expect(untouched).toMatchObject({ sha256: far.sha256, archiveRenewals: 0 });
    expect(untouched.archiveExpiresAt).toEqual(new Date(longLived.certificate.notAfter));
    expect(await versionsOf(far.id)).toHaveLength(0);
    expect(await renewalLogs(far.id)).toHaveLength(0);
  });

  it('the renewed file verifies (B-LTA, every timestamp listed; pdfsig with the test CA) and both versions are known', async () => {
    const seal = await sealOf(nearA.id);
    const renewed = await t.platform.storage.get(seal.fileKey!);
    const check = verifyPdf(renewed);
    expect(check).toMatchObject({ intact: true, level: 'B-LTA' });
    expect(check.timestamps.map((s) => [s.kind, s.valid])).toEqual([
      ['SIGNATURE', true],
      ['DOCUMENT', true],
      ['DOCUMENT', true],
    ]);
    expect(check.timestamps.map((s) => s.authority_expires_at)).toEqual([
      new Date(shortLived.certificate.notAfter).toISOString(),
      new Date(shortLived.certificate.notAfter).toISOString(),
      new Date(longLived.certificate.notAfter).toISOString(),
    ]);
    expect(await pdfsigTrusting(renewed, [ca])).toContain('Signature is Valid');

    const answer = await verifyUpload(renewed);
    expect(answer).toMatchObject({
      intact: true,
      ours: true,
      known: true,
      level: 'B-LTA',
      sha256: seal.sha256,
    });
    expect(answer.document?.name).toBe('Lease near expiry');
    expect(answer.timestamps).toHaveLength(3);
    expect(answer.timestamps?.[2]).toMatchObject({
      kind: 'DOCUMENT',
      valid: true,
      authority: 'e-Signs Test TSA',
    });
    // A copy handed out before the renewal is still this document.
    const before = await verifyUpload(nearA.bytes);
    expect(before).toMatchObject({ intact: true, known: true, level: 'B-LTA', sha256: nearA.sha256 });
    expect(before.document?.name).toBe('Lease near expiry');
    expect(before.timestamps).toHaveLength(2);
    // The other company's renewed file is its own document.
    const other = await verifyUpload(await t.platform.storage.get((await sealOf(nearB.id)).fileKey!));
    expect(other.document?.name).toBe('Globex contract near expiry');
  });

  it('a second run renews nothing', async () => {
    const requests = tsa.requests;
    // The next day's sweep: the renewed files now expire far beyond the window.
    expect(await runArchiveSweep(t.platform, { now: new Date(Date.now() + DAY) })).toBe(0);
    // And a renewal job run again (a duplicate, or a rerun after a kill) finds nothing due.
    expect(await runArchiveRenewal(t.platform, nearA.job)).toBe('NOT_DUE');
    expect(await runArchiveRenewal(t.platform, nearB.job)).toBe('NOT_DUE');
    expect(tsa.requests).toBe(requests);
    expect((await sealOf(nearA.id)).archiveRenewals).toBe(1);
    expect(await renewalLogs(nearA.id)).toHaveLength(1);
  });

  it('a failing authority leaves the current file as it was, and the queue retries the renewal', async () => {
    tsa.identity = shortLived;
    const doc = await sealed(acme, 'Lease renewed after an outage');
    tsa.identity = longLived;
    tsa.failWith = 503;
    try {
      expect(await runArchiveSweep(t.platform)).toBe(1);
      const waiting = await eventually(async () => {
        const { rows } = await t.platform.database.raw(
          `SELECT id, state FROM pgboss.job WHERE name = $1 AND data->>'document_id' = $2`,
          [ARCHIVE_RENEW_JOB, doc.id],
        );
        const row = rows[0] as { id: string; state: string } | undefined;
        return row?.state === 'retry' ? row : null;
      }, 'the renewal to fail once');
      const seal = await sealOf(doc.id);
      expect(seal).toMatchObject({ sha256: doc.sha256, fileKey: completedFileKey(acme.companyId, doc.id) });
      expect(seal.archiveError).toContain('HTTP 503');
      expect((await t.platform.storage.get(seal.fileKey!)).equals(doc.bytes)).toBe(true);
      expect(await versionsOf(doc.id)).toHaveLength(0);
      expect(await renewalLogs(doc.id)).toHaveLength(0);

      // The authority is back: the queued retry (brought forward) renews it.
      tsa.failWith = null;
      await t.platform.database.raw(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [waiting.id]);
      t.platform.jobs.wake(ARCHIVE_RENEW_JOB);
      await settleRenewals();
    } finally {
      tsa.failWith = null;
    }
    const renewed = await sealOf(doc.id);
    expect(renewed).toMatchObject({ archiveRenewals: 1, archiveError: null });
    expect(renewed.sha256).not.toBe(doc.sha256);
    expect(await renewalLogs(doc.id)).toHaveLength(1);
    expect(verifyPdf(await t.platform.storage.get(renewed.fileKey!)).level).toBe('B-LTA');
  });

  it('a document deleted for good takes every version of its sealed file with it', async () => {
    const seal = await sealOf(nearA.id);
    const keys = [seal.fileKey!, sealVersionKey(acme.companyId, nearA.id, nearA.sha256)];
    for (const key of keys) await expect(t.platform.storage.get(key)).resolves.toBeInstanceOf(Buffer);
    const call = caller(t);
    const archived = await call('DELETE', `/api/documents/${nearA.id}/archive`, acme.users.OWNER);
    expect(archived.statusCode, archived.body).toBe(200);
    const gone = await call('POST', `/api/documents/${nearA.id}/parmanentdelete`, acme.users.OWNER);
    expect(gone.statusCode, gone.body).toBe(200);
    for (const key of keys) await expect(t.platform.storage.get(key)).rejects.toThrow();
    await expect(t.platform.storage.get(completedFileKey(acme.companyId, nearA.id))).rejects.toThrow();
    // The other company's renewed document is untouched.
    await expect(t.platform.storage.get((await sealOf(nearB.id)).fileKey!)).resolves.toBeInstanceOf(Buffer);
  });

  it('a run that lost the race to another leaves no file of its own; a stale completed.pdf is repaired', async () => {
    tsa.identity = shortLived;
    const doc = await sealed(globex, 'Globex raced');
    tsa.identity = longLived;
    const [first, second] = await Promise.all([
      runArchiveRenewal(t.platform, doc.job),
      runArchiveRenewal(t.platform, doc.job),
    ]);
    expect([first, second].sort()).toEqual(['ALREADY_RENEWED', 'RENEWED']);
    const seal = await sealOf(doc.id);
    expect(seal.archiveRenewals).toBe(1);
    expect(await renewalLogs(doc.id)).toHaveLength(1);

    // A kill between the commit and the copy to completed.pdf: the next run brings it up to date.
    const fixed = completedFileKey(globex.companyId, doc.id);
    await t.platform.storage.put(fixed, doc.bytes, 'application/pdf');
    expect(await runArchiveRenewal(t.platform, doc.job)).toBe('NOT_DUE');
    expect(sha256(await t.platform.storage.get(fixed))).toBe(seal.sha256);
  });
});
