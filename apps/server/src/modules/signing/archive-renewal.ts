import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  archiveExpiryOf,
  extendLongTermValidation,
  lastDocumentTimestamp,
} from '../../platform/pdf/long-term';
import { appendDocumentLog } from '../documents';
import { documentSeals, documentSealVersions } from './schema';
import { timestamperFor } from './seal-pdf';
import { completedFileKey } from './seal-service';

/*
 * Archival re-timestamping (LTA_RENEWAL; README "Archival re-timestamping"). Once a day a sweep
 * queues one `signing.archive-renew` job per sealed document whose last timestamp's authority
 * certificate (the seal's certificate when the file has no document timestamp) expires within
 * LTA_RENEWAL_DAYS; each job appends fresh validation data and a new document timestamp, stores
 * the result as a new version and keeps the old one.
 */

/** The daily sweep (cron, one job per tick whatever the number of processes). */
export const ARCHIVE_SWEEP_JOB = 'signing.archive-sweep';
/** 02:23 UTC every day. */
export const ARCHIVE_SWEEP_CRON = '23 2 * * *';
/** One document's renewal. */
export const ARCHIVE_RENEW_JOB = 'signing.archive-renew';
/** Retries of a renewal (an authority down): from 60 s doubling, about an hour in all. */
export const ARCHIVE_RENEW_RETRY_LIMIT = 5;
export const ARCHIVE_RENEW_RETRY_DELAY_SECONDS = 60;
/** A document queued by a sweep is not queued again for this long (a rerun of the same day's sweep). */
const REQUEUE_AFTER_HOURS = 20;
/** Seal rows taken per transaction of the sweep. */
const SWEEP_BATCH = 200;

export const ZArchiveRenewJob = z.object({ document_id: z.string().uuid(), company_id: z.string().uuid() });
export type TArchiveRenewJob = z.infer<typeof ZArchiveRenewJob>;

export type ArchiveRenewalOutcome = 'RENEWED' | 'NOT_DUE' | 'NOT_SEALED' | 'ALREADY_RENEWED';

/** Where a version of a sealed file is kept for good: by its SHA-256, never overwritten. */
export const sealVersionKey = (companyId: string, documentId: string, sha256: string): string =>
  `companies/${companyId}/documents/${documentId}/sealed-versions/${sha256}.pdf`;

const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const windowEnd = (platform: Platform, now: Date): Date =>
  new Date(now.getTime() + platform.config.archiveRenewal.windowDays * 86_400_000);

/**
 * The daily sweep: the DONE seals whose archive expiry falls within the window (or is not known
 * yet: files sealed before it was recorded), not queued by a sweep in the last 20 hours. Each batch
 * marks its rows queued and queues their jobs in ONE transaction (rows locked, others' locked rows
 * skipped), so a sweep killed midway and run again, or two sweeps at once, queue each document
 * once. Answers the number of jobs queued.
 */
export async function runArchiveSweep(
  platform: Platform,
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = windowEnd(platform, now);
  const requeueBefore = new Date(now.getTime() - REQUEUE_AFTER_HOURS * 3_600_000);
  let queued = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const batch = await platform.database.db.transaction(async (tx) => {
      const rows = await tx
        .select({ documentId: documentSeals.employeeDocumentId, companyId: documentSeals.companyId })
        .from(documentSeals)
        .where(
          and(
            eq(documentSeals.status, 'DONE'),
            or(isNull(documentSeals.archiveExpiresAt), lt(documentSeals.archiveExpiresAt, due)),
            or(isNull(documentSeals.archiveQueuedAt), lt(documentSeals.archiveQueuedAt, requeueBefore)),
          ),
        )
        .orderBy(asc(documentSeals.archiveExpiresAt))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx
        .update(documentSeals)
        .set({ archiveQueuedAt: now })
        .where(
          sql`${documentSeals.employeeDocumentId} IN (${sql.join(
            rows.map((r) => sql`${r.documentId}::uuid`),
            sql`, `,
          )})`,
        );
      await platform.jobs.sendMany<TArchiveRenewJob>(
        ARCHIVE_RENEW_JOB,
        rows.map((r) => ({ document_id: r.documentId, company_id: r.companyId })),
        { tx },
      );
      return rows.length;
    });
    queued += batch;
    if (batch < SWEEP_BATCH) break;
  }
  return queued;
}

/**
 * One document's renewal (`signing.archive-renew`), safe to run twice or after a kill at any
 * point: the current file (the seal's `fileKey`, checked against its SHA-256) is kept at its
 * version key, the renewed file is stored at its own version key, and only then ONE transaction
 * switches the seal to it if the seal still holds the file it started from (so of two runs at
 * once one renews; the other's file is deleted), records the earlier version and logs
 * `document.archive_timestamp_renewed`. The fixed `completed.pdf` (what other modules read) is
 * refreshed after the commit, and repaired by the next run when a kill came in between. A
 * timestamp authority that fails leaves everything as it was (the reason in `archive_error`) and
 * the queue retries.
 */
