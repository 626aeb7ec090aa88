import { createHash, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '@esigns/contracts/envelope';
import { bearerToken, verifyAccessToken } from '../../platform/auth/access-token';
import type { Secrets } from '../../platform/config/config';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import { emailLogs, type EmailStatus } from '../../platform/mail/schema';
import type { TOutboxMail, TOutboxMailRow } from '@esigns/contracts/outbox';

/** Who may read which mails: the instance operator (every mail) or a company's admin (its own). */
export type OutboxScope = { kind: 'all' } | { kind: 'company'; companyId: string };

const ADMIN_USER_TYPES: ReadonlySet<string> = new Set(['OWNER', 'ADMIN']);

/**
 * Resolves the caller of an Outbox call. The `x-outbox-key` header (the operator of an instance
 * without SMTP) sees every mail; a Bearer token of an OWNER or ADMIN sees its company's mails.
 * A key that is present but wrong is refused even when a token is also sent.
 */
export async function resolveOutboxScope(
  headers: { outboxKey: string | string[] | undefined; authorization: string | undefined },
  secrets: Pick<Secrets, 'outboxKey' | 'jwtSecret'>,
): Promise<OutboxScope> {
  if (headers.outboxKey !== undefined) {
    if (typeof headers.outboxKey === 'string' && safeEqual(headers.outboxKey, secrets.outboxKey))
      return { kind: 'all' };
    throw new AppError('UNAUTHORIZED', { message: 'Invalid outbox key' });
  }
  const token = bearerToken(headers.authorization);
  if (!token) {
    throw new AppError('UNAUTHORIZED', {
      message: 'Authentication required: send the x-outbox-key header or a Bearer access token',
    });
  }
  const claims = await verifyAccessToken(token, secrets.jwtSecret);
  if (!claims) throw new AppError('UNAUTHORIZED', { message: 'Invalid or expired access token' });
  if (claims.isContact || !ADMIN_USER_TYPES.has(claims.userType)) {
    throw new AppError('FORBIDDEN', { message: 'Only workspace owners and admins can read the Outbox' });
  }
  return { kind: 'company', companyId: claims.companyId };
}

export type { TOutboxMail, TOutboxMailRow };

export type TListOutboxQuery = TPageQuery & { search?: string | undefined; status?: EmailStatus | undefined };

const rowColumns = {
  id: emailLogs.id,
  to: emailLogs.to,
  cc: emailLogs.cc,
  subject: emailLogs.subject,
  kind: emailLogs.kind,
  status: emailLogs.status,
  attempts: emailLogs.attempts,
  error: emailLogs.error,
  createdAt: emailLogs.createdAt,
  sentAt: emailLogs.sentAt,
};

/** One page of the mails the scope may see, newest first, optionally filtered. */
export async function listOutboxMails(
  db: Db,
  scope: OutboxScope,
  query: TListOutboxQuery,
): Promise<{ rows: TOutboxMailRow[]; total: number }> {
  const filters: (SQL | undefined)[] = [scopeFilter(scope)];
  if (query.status) filters.push(eq(emailLogs.status, query.status));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filters.push(
      or(
        ilike(emailLogs.subject, pattern),
        // Recipients are a text[]; Drizzle has no operator for "any element matches".
        sql`array_to_string(${emailLogs.to} || ${emailLogs.cc}, ' ') ilike ${pattern}`,
      ),
    );
  }
  const where = and(...filters);
  const [rows, totals] = await Promise.all([
    db
      .select(rowColumns)
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

/** One mail with its content; 404 for an unknown, malformed or other company's id. */
export async function getOutboxMail(db: Db, scope: OutboxScope, id: string): Promise<TOutboxMail> {
  if (!UUID.test(id)) throw notFound('Mail');
  const [row] = await db
    .select({ ...rowColumns, html: emailLogs.html, text: emailLogs.text })
    .from(emailLogs)
    .where(and(eq(emailLogs.id, id), scopeFilter(scope)))
    .limit(1);
  if (!row) throw notFound('Mail');
  return { ...toRow(row), html: row.html, text: row.text };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function scopeFilter(scope: OutboxScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : eq(emailLogs.companyId, scope.companyId);
}

function toRow(row: {
  id: string;
  to: string[];
  cc: string[];
  subject: string;
  kind: string;
  status: EmailStatus;
  attempts: number;
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
    status: row.status,
    attempts: row.attempts,
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
