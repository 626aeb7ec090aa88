import { isUuid } from '@esigns/contracts/ids';
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { bearerToken, verifyAccessToken } from '../../platform/auth/access-token';
import type { Secrets } from '../../platform/config/config';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import { embeddedSessionRefused } from '../../platform/http/authenticate';
import { emailLogs, type EmailStatus } from '../../platform/mail/schema';
import {
  mailKindLabel,
  type MailTransportKind,
  type TListOutboxQuery,
  type TOutboxMail,
  type TOutboxMailRow,
} from '@esigns/contracts/outbox';

/**
 * Who reads which mails, and how. The instance operator (`x-outbox-key`) reads every mail; the
 * mails as sent (links and codes included) only while no SMTP is configured, since the Outbox is
 * then the only way to get them, and never those a company's own SMTP carried (they reached their
 * recipients). A company's OWNER or ADMIN reads its own mails, always redacted: a secret meant for
 * a recipient (a signing link, a reset code) must never reach someone else.
 */
export type OutboxScope = { kind: 'all'; isFull: boolean } | { kind: 'company'; companyId: string };

const ADMIN_USER_TYPES: ReadonlySet<string> = new Set(['OWNER', 'ADMIN']);

/**
 * The caller of `GET /api/outbox`: the operator's key only. Without SMTP the operator reads the
 * mails as sent; with `SMTP_URL` set, the redacted copies (the mails reached their recipients).
 */
export async function resolveOperatorScope(
  headers: { outboxKey: string | string[] | undefined; authorization: string | undefined },
  secrets: Pick<Secrets, 'outboxKey' | 'jwtSecret'>,
  hasSmtp: boolean,
): Promise<OutboxScope> {
  const { outboxKey } = headers;
  if (outboxKey === undefined) {
    // A signed-in user is known but not allowed: 403, pointing at what they may read.
    const token = bearerToken(headers.authorization);
    if (token && (await verifyAccessToken(token, secrets.jwtSecret))) {
      throw new AppError('FORBIDDEN', {
        message:
          "The Outbox is the instance operator's (x-outbox-key); a company's mails are at /api/email-logs",
      });
    }
    throw new AppError('UNAUTHORIZED', { message: 'Authentication required: send the x-outbox-key header' });
  }
  if (typeof outboxKey === 'string' && safeEqual(outboxKey, secrets.outboxKey)) {
    return { kind: 'all', isFull: !hasSmtp };
  }
  throw new AppError('UNAUTHORIZED', { message: 'Invalid outbox key' });
}

/** The caller of `GET /api/email-logs`: a Bearer token of an OWNER or ADMIN, for its own company. */
export async function resolveEmailLogScope(
  authorization: string | undefined,
  secrets: Pick<Secrets, 'jwtSecret'>,
): Promise<OutboxScope> {
  const token = bearerToken(authorization);
  if (!token)
    throw new AppError('UNAUTHORIZED', { message: 'Authentication required: send a Bearer access token' });
  const claims = await verifyAccessToken(token, secrets.jwtSecret);
  if (!claims) throw new AppError('UNAUTHORIZED', { message: 'Invalid or expired access token' });
  // The company's mail log is administration: never inside a host's frame.
  if (claims.embedded) throw embeddedSessionRefused();
  if (claims.isContact || !ADMIN_USER_TYPES.has(claims.userType)) {
    throw new AppError('FORBIDDEN', { message: 'Only workspace owners and admins can read the email log' });
  }
  return { kind: 'company', companyId: claims.companyId };
}

const isFull = (scope: OutboxScope): boolean => scope.kind === 'all' && scope.isFull;

/** Whether a row is read as sent: a full reader's, unless the company's own SMTP carried it. */
const sentByCompany = sql<boolean>`(${emailLogs.transport} is not distinct from 'company')`;

/** The subject the scope reads, per row (in SQL, so that search matches what is shown). */
function subjectColumn(scope: OutboxScope): SQL<string> {
  if (!isFull(scope)) return sql<string>`${emailLogs.redactedSubject}`;
  return sql<string>`case when ${sentByCompany} then ${emailLogs.redactedSubject} else ${emailLogs.subject} end`;
}

export type { TOutboxMail, TOutboxMailRow, TListOutboxQuery };

const rowColumns = {
  id: emailLogs.id,
  to: emailLogs.to,
  cc: emailLogs.cc,
  kind: emailLogs.kind,
  templateId: emailLogs.templateId,
  templateName: emailLogs.templateName,
  status: emailLogs.status,
  attempts: emailLogs.attempts,
  transport: emailLogs.transport,
  error: emailLogs.error,
  createdAt: emailLogs.createdAt,
  sentAt: emailLogs.sentAt,
};

