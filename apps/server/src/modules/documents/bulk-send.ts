import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { assertWithinPlan } from '../subscriptions';
import { bulkColumns, parseBulkRows, readSheet, type BulkRow } from './bulk-sheet';
import { bulkSends, configurableDocuments, employeeDocuments } from './schema';
import { fillTemplate, findSendableTemplate } from './send-routes-service';
import { sendDocuments } from './send-service';
import { loadSenderInfo } from './sender-info';

export const BULK_SEND_JOB = 'documents.bulk-send';
/** Rows of one job: sent in one transaction, then the progress and the next chunk's job in another. */
export const BULK_CHUNK = 50;

export type BulkSendView = {
  _id: string;
  configurable_document_id: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  total: number;
  sent: number;
  failed: number;
  errors: { row: number; message: string }[];
  created_at: string;
  finished_at: string | null;
};

/** The idempotency key of one row's document: a retried job finds it and sends nothing twice. */
export const bulkRowSendKey = (bulkSendId: string, row: number): string => `bulk:${bulkSendId}:${row}`;

/**
 * `POST /document-templates/{id}/bulk-send`: the sheet is read and EVERY row checked first (422
 * listing the bad rows, nothing sent); then the rows are stored and the job of the first chunk
 * queued, in one transaction. Each chunk's job sends one document per row of its 50 rows and
 * queues the next chunk.
 */
export async function createBulkSend(
  platform: Platform,
  access: AccessContext,
  templateId: string,
  file: { name: string; contentType: string; data: Buffer },
): Promise<{ bulk_send_id: string; total: number }> {
  const template = await findSendableTemplate(platform, access, templateId);
  const cells = await readSheet(file.data, file.name, file.contentType);
  const rows = parseBulkRows(template, cells);
  // The whole sheet must fit the plan's documents of the month: 402 now, nothing stored, rather
  // than a send that stops at the limit halfway.
  await assertWithinPlan(platform.database.db, access.companyId, 'documentsPerMonth', rows.length);
  const id = await platform.database.db.transaction(async (tx) => {
    const [bulk] = await tx
      .insert(bulkSends)
      .values({
        companyId: access.companyId,
        configurableDocumentId: template.id,
        createdBy: access.userId,
        rows,
        total: rows.length,
      })
      .returning({ id: bulkSends.id });
    await platform.jobs.send<TBulkSendJob>(BULK_SEND_JOB, { bulk_send_id: bulk!.id, from: 0 }, { tx });
    return bulk!.id;
  });
  platform.jobs.wake(BULK_SEND_JOB);
  return { bulk_send_id: id, total: rows.length };
}

/** How many rows a preview shows. */
export const BULK_PREVIEW_ROWS = 10;

export type BulkSendPreview = {
  total: number;
  rows: {
    row: number;
    name: string;
    recipients: { role: string; name: string; email: string }[];
  }[];
};

/**
 * `POST /document-templates/{id}/bulk-send/preview`: the sheet checked exactly as the send
 * checks it (the same 422s), nothing stored: how many documents would go, and the first rows'
 * names and recipients, for the sender to confirm.
 */
export async function previewBulkSend(
  platform: Platform,
  access: AccessContext,
  templateId: string,
  file: { name: string; contentType: string; data: Buffer },
): Promise<BulkSendPreview> {
  const template = await findSendableTemplate(platform, access, templateId);
  const rows = parseBulkRows(template, await readSheet(file.data, file.name, file.contentType));
  const roleOf = new Map(bulkColumns(template).roles.map((r) => [r.key, r.label]));
  return {
    total: rows.length,
    rows: rows.slice(0, BULK_PREVIEW_ROWS).map((row) => ({
      row: row.row,
      name: row.name,
      recipients: row.document_users.map((p) => ({
        role: roleOf.get(p.key) ?? '',
        name: [p.first_name, p.last_name].join(' ').trim(),
        email: p.email,
      })),
    })),
  };
}

