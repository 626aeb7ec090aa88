import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Platform } from '../../platform/platform';
import type { Tx } from '../documents';
import { documentSeals } from './schema';

/** The durable job that builds a completed document's final PDF (DOMAIN-ESIGN "Completion"). */
export const SEAL_JOB = 'documents.seal';
/** Retries after the first attempt, from 10 s doubling (about 5 minutes in all). */
export const SEAL_RETRY_LIMIT = 4;
export const SEAL_RETRY_DELAY_SECONDS = 10;
/** A run killed mid-way (SIGKILL) is given up by the queue after this and retried. */
export const SEAL_EXPIRE_SECONDS = 180;

/**
 * No seal is queued (or done) for the document whose id is `documentId`: a condition for other
 * modules' statements over documents (the reminders sweep leaves documents finished by everyone
 * alone), with signing's table behind it.
 */
export const noSealQueued = (documentId: AnyPgColumn): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${documentSeals} WHERE ${documentSeals.employeeDocumentId} = ${documentId})`;

export const ZSealJob = z.object({ document_id: z.string().uuid(), company_id: z.string().uuid() });
export type TSealJob = z.infer<typeof ZSealJob>;

/**
 * Queues the sealing of a document in the caller's transaction (the job exists only if it
 * commits) and records the seal as PENDING (a DONE seal stays DONE). Call `wakeSealWorker`
 * after the commit. Queueing twice is harmless: the job claims the seal, and a sealed document
 * is left alone.
 */
export async function queueSeal(platform: Platform, tx: Tx, job: TSealJob): Promise<void> {
  const now = new Date();
  await tx
    .insert(documentSeals)
    .values({ employeeDocumentId: job.document_id, companyId: job.company_id, status: 'PENDING' })
    .onConflictDoUpdate({
      target: documentSeals.employeeDocumentId,
      set: {
        status: sql`CASE WHEN ${documentSeals.status} IN ('DONE', 'SEALING') THEN ${documentSeals.status} ELSE 'PENDING' END`,
        // A failure for good is over once the seal is queued again (its reason stays in `error`).
        failureKind: null,
        failedValues: null,
        failedAt: null,
        queuedAt: now,
        updatedAt: now,
      },
    });
  await platform.jobs.send(SEAL_JOB, job, { tx, singletonKey: job.document_id });
}

/** Wakes this process's idle seal workers (after a commit that queued a seal). */
export function wakeSealWorker(platform: Platform): void {
  platform.jobs.wake(SEAL_JOB);
}