/** One page of the mails the scope may see, newest first, optionally filtered. */
export async function listOutboxMails(
  db: Db,
  scope: OutboxScope,
  query: TListOutboxQuery,
  offsetMinutes = 0,
): Promise<{ rows: TOutboxMailRow[]; total: number }> {
  const subject = subjectColumn(scope);
  const filters: (SQL | undefined)[] = [scopeFilter(scope), ...narrowing(query, offsetMinutes)];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filters.push(
      or(
        // The redacted subject for whoever reads redacted mails: searching for a code must find nothing.
        ilike(subject, pattern),
        // Recipients are a text[]; Drizzle has no operator for "any element matches".
        sql`array_to_string(${emailLogs.to} || ${emailLogs.cc}, ' ') ilike ${pattern}`,
      ),
    );
  }
  const where = and(...filters);
  const [rows, totals] = await Promise.all([
    db
      .select({ ...rowColumns, subject })
      .from(emailLogs)
      .where(where)
      // id breaks ties between mails queued in the same transaction, so pages never overlap.
      .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(emailLogs).where(where),
  ]);
  return { rows: rows.map(toRow), total: totals[0]?.total ?? 0 };
}

/** The filters of the list: status, kind, template and the queued-at range. */
function narrowing(query: TListOutboxQuery, offsetMinutes: number): SQL[] {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(emailLogs.status, query.status));
  if (query.kind) parts.push(eq(emailLogs.kind, query.kind));
  if (query.template_id) parts.push(eq(emailLogs.templateId, query.template_id));
  if (query.from) parts.push(gte(emailLogs.createdAt, boundOf(query.from, offsetMinutes).at));
  if (query.to) {
    const to = boundOf(query.to, offsetMinutes, true);
    parts.push(to.dayEnd ? lt(emailLogs.createdAt, to.at) : lte(emailLogs.createdAt, to.at));
  }
  return parts;
}

/**
 * `YYYY-MM-DD` is the caller's local day (`offsetMinutes` as `Date.getTimezoneOffset()`, the
 * `usertimezone` header): from its midnight, or up to the next one; anything else an instant.
 */
function boundOf(value: string, offsetMinutes: number, end = false): { at: Date; dayEnd: boolean } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return { at: new Date(value), dayEnd: false };
  const midnight = Date.parse(`${value}T00:00:00Z`) + offsetMinutes * 60_000;
  return { at: new Date(end ? midnight + 86_400_000 : midnight), dayEnd: end };
}

/**
 * One mail with its content; 404 for an unknown, malformed or other company's id. The full
 * bodies are not even selected for a redacted reader.
 */
export async function getOutboxMail(db: Db, scope: OutboxScope, id: string): Promise<TOutboxMail> {
  if (!isUuid(id)) throw notFound('Mail');
  const full = isFull(scope);
  const asSent = full ? sql<boolean>`not ${sentByCompany}` : sql<boolean>`false`;
  const [row] = await db
    .select({
      ...rowColumns,
      subject: subjectColumn(scope),
      asSent,
      html: full
        ? sql<string | null>`case when ${asSent} then ${emailLogs.html} else ${emailLogs.redactedHtml} end`
        : emailLogs.redactedHtml,
      text: full
        ? sql<string | null>`case when ${asSent} then ${emailLogs.text} else ${emailLogs.redactedText} end`
        : emailLogs.redactedText,
    })
    .from(emailLogs)
    .where(and(eq(emailLogs.id, id), scopeFilter(scope)))
    .limit(1);
  if (!row) throw notFound('Mail');
  // Both or neither: a half-redacted mail is never shown.
  const hasBody = row.html !== null && row.text !== null;
  return {
    ...toRow(row),
    redacted: !row.asSent,
    html: hasBody ? row.html : null,
    text: hasBody ? row.text : null,
  };
}

function scopeFilter(scope: OutboxScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : eq(emailLogs.companyId, scope.companyId);
}

function toRow(row: {
  id: string;
  to: string[];
  cc: string[];
  subject: string;
  kind: string;
  templateId: string | null;
  templateName: string | null;
  status: EmailStatus;
  attempts: number;
  transport: MailTransportKind | null;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}): TOutboxMailRow {
  return {
    _id: row.id,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    kind: row.kind,
    template: row.templateName ?? mailKindLabel(row.kind),
    template_id: row.templateId,
    status: row.status,
    attempts: row.attempts,
    retries: Math.max(row.attempts - 1, 0),
    transport: row.transport,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Hashing first makes the comparison constant-time whatever the lengths. */
function safeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
