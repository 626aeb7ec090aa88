import { and, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, unlessAppError } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { findFormBuilder } from '../form-builders';
import { availabilityNow } from './submission-store';
import { batchColumns } from './batch-views';
import { formBatches } from './schema';
import {
  mailSenderOf,
  sendNewLink,
  type MailSender,
  type Recipient,
  type SendableForm,
  type Tx,
} from './send-link';

export const FORM_SEND_JOB = 'form-submissions.send';
/** People of one job, in one transaction with the batch's progress and the next chunk's job. */
export const FORM_SEND_CHUNK = 50;
/** How many failures the batch's message names. */
const NAMED_FAILURES = 5;

/** One run of the job: the people `[from, from + 50)` of the batch's recipients. */
export type TFormSendJob = { batch_id: string; from: number };

export type FormSendOutcome =
  /** The chunk is recorded; the next one is queued (or the batch is DONE). */
  | 'SENT'
  /** Nothing to do: the batch is over, or this chunk was recorded by an earlier run. */
  | 'SKIPPED'
  /** The job was handed back (its worker is stopping) before the chunk started. */
  | 'ABORTED'
  | 'FAILED';

type BatchHead = typeof formBatches.$inferSelect;
type Head = Omit<BatchHead, 'recipients'>;

/** The batch without its recipients (up to 10,000): what every run reads first. */
async function readHead(platform: Platform, id: string): Promise<Head | undefined> {
  const [row] = await platform.database.db
    .select({ ...batchColumns, companyId: formBatches.companyId, cursor: formBatches.cursor })
    .from(formBatches)
    .where(eq(formBatches.id, id))
    .limit(1);
  return row;
}

/** Ends a batch whose form can no longer be sent: everyone not reached counts as failed. */
async function failBatch(platform: Platform, batch: Head, message: string): Promise<void> {
  await platform.database.db
    .update(formBatches)
    .set({
      status: 'FAILED',
      failed: batch.total - batch.sent,
      cursor: batch.total,
      message,
      finishedAt: new Date(),
    })
    .where(
      and(
        eq(formBatches.id, batch.id),
        eq(formBatches.cursor, batch.cursor),
        inArray(formBatches.status, ['QUEUED', 'RUNNING']),
      ),
    );
}

/** DONE, FAILED or CANCELLED: no chunk runs any more. */
const isOver = (batch: Head) =>
  batch.status === 'DONE' || batch.status === 'FAILED' || batch.status === 'CANCELLED';

/** Only this chunk's recipients leave the database. */
async function chunkOf(tx: Tx, batchId: string, from: number): Promise<Recipient[]> {
  const [slice] = await tx
    .select({
      rows: sql<Recipient[]>`(SELECT coalesce(jsonb_agg(r.e ORDER BY r.i), '[]'::jsonb)
        FROM jsonb_array_elements(${formBatches.recipients}) WITH ORDINALITY AS r(e, i)
        WHERE r.i > ${from} AND r.i <= ${from + FORM_SEND_CHUNK})`,
    })
    .from(formBatches)
    .where(eq(formBatches.id, batchId));
  return slice?.rows ?? [];
}

/**
 * Each person of the chunk in a savepoint of the chunk's transaction: one whose link cannot be
 * made (an AppError: a mail refused...) is counted as failed and the others go on; a database
 * failure fails the whole chunk, which the job's retry runs again from the same cursor.
 */
async function sendChunk(
  platform: Platform,
  tx: Tx,
  form: SendableForm,
  batch: Head,
  people: Recipient[],
  sender: MailSender,
): Promise<{ sent: number; failures: string[] }> {
  let sent = 0;
  const failures: string[] = [];
  for (const person of people) {
    try {
      await tx.transaction((sp) =>
        sendNewLink(platform, sp, form, person, { sender, batchId: batch.id, createdBy: batch.createdBy }),
      );
      sent += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failures.push(`${person.email}: ${err.details?.[0]?.message ?? err.message}`);
    }
  }
  return { sent, failures };
}

function messageOf(previous: string, failures: string[], failedBefore: number): string {
  if (failures.length === 0) return previous;
  const named = Math.max(0, NAMED_FAILURES - failedBefore);
  const lines = [previous, ...failures.slice(0, named)].filter(Boolean);
  return lines.join('\n').slice(0, 4000);
}