export async function runArchiveRenewal(
  platform: Platform,
  job: TArchiveRenewJob,
  options: {
    now?: Date;
    /** Called after the renewed file is stored and before the switch (the kill test's hook). */
    afterStore?: () => Promise<void>;
  } = {},
): Promise<ArchiveRenewalOutcome> {
  const db = platform.database.db;
  const now = options.now ?? new Date();
  const [seal] = await db
    .select()
    .from(documentSeals)
    .where(
      and(
        eq(documentSeals.employeeDocumentId, job.document_id),
        eq(documentSeals.companyId, job.company_id),
        eq(documentSeals.status, 'DONE'),
      ),
    );
  if (!seal?.fileKey || !seal.sha256) return 'NOT_SEALED';
  const current = await currentFile(platform, job, { fileKey: seal.fileKey, sha256: seal.sha256 });
  const expiry = archiveExpiryOf(current);
  if (!expiry || expiry.getTime() >= windowEnd(platform, now).getTime()) {
    if (expiry && expiry.getTime() !== seal.archiveExpiresAt?.getTime()) {
      await db
        .update(documentSeals)
        .set({ archiveExpiresAt: expiry })
        .where(
          and(eq(documentSeals.employeeDocumentId, job.document_id), eq(documentSeals.sha256, seal.sha256)),
        );
    }
    return 'NOT_DUE';
  }
  const timestamper = timestamperFor(platform);
  if (!timestamper) {
    throw new AppError('SERVICE_UNAVAILABLE', { message: 'No timestamp authority is configured (TSA_URLS)' });
  }

  const previousKey = sealVersionKey(job.company_id, job.document_id, seal.sha256);
  if (seal.fileKey !== previousKey) await platform.storage.put(previousKey, current, 'application/pdf');
  let renewed: Buffer;
  try {
    renewed = await extendLongTermValidation(current, {
      timestamper,
      ocspTimeoutMs: platform.config.timestamps.timeoutMs,
    });
  } catch (err) {
    await db
      .update(documentSeals)
      .set({ archiveError: (err instanceof Error ? err.message : 'renewal failed').slice(0, 500) })
      .where(
        and(eq(documentSeals.employeeDocumentId, job.document_id), eq(documentSeals.sha256, seal.sha256)),
      );
    throw err;
  }
  const sha256 = sha256Of(renewed);
  const key = sealVersionKey(job.company_id, job.document_id, sha256);
  await platform.storage.put(key, renewed, 'application/pdf');
  await options.afterStore?.();
  const stamp = lastDocumentTimestamp(renewed);
  const newExpiry = stamp?.authorityNotAfter ?? archiveExpiryOf(renewed);

  const switched = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(documentSeals)
      .set({
        fileKey: key,
        sha256,
        size: renewed.length,
        archiveExpiresAt: newExpiry,
        archiveRenewedAt: now,
        archiveRenewals: sql`${documentSeals.archiveRenewals} + 1`,
        archiveError: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(documentSeals.employeeDocumentId, job.document_id),
          eq(documentSeals.sha256, seal.sha256!),
          eq(documentSeals.status, 'DONE'),
        ),
      )
      .returning({ id: documentSeals.employeeDocumentId });
    if (!row) return false;
    await tx
      .insert(documentSealVersions)
      .values({
        employeeDocumentId: job.document_id,
        companyId: job.company_id,
        sha256: seal.sha256!,
        fileKey: previousKey,
        size: current.length,
        archiveExpiresAt: expiry,
        supersededAt: now,
      })
      .onConflictDoNothing();
    await appendDocumentLog(tx, {
      companyId: job.company_id,
      employeeDocumentId: job.document_id,
      action: 'document.archive_timestamp_renewed',
      details: {
        previous_sha256: seal.sha256,
        sha256,
        size: renewed.length,
        timestamped_at: stamp?.time?.toISOString() ?? null,
        authority_expires_at: newExpiry?.toISOString() ?? null,
        previous_expires_at: expiry.toISOString(),
        file: key,
      },
    });
    return true;
  });
  if (!switched) {
    // Another run renewed it first: this run's file is not the document's.
    await platform.storage.delete(key);
    return 'ALREADY_RENEWED';
  }
  await platform.storage.put(completedFileKey(job.company_id, job.document_id), renewed, 'application/pdf');
  platform.log.info(
    { documentId: job.document_id, sha256, expires: newExpiry?.toISOString() },
    'archive timestamp renewed',
  );
  return 'RENEWED';
}

/**
 * The seal's current file, checked against its SHA-256. When the fixed `completed.pdf` is behind
 * the seal (a run killed between its commit and the copy), it is brought up to date here.
 */
async function currentFile(
  platform: Platform,
  job: TArchiveRenewJob,
  seal: { fileKey: string; sha256: string },
): Promise<Buffer> {
  const bytes = await platform.storage.get(seal.fileKey);
  if (sha256Of(bytes) !== seal.sha256) {
    throw new AppError('INTERNAL_ERROR', {
      message: `The stored sealed file of document ${job.document_id} does not match its SHA-256`,
    });
  }
  const fixed = completedFileKey(job.company_id, job.document_id);
  if (seal.fileKey !== fixed) {
    // Only a missing copy is written again; a failing storage fails the job (retried), logged.
    const copy = await platform.storage.get(fixed).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
      platform.log.warn({ documentId: job.document_id }, 'completed.pdf missing: written again');
      return null;
    });
    if (!copy || sha256Of(copy) !== seal.sha256) await platform.storage.put(fixed, bytes, 'application/pdf');
  }
  return bytes;
}
