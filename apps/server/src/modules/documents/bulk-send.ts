import { and, count, eq, like } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { parseBulkRows, readSheet, type BulkRow } from './bulk-sheet';
import { bulkSends, configurableDocuments, employeeDocuments } from './schema';
import { fillTemplate, findSendableTemplate } from './send-routes-service';
import { sendDocuments } from './send-service';
import { loadSenderInfo } from './sender-info';

export const BULK_SEND_JOB = 'documents.bulk-send';
/** Rows stored in one transaction, between two progress updates. */
const CHUNK = 50;

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
 * listing the bad rows, nothing sent); then the rows are stored and one job queued, in one
 * transaction. The job sends one document per row.
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
    await platform.jobs.send(BULK_SEND_JOB, { bulk_send_id: bulk!.id }, { tx });
    return bulk!.id;
  });
  platform.jobs.wake(BULK_SEND_JOB);
  return { bulk_send_id: id, total: rows.length };
}

/** `GET /bulk-sends/{id}`: progress of a bulk send of the company. */
export async function getBulkSend(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<BulkSendView> {
  if (!isUuid(id)) throw notFound('Bulk send');
  const [row] = await platform.database.db
    .select()
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
 * The `documents.bulk-send` job: sends the rows in chunks through the same code as
 * send-template, each with its own `send_key`, so a retried or resumed job skips the rows
 * already sent. Progress (`sent`, `failed`, `errors`) is written after every chunk; a row that
 * fails to send (the template changed meanwhile...) is recorded and the others go on.
 */
export async function runBulkSend(platform: Platform, bulkSendId: string): Promise<void> {
  const db = platform.database.db;
  const [bulk] = await db.select().from(bulkSends).where(eq(bulkSends.id, bulkSendId)).limit(1);
  if (!bulk || bulk.status === 'DONE' || bulk.status === 'FAILED') return;
  await db.update(bulkSends).set({ status: 'RUNNING' }).where(eq(bulkSends.id, bulk.id));
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
    await db
      .update(bulkSends)
      .set({
        status: 'FAILED',
        failed: bulk.total - (await countSent(platform, bulk.companyId, bulk.id)),
        errors: [
          { row: 0, message: 'The template was deleted or deactivated before the documents were sent' },
        ],
        finishedAt: new Date(),
      })
      .where(eq(bulkSends.id, bulk.id));
    return;
  }
  const sender = await loadSenderInfo(db, bulk.companyId, bulk.createdBy);
  const actor = { companyId: bulk.companyId, userId: bulk.createdBy };
  const rows = bulk.rows as BulkRow[];
  const errors: { row: number; message: string }[] = [];
  // A retried job skips the rows already sent (their keys exist); a race is caught by the keys too.
  const done = new Set(
    (
      await db
        .select({ sendKey: employeeDocuments.sendKey })
        .from(employeeDocuments)
        .where(
          and(
            eq(employeeDocuments.companyId, bulk.companyId),
            like(employeeDocuments.sendKey, `bulk:${bulk.id}:%`),
          ),
        )
    ).map((r) => r.sendKey),
  );
  const pending = rows.filter((row) => !done.has(bulkRowSendKey(bulk.id, row.row)));
  let sent = rows.length - pending.length;
  for (let start = 0; start < pending.length; start += CHUNK) {
    const chunk = pending.slice(start, start + CHUNK);
    const requests = chunk.map((row) => ({
      ...fillTemplate(template, { document_users: row.document_users, prefill: row.prefill }),
      target: 'new' as const,
      sendKey: bulkRowSendKey(bulk.id, row.row),
    }));
    const results = await sendDocuments(platform, actor, requests, sender);
    results.forEach((result, i) => {
      if ('error' in result) {
        errors.push({
          row: chunk[i]!.row,
          message: result.error.details?.[0]?.message ?? result.error.message,
        });
      } else sent += 1;
    });
    await db.update(bulkSends).set({ sent, failed: errors.length, errors }).where(eq(bulkSends.id, bulk.id));
  }
  await db.update(bulkSends).set({ status: 'DONE', finishedAt: new Date() }).where(eq(bulkSends.id, bulk.id));
}

/** Defines the documents module's jobs (before the queue starts). */
export function defineDocumentJobs(platform: Platform): void {
  platform.jobs.define<{ bulk_send_id: string }>({
    name: BULK_SEND_JOB,
    handler: async (data) => {
      if (typeof data.bulk_send_id !== 'string' || !isUuid(data.bulk_send_id)) return;
      await runBulkSend(platform, data.bulk_send_id);
    },
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 60 * 60,
  });
}