/** `GET /bulk-sends/{id}`: progress of a bulk send of the company. */
export async function getBulkSend(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<BulkSendView> {
  if (!isUuid(id)) throw notFound('Bulk send');
  // Not the sheet's rows (up to 5,000): a client polls this while the job runs.
  const [row] = await platform.database.db
    .select({
      id: bulkSends.id,
      configurableDocumentId: bulkSends.configurableDocumentId,
      status: bulkSends.status,
      total: bulkSends.total,
      sent: bulkSends.sent,
      failed: bulkSends.failed,
      errors: bulkSends.errors,
      createdAt: bulkSends.createdAt,
      finishedAt: bulkSends.finishedAt,
    })
    .from(bulkSends)
    .where(and(eq(bulkSends.id, id), eq(bulkSends.companyId, access.companyId)))
    .limit(1);
  if (!row) throw notFound('Bulk send');
  return {
    _id: row.id,
    configurable_document_id: row.configurableDocumentId,
    status: row.status,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    errors: row.errors,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

async function countSent(platform: Platform, companyId: string, bulkSendId: string): Promise<number> {
  const [row] = await platform.database.db
    .select({ n: count() })
    .from(employeeDocuments)
    .where(
      and(
        eq(employeeDocuments.companyId, companyId),
        like(employeeDocuments.sendKey, `bulk:${bulkSendId}:%`),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * One run of the `documents.bulk-send` job: the chunk of rows `[from, from + 50)`. `from` is the
 * bulk send's cursor, `sent + failed` (jobs queued before chunks existed carry none: they start
 * at the cursor).
 */
export type TBulkSendJob = { bulk_send_id: string; from?: number };

export type BulkChunkOutcome =
  /** The chunk is recorded; the next one is queued (or the bulk send is DONE). */
  | 'SENT'
  /** Nothing to do: the bulk send is over, or this chunk was recorded by an earlier run. */
  | 'SKIPPED'
  /** The job was handed back (its worker is stopping) before the chunk started. */
  | 'ABORTED'
  | 'FAILED';

/**
 * The `documents.bulk-send` job: ONE chunk of 50 rows, sent through the same code as
 * send-template in one transaction (`sendDocuments`), each row with its own `send_key`, so a
 * rerun of the chunk (after a crash, or a hand-back at stop) sends nothing twice: its rows
 * already sent answer their documents. Then, in one more transaction, the chunk's progress
 * (`sent`, `failed`, `errors`) is added only if the cursor (`sent + failed`) still points at the
 * chunk, and the job of the next chunk is queued (or the bulk send becomes DONE): a run that died
 * after that commit leaves nothing to redo. A row that fails to send (the template changed
 * meanwhile...) is recorded and the others go on. Each chunk is a short job of its own, so a
 * stopping worker finishes its chunk (or hands it back) and the next one waits in the queue.
 */
export async function runBulkSendChunk(
  platform: Platform,
  job: TBulkSendJob,
  signal?: AbortSignal,
): Promise<BulkChunkOutcome> {
  const db = platform.database.db;
  const [bulk] = await db
    .select({
      id: bulkSends.id,
      companyId: bulkSends.companyId,
      configurableDocumentId: bulkSends.configurableDocumentId,
      createdBy: bulkSends.createdBy,
      status: bulkSends.status,
      total: bulkSends.total,
      sent: bulkSends.sent,
      failed: bulkSends.failed,
    })
    .from(bulkSends)
    .where(eq(bulkSends.id, job.bulk_send_id))
    .limit(1);
  if (!bulk || bulk.status === 'DONE' || bulk.status === 'FAILED') return 'SKIPPED';
  const from = job.from ?? bulk.sent + bulk.failed;
  // Recorded already (this run is a rerun of a chunk whose progress committed).
  if (from !== bulk.sent + bulk.failed) return 'SKIPPED';
  if (signal?.aborted) return 'ABORTED';
  if (bulk.status === 'QUEUED') {
    await db
      .update(bulkSends)
      .set({ status: 'RUNNING' })
      .where(and(eq(bulkSends.id, bulk.id), eq(bulkSends.status, 'QUEUED')));
  }
  const [template] = await db
    .select()
    .from(configurableDocuments)
    .where(
      and(
        eq(configurableDocuments.id, bulk.configurableDocumentId),
        eq(configurableDocuments.companyId, bulk.companyId),
      ),
    )
    .limit(1);
  if (!template || template.deletedAt || template.status !== 'ACTIVE') {
    const sent = await countSent(platform, bulk.companyId, bulk.id);
    await db
      .update(bulkSends)
      .set({
        status: 'FAILED',
        sent,
        failed: bulk.total - sent,
        errors: [
          { row: 0, message: 'The template was deleted or deactivated before the documents were sent' },
        ],
        finishedAt: new Date(),
      })
      .where(eq(bulkSends.id, bulk.id));
    return 'FAILED';
  }

  // Only this chunk's rows leave the database (a sheet has up to 5,000).
  const [slice] = await db
    .select({
      rows: sql<BulkRow[]>`(SELECT coalesce(jsonb_agg(r.e ORDER BY r.i), '[]'::jsonb)
        FROM jsonb_array_elements(${bulkSends.rows}) WITH ORDINALITY AS r(e, i)
        WHERE r.i > ${from} AND r.i <= ${from + BULK_CHUNK})`,
    })
    .from(bulkSends)
    .where(eq(bulkSends.id, bulk.id));
  const chunk = slice?.rows ?? [];
  // Rows of this chunk a dead run already sent: their documents exist, nothing to send.
  const keys = chunk.map((row) => bulkRowSendKey(bulk.id, row.row));
  const done = new Set(
    keys.length === 0
      ? []
      : (
          await db
            .select({ sendKey: employeeDocuments.sendKey })
            .from(employeeDocuments)
            .where(
              and(eq(employeeDocuments.companyId, bulk.companyId), inArray(employeeDocuments.sendKey, keys)),
            )
        ).map((r) => r.sendKey),
  );
  const pending = chunk.filter((row) => !done.has(bulkRowSendKey(bulk.id, row.row)));
  let sent = chunk.length - pending.length;
  const errors: { row: number; message: string }[] = [];
  if (pending.length > 0) {
    const sender = await loadSenderInfo(db, bulk.companyId, bulk.createdBy);
    const actor = { companyId: bulk.companyId, userId: bulk.createdBy };
    const requests = pending.map((row) => ({
      // Rows stored before names were read from the sheet have none: the template's, as then.
      ...fillTemplate(template, { name: row.name, document_users: row.document_users, prefill: row.prefill }),
      target: 'new' as const,
      sendKey: bulkRowSendKey(bulk.id, row.row),
    }));
    const results = await sendRows(platform, actor, requests, sender);
    if (results === 'PLAN_LIMIT') {
      await stopAtPlanLimit(platform, bulk);
      return 'FAILED';
    }
    results.forEach((result, i) => {
      if ('error' in result) {
        errors.push({
          row: pending[i]!.row,
          message: result.error.details?.[0]?.message ?? result.error.message,
        });
      } else sent += 1;
    });
  }

  const next = from + chunk.length;
  const last = chunk.length === 0 || next >= bulk.total;
  const recorded = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bulkSends)
      .set({
        sent: sql`${bulkSends.sent} + ${sent}`,
        failed: sql`${bulkSends.failed} + ${errors.length}`,
        errors: sql`${bulkSends.errors} || ${JSON.stringify(errors)}::jsonb`,
        ...(last ? { status: 'DONE' as const, finishedAt: new Date() } : {}),
      })
      .where(
        and(
          eq(bulkSends.id, bulk.id),
          eq(bulkSends.status, 'RUNNING'),
          sql`${bulkSends.sent} + ${bulkSends.failed} = ${from}`,
        ),
      )
      .returning({ id: bulkSends.id });
    if (row && !last) {
      await platform.jobs.send<TBulkSendJob>(BULK_SEND_JOB, { bulk_send_id: bulk.id, from: next }, { tx });
    }
    return Boolean(row);
  });
  if (!recorded) return 'SKIPPED';
  if (!last) platform.jobs.wake(BULK_SEND_JOB);
  return 'SENT';
}

/** The chunk's documents sent, or PLAN_LIMIT when the plan's documents of the month ran out. */
async function sendRows(...args: Parameters<typeof sendDocuments>) {
  try {
    return await sendDocuments(...args);
  } catch (err) {
    if (err instanceof AppError && err.code === 'PAYMENT_REQUIRED') return 'PLAN_LIMIT' as const;
    throw err;
  }
}

/**
 * Sent documents count against the plan: one sent by other means after the bulk send started can
 * leave it short. It then ends FAILED with the rows left counted failed and the reason, once
 * (retrying could not help until the plan changes).
 */
async function stopAtPlanLimit(
  platform: Platform,
  bulk: { id: string; companyId: string; total: number },
): Promise<void> {
  const sent = await countSent(platform, bulk.companyId, bulk.id);
  await platform.database.db
    .update(bulkSends)
    .set({
      status: 'FAILED',
      sent,
      failed: bulk.total - sent,
      errors: sql`${bulkSends.errors} || ${JSON.stringify([
        { row: 0, message: "The plan's documents of the month ran out: upgrade, then send the rest again" },
      ])}::jsonb`,
      finishedAt: new Date(),
    })
    .where(and(eq(bulkSends.id, bulk.id), eq(bulkSends.status, 'RUNNING')));
}

/** Defines the documents module's jobs (before the queue starts). */
export function defineDocumentJobs(platform: Platform): void {
  platform.jobs.define<TBulkSendJob>({
    name: BULK_SEND_JOB,
    handler: async (data, job) => {
      if (typeof data.bulk_send_id !== 'string' || !isUuid(data.bulk_send_id)) return;
      if (data.from !== undefined && (!Number.isInteger(data.from) || data.from < 0)) return;
      await runBulkSendChunk(platform, data, job.signal);
    },
    retryLimit: 3,
    retryDelaySeconds: 10,
    // One chunk of 50 rows: seconds. A dead run's chunk is reclaimed through its lease anyway.
    expireInSeconds: 10 * 60,
  });
}