/**
 * The `form-submissions.send` job: ONE chunk of 50 people. Its transaction locks the batch row,
 * goes on only if the batch's cursor still points at the chunk, then writes each person's DRAFT
 * submission, guest session, link mail (MailService, same transaction) and history event, the
 * progress (cursor, sent, failed) and the next chunk's job. A run that dies before the commit
 * leaves nothing behind; a rerun after the commit finds the cursor moved and does nothing: each
 * person gets exactly one mail, even after kill -9.
 */
export async function runFormSendChunk(
  platform: Platform,
  job: TFormSendJob,
  signal?: AbortSignal,
): Promise<FormSendOutcome> {
  const batch = await readHead(platform, job.batch_id);
  if (!batch || isOver(batch)) return 'SKIPPED';
  if (job.from !== batch.cursor) return 'SKIPPED';
  if (signal?.aborted) return 'ABORTED';
  const db = platform.database.db;
  const form = await unlessAppError(findFormBuilder(db, batch.companyId, batch.formBuilderId));
  const availability = form ? await availabilityNow(db, form) : 'INACTIVE';
  if (!form || (availability !== 'OPEN' && availability !== 'NOT_YET_OPEN')) {
    await failBatch(
      platform,
      batch,
      `The form was deleted, deactivated, closed or filled up before everyone was sent a link`,
    );
    return 'FAILED';
  }
  const sender = await mailSenderOf(platform, batch.companyId, batch.createdBy);

  const from = batch.cursor;
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ cursor: formBatches.cursor, failed: formBatches.failed, message: formBatches.message })
      .from(formBatches)
      .where(and(eq(formBatches.id, batch.id), inArray(formBatches.status, ['QUEUED', 'RUNNING'])))
      .for('update');
    if (!locked || locked.cursor !== from) return null;
    const people = await chunkOf(tx, batch.id, from);
    const { sent, failures } = await sendChunk(platform, tx, form, batch, people, sender);
    const next = from + people.length;
    const last = people.length === 0 || next >= batch.total;
    await tx
      .update(formBatches)
      .set({
        cursor: next,
        sent: sql`${formBatches.sent} + ${sent}`,
        failed: sql`${formBatches.failed} + ${failures.length}`,
        message: messageOf(locked.message, failures, locked.failed),
        status: last ? 'DONE' : 'RUNNING',
        ...(last ? { finishedAt: new Date() } : {}),
      })
      .where(eq(formBatches.id, batch.id));
    if (!last)
      await platform.jobs.send<TFormSendJob>(FORM_SEND_JOB, { batch_id: batch.id, from: next }, { tx });
    return { last };
  });
  if (!outcome) return 'SKIPPED';
  platform.jobs.wake(MAIL_SEND_JOB);
  if (!outcome.last) platform.jobs.wake(FORM_SEND_JOB);
  return 'SENT';
}

/** Retries of a chunk after its first run (hand-backs at a stop count too). */
const SEND_RETRY_LIMIT = 3;

/**
 * A chunk that failed its last retry ends its batch FAILED (the people not reached counted as
 * failed), so the send does not show RUNNING for ever; sending again reaches them.
 */
export async function stopAfterLastRetry(platform: Platform, job: TFormSendJob): Promise<void> {
  const batch = await readHead(platform, job.batch_id);
  if (!batch || isOver(batch) || batch.cursor !== job.from) return;
  await failBatch(
    platform,
    batch,
    'Sending stopped on an error that kept coming back: send the form again to reach the rest',
  );
}

/** The durable jobs of form sends, defined before the queue starts. */
export function defineFormSendJob(platform: Platform): void {
  platform.jobs.define<TFormSendJob>({
    name: FORM_SEND_JOB,
    handler: async (data, job) => {
      if (typeof data.batch_id !== 'string' || !isUuid(data.batch_id)) return;
      if (!Number.isInteger(data.from) || data.from < 0) return;
      try {
        await runFormSendChunk(platform, data, job.signal);
      } catch (err) {
        if (job.retryCount >= SEND_RETRY_LIMIT) await stopAfterLastRetry(platform, data);
        throw err;
      }
    },
    retryLimit: SEND_RETRY_LIMIT,
    retryDelaySeconds: 10,
    // One chunk of 50 people: seconds. A dead run's chunk is reclaimed through its lease anyway.
    expireInSeconds: 10 * 60,
  });
}
