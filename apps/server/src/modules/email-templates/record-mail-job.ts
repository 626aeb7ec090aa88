import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { recordsWithLinks, type RecordRow } from '../entity-data';
import { composeMail, loadMailContext, type MailContext } from './compose';
import { companyMailFrame } from './frame';
import { addressField } from './merge-fields';
import { emailTemplates, recordMailBatches, recordMails } from './schema';

/*
 * The durable work of a mailing: one job per chunk of 50 records, run one after the other. Each
 * chunk reads and renders first, then in ONE transaction, guarded by the batch's cursor
 * (`next_chunk`, the row locked), queues its mails (`platform.mail.queue` in that transaction),
 * marks its `record_mails` rows, counts them on the batch and queues the next chunk's job. A
 * chunk run again (kill -9, a hand-back) either finds its work undone (the transaction never
 * committed) or the cursor moved on and does nothing: each record is mailed once.
 */

export const RECORD_MAIL_JOB = 'email-templates.record-mails';
export const RECORD_MAIL_CHUNK = 50;
export type TRecordMailJob = { batch_id: string; chunk: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type BatchRow = typeof recordMailBatches.$inferSelect;
type Outcome = { position: number; mailId: string | null; reason: string | null };

const ZAddress = z.email();

/**
 * The mailing job, and the company's default header/footer as the frame of product mails (the
 * mail service reads it when a mail is queued). Every process that queues or runs jobs calls it.
 */
export function defineEmailTemplateJobs(platform: Platform): void {
  platform.mail.setFrameResolver(companyMailFrame);
  platform.jobs.define<TRecordMailJob>({
    name: RECORD_MAIL_JOB,
    retryLimit: 5,
    concurrency: 2,
    expireInSeconds: 600,
    handler: (data) => runRecordMailChunk(platform, data),
  });
}

async function lockedBatch(tx: Tx, id: string): Promise<BatchRow | undefined> {
  const [row] = await tx.select().from(recordMailBatches).where(eq(recordMailBatches.id, id)).for('update');
  return row;
}

/** The chunk's PENDING rows (positions `chunk * 50` up to the next chunk's). */
async function pendingRows(db: Pick<Db, 'select'>, batchId: string, chunk: number) {
  return db
    .select({ position: recordMails.position, recordId: recordMails.recordId })
    .from(recordMails)
    .where(
      and(
        eq(recordMails.batchId, batchId),
        gte(recordMails.position, chunk * RECORD_MAIL_CHUNK),
        lt(recordMails.position, (chunk + 1) * RECORD_MAIL_CHUNK),
        eq(recordMails.status, 'PENDING'),
      ),
    )
    .orderBy(recordMails.position);
}

type Prepared = {
  position: number;
  /** The mail to queue, or why the record is skipped. */
  mail: { to: string; subject: string; html: string; text: string } | { skip: string };
};

/** Each record's mail rendered (before the transaction: rendering takes CPU, not locks). */
async function prepareChunk(
  platform: Platform,
  batch: BatchRow,
  rows: { position: number; recordId: string }[],
): Promise<{ prepared: Prepared[]; template: { id: string; name: string } | null }> {
  const db = platform.database.db;
  const [template] = batch.templateId
    ? await db.select().from(emailTemplates).where(eq(emailTemplates.id, batch.templateId))
    : [];
  if (!template || template.entityId !== batch.entityId) {
    return {
      prepared: rows.map((r) => ({ position: r.position, mail: { skip: 'The template was deleted' } })),
      template: null,
    };
  }
  const context = await loadMailContext(
    db,
    { companyId: batch.companyId, userId: batch.createdBy, publicUrl: platform.config.publicUrl },
    { entityId: batch.entityId, headerFooterId: template.headerFooterId },
  );
  const { rows: records, linkedTitles } = await recordsWithLinks(
    db,
    context.def,
    rows.map((r) => r.recordId),
  );
  const byId = new Map(records.map((record) => [record.id, record]));
  const prepared = rows.map((r) => ({
    position: r.position,
    mail: mailOf(context, batch, template, byId.get(r.recordId), linkedTitles),
  }));
  return { prepared, template: { id: template.id, name: template.name } };
}

function mailOf(
  context: MailContext,
  batch: BatchRow,
  template: { name: string; subject: string; bodyHtml: string },
  record: RecordRow | undefined,
  linkedTitles: Record<string, string>,
): Prepared['mail'] {
  if (!record) return { skip: 'The record was deleted' };
  const field = addressField(context.def, batch.toField);
  const address = field ? record.values[field.templateId]?.[field.key] : undefined;
  if (typeof address !== 'string' || !ZAddress.safeParse(address.trim()).success) {
    return { skip: address ? 'Not a valid email address' : 'No email address' };
  }
  const { subject, html, text } = composeMail(context, template, record, linkedTitles);
  return { to: address.trim(), subject, html, text };
}

/** One chunk: see the top of this file. Public so that tests can run a chunk again. */
export async function runRecordMailChunk(platform: Platform, data: TRecordMailJob): Promise<void> {
  const db = platform.database.db;
  const [batch] = await db.select().from(recordMailBatches).where(eq(recordMailBatches.id, data.batch_id));
  if (!batch || batch.nextChunk !== data.chunk || batch.status === 'DONE') return;
  const { prepared, template } = await prepareChunk(
    platform,
    batch,
    await pendingRows(db, batch.id, data.chunk),
  );
  // PGlite serves one query at a time: requests that arrived meanwhile go before the chunk's
  // transaction (a mailing of 10,000 records would otherwise hold every request back until its
  // last chunk: the chain of chunks never leaves the event loop a turn).
  await platform.database.giveWay();
  const progress = await db.transaction(async (tx) => {
    const locked = await lockedBatch(tx, batch.id);
    if (!locked || locked.nextChunk !== data.chunk || locked.status === 'DONE') return null;
    const outcomes: Outcome[] = [];
    for (const item of prepared) outcomes.push(await writeOne(platform, tx, locked, item, template));
    await markRows(tx, locked.id, outcomes);
    const queued = outcomes.filter((o) => o.mailId).length;
    return finishChunk(platform, tx, locked, data.chunk, queued, outcomes.length - queued);
  });
  if (!progress) return;
  platform.jobs.wake('mail.send');
  if (progress.status !== 'DONE') platform.jobs.wake(RECORD_MAIL_JOB);
  platform.realtime.emitToWorkspace(batch.companyId, 'record-mails.progress', {
    batch_id: progress.id,
    status: progress.status,
    total: progress.total,
    queued: progress.queued,
    skipped: progress.skipped,
  });
}

/** Queues one record's mail, or says why it is skipped. */
async function writeOne(
  platform: Platform,
  tx: Tx,
  batch: BatchRow,
  item: Prepared,
  template: { id: string; name: string } | null,
): Promise<Outcome> {
  if ('skip' in item.mail || !template) {
    const reason = 'skip' in item.mail ? item.mail.skip : 'The template was deleted';
    return { position: item.position, mailId: null, reason };
  }
  return { position: item.position, ...(await queueMail(platform, tx, batch, item.mail, template)) };
}

/** The chunk's rows marked QUEUED (with their mail) or SKIPPED (with the reason), in one statement. */
async function markRows(tx: Tx, batchId: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = outcomes.map(
    (o) =>
      sql`(${o.position}::int, ${o.mailId ? 'QUEUED' : 'SKIPPED'}::text, ${o.mailId}::uuid, ${o.reason}::text)`,
  );
  await tx.execute(sql`update ${recordMails} as m
    set status = v.status, mail_id = v.mail_id, reason = v.reason
    from (values ${sql.join(rows, sql`, `)}) as v(position, status, mail_id, reason)
    where m.batch_id = ${batchId} and m.position = v.position`);
}

/** The mail queued; a message the mail service refuses (checked before it writes) is skipped with its reason. */
async function queueMail(
  platform: Platform,
  tx: Tx,
  batch: BatchRow,
  mail: { to: string; subject: string; html: string; text: string },
  template: { id: string; name: string },
): Promise<Omit<Outcome, 'position'>> {
  try {
    const { id } = await platform.mail.queue(
      { ...mail, cc: batch.cc, kind: 'entity.email', template },
      { tx, companyId: batch.companyId },
    );
    return { mailId: id, reason: null };
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION_FAILED')
      return { mailId: null, reason: err.message };
    throw err;
  }
}

/** Counts the chunk on the batch, moves the cursor and queues the next chunk (or ends the batch). */
async function finishChunk(
  platform: Platform,
  tx: Tx,
  batch: BatchRow,
  chunk: number,
  queued: number,
  skipped: number,
): Promise<BatchRow> {
  const done = (chunk + 1) * RECORD_MAIL_CHUNK >= batch.total;
  const [row] = await tx
    .update(recordMailBatches)
    .set({
      queued: sql`${recordMailBatches.queued} + ${queued}`,
      skipped: sql`${recordMailBatches.skipped} + ${skipped}`,
      nextChunk: chunk + 1,
      status: done ? 'DONE' : 'RUNNING',
      ...(done ? { finishedAt: new Date() } : {}),
    })
    .where(eq(recordMailBatches.id, batch.id))
    .returning();
  if (!done)
    await platform.jobs.send<TRecordMailJob>(
      RECORD_MAIL_JOB,
      { batch_id: batch.id, chunk: chunk + 1 },
      { tx },
    );
  return row!;
}
