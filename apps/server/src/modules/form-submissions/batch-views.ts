import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toPaged, type TPaged, type TPageQuery } from '@esigns/contracts/envelope';
import type { TFormBatch, TFormBatchMail, ZFormBatchListQuery } from '@esigns/contracts/form-sends';
import { isUuid } from '@esigns/contracts/ids';
import { notFound } from '../../platform/http/app-error';
import { emailLogs } from '../../platform/mail/schema';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { formBatches, formSubmissionEvents, formSubmissions } from './schema';

type TFormBatchListQuery = z.output<typeof ZFormBatchListQuery>;

/** A batch's columns but its recipients (up to 10,000 people): what lists and progress read. */
export const batchColumns = {
  id: formBatches.id,
  formBuilderId: formBatches.formBuilderId,
  status: formBatches.status,
  total: formBatches.total,
  sent: formBatches.sent,
  failed: formBatches.failed,
  message: formBatches.message,
  createdBy: formBatches.createdBy,
  createdAt: formBatches.createdAt,
  finishedAt: formBatches.finishedAt,
  retryBatchId: formBatches.retryBatchId,
};

type BatchRow = { [K in keyof typeof batchColumns]: (typeof formBatches.$inferSelect)[K] };

function toBatch(row: BatchRow): TFormBatch {
  const done = row.sent + row.failed;
  return {
    _id: row.id,
    formbuilder_details_id: row.formBuilderId,
    status: row.status,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    progress: row.total === 0 ? 100 : Math.floor((done * 100) / row.total),
    message: row.message,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    retry_batch_id: row.retryBatchId,
  };
}

/** `GET /formbuilders-batch`: the company's sends, newest first, with progress (never their recipient lists). */
export async function listBatches(
  platform: Platform,
  access: AccessContext,
  query: TFormBatchListQuery,
): Promise<TPaged<TFormBatch>> {
  const db = platform.database.db;
  const where = and(
    eq(formBatches.companyId, access.companyId),
    query.formbuilder_details_id ? eq(formBatches.formBuilderId, query.formbuilder_details_id) : undefined,
    query.status ? eq(formBatches.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(batchColumns)
      .from(formBatches)
      .where(where)
      .orderBy(desc(formBatches.createdAt), desc(formBatches.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(formBatches).where(where),
  ]);
  return toPaged(rows.map(toBatch), Number(total?.n ?? 0), query);
}

/** The company's batch `id` (without recipients), or 404. */
export async function findBatch(platform: Platform, access: AccessContext, id: string): Promise<TFormBatch> {
  if (!isUuid(id)) throw notFound('Send');
  const [row] = await platform.database.db
    .select(batchColumns)
    .from(formBatches)
    .where(and(eq(formBatches.id, id), eq(formBatches.companyId, access.companyId)))
    .limit(1);
  if (!row) throw notFound('Send');
  return toBatch(row);
}

/** The mail of each submission's latest link (its history event names it), by submission id. */
async function latestLinkMails(platform: Platform, submissionIds: string[]): Promise<Map<string, string>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await platform.database.db
    .selectDistinctOn([formSubmissionEvents.submissionId], {
      submissionId: formSubmissionEvents.submissionId,
      mailId: sql<string | null>`${formSubmissionEvents.details} ->> 'email_log_id'`,
    })
    .from(formSubmissionEvents)
    .where(
      and(
        inArray(formSubmissionEvents.submissionId, submissionIds),
        inArray(formSubmissionEvents.event, ['LINK_SENT', 'LINK_RESENT']),
      ),
    )
    .orderBy(formSubmissionEvents.submissionId, desc(formSubmissionEvents.createdAt));
  return new Map(
    rows.flatMap((r) => (r.mailId && isUuid(r.mailId) ? [[r.submissionId, r.mailId] as const] : [])),
  );
}

/**
 * `GET /formbuilders-batch/email-data/{id}`: the people a batch reached, in the order it reached
 * them, each with their submission's status and the delivery of their latest link mail (the
 * history event of the link names its mail).
 */
export async function batchMails(
  platform: Platform,
  access: AccessContext,
  id: string,
  query: TPageQuery,
): Promise<TPaged<TFormBatchMail> & { batch: TFormBatch }> {
  const batch = await findBatch(platform, access, id);
  const db = platform.database.db;
  const where = and(eq(formSubmissions.batchId, id), eq(formSubmissions.companyId, access.companyId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: formSubmissions.id,
        email: formSubmissions.fillerEmail,
        name: formSubmissions.fillerName,
        kind: formSubmissions.fillerKind,
        status: formSubmissions.status,
      })
      .from(formSubmissions)
      .where(where)
      .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(formSubmissions).where(where),
  ]);
  const mailOf = await latestLinkMails(
    platform,
    rows.map((r) => r.id),
  );
  const mailIds = [...mailOf.values()];
  const mails = new Map(
    mailIds.length === 0
      ? []
      : (
          await db
            .select({ id: emailLogs.id, status: emailLogs.status, sentAt: emailLogs.sentAt })
            .from(emailLogs)
            .where(inArray(emailLogs.id, mailIds))
        ).map((m) => [m.id, m]),
  );
  const data = rows.map((r): TFormBatchMail => {
    const mailId = mailOf.get(r.id);
    const mail = mailId ? mails.get(mailId) : undefined;
    return {
      formbuilder_data_id: r.id,
      email: r.email ?? '',
      name: r.name,
      filler_kind: r.kind,
      submission_status: r.status,
      mail_status: mail?.status ?? null,
      mail_sent_at: mail?.sentAt ? mail.sentAt.toISOString() : null,
    };
  });
  return { ...toPaged(data, Number(total?.n ?? 0), query), batch };
}
