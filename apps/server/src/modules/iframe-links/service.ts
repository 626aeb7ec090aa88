import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import {
  IFRAME_LINK_MAX_DAYS,
  iframeSnippet,
  type TIframeLink,
  type TIframeLinkCreate,
  type TIframeLinkDataUpdate,
  type TIframeLinkStatus,
  type TIframeLinkUpdate,
  type ZIframeLinkListQuery,
} from '@esigns/contracts/iframe-links';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { findPeople } from '../auth';
import type { AccessContext } from '../permissions';
import { iframeLinks, type IframeLinkRow } from './schema';
import { checkTarget, requireKindPermissions } from './targets';
import { linkToken, newLinkSecret, previewMarker } from './token';

/** What the presenters need of the instance: its secret (tokens) and public address (urls). */
export type LinkInstance = { secret: string; publicUrl: string };

const DAY_MS = 86_400_000;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function statusOf(
  row: Pick<IframeLinkRow, 'revokedAt' | 'expiresAt'>,
  now = new Date(),
): TIframeLinkStatus {
  if (row.revokedAt) return 'REVOKED';
  return row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'ACTIVE';
}

/** 422 on `expires_at` unless it is in the future and at most IFRAME_LINK_MAX_DAYS ahead. */
function checkExpiry(value: string, now = new Date()): Date {
  const at = new Date(value);
  const problem =
    at.getTime() <= now.getTime()
      ? 'Choose a time in the future'
      : at.getTime() > now.getTime() + IFRAME_LINK_MAX_DAYS * DAY_MS
        ? `At most ${IFRAME_LINK_MAX_DAYS} days ahead`
        : null;
  if (problem)
    throw validationError([{ key: 'expires_at', path: ['expires_at'], message: problem }], problem);
  return at;
}

export function linkUrl(
  instance: LinkInstance,
  row: Pick<IframeLinkRow, 'id' | 'secret'>,
): { token: string; url: string } {
  const token = linkToken(instance.secret, row.id, row.secret);
  return { token, url: `${instance.publicUrl}/if/${token}/link` };
}

async function present(db: Db, instance: LinkInstance, rows: IframeLinkRow[]): Promise<TIframeLink[]> {
  const people = await findPeople(
    db,
    rows.map((row) => row.createdBy),
  );
  const now = new Date();
  return rows.map((row) => {
    const { token, url } = linkUrl(instance, row);
    const person = row.createdBy ? people.get(row.createdBy) : undefined;
    return {
      _id: row.id,
      name: row.name,
      kind: row.kind,
      target_id: row.targetId,
      target_name: row.targetName,
      status: statusOf(row, now),
      expires_at: row.expiresAt.toISOString(),
      revoked_at: row.revokedAt?.toISOString() ?? null,
      opens: row.opens,
      last_opened_at: row.lastOpenedAt?.toISOString() ?? null,
      created_by: {
        _id: row.createdBy,
        name: person ? `${person.firstName} ${person.lastName}`.trim() || person.email : 'Former member',
      },
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      token,
      url,
      preview_url: `${url}?preview=${previewMarker(instance.secret, row.id, now)}`,
      snippet: iframeSnippet(url, row.name),
    };
  });
}

/** The company's link, or 404 (another company's id answers the same as an unknown one). */
async function findRow(db: Db, companyId: string, id: string): Promise<IframeLinkRow> {
  if (!isUuid(id)) throw notFound('Iframe link');
  const [row] = await db
    .select()
    .from(iframeLinks)
    .where(and(eq(iframeLinks.id, id), eq(iframeLinks.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Iframe link');
  return row;
}

function statusWhere(status: TIframeLinkStatus | undefined): SQL | undefined {
  const now = sql`now()`;
  switch (status) {
    case 'REVOKED':
      return isNotNull(iframeLinks.revokedAt);
    case 'EXPIRED':
      return and(isNull(iframeLinks.revokedAt), lte(iframeLinks.expiresAt, now));
    case 'ACTIVE':
      return and(isNull(iframeLinks.revokedAt), gt(iframeLinks.expiresAt, now));
    default:
      return undefined;
  }
}

/** `GET /iframe/get`: newest first, revoked ones included (their status says so). */
export async function listLinks(
  db: Db,
  instance: LinkInstance,
  companyId: string,
  query: z.output<typeof ZIframeLinkListQuery> & TPageQuery,
): Promise<{ rows: TIframeLink[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(iframeLinks.companyId, companyId),
    pattern ? or(ilike(iframeLinks.name, pattern), ilike(iframeLinks.targetName, pattern)) : undefined,
    query.kind ? eq(iframeLinks.kind, query.kind) : undefined,
    statusWhere(query.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(iframeLinks)
      .where(where)
      .orderBy(desc(iframeLinks.createdAt), desc(iframeLinks.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(iframeLinks).where(where),
  ]);
  return { rows: await present(db, instance, rows), total: total?.n ?? 0 };
}

export async function getLink(
  db: Db,
  instance: LinkInstance,
  companyId: string,
  id: string,
): Promise<TIframeLink> {
  const [link] = await present(db, instance, [await findRow(db, companyId, id)]);
  return link!;
}

export async function createLink(
  db: Db,
  instance: LinkInstance,
  access: AccessContext,
  body: TIframeLinkCreate,
): Promise<TIframeLink> {
  requireKindPermissions(access, body.kind);
  const expiresAt = checkExpiry(body.expires_at);
  const target = await checkTarget(db, access.companyId, body.kind, body.target_id);
  const [row] = await db
    .insert(iframeLinks)
    .values({
      companyId: access.companyId,
      name: body.name,
      kind: body.kind,
      targetId: target.targetId,
      targetName: target.targetName,
      secret: newLinkSecret(),
      expiresAt,
      createdBy: access.userId,
    })
    .returning();
  const [link] = await present(db, instance, [row!]);
  return link!;
}

/** `PUT /iframe/updateIframeLink`: name and expiry. A revoked link stays revoked (409 to change it). */
export async function updateLink(
  db: Db,
  instance: LinkInstance,
  access: AccessContext,
  body: TIframeLinkUpdate,
): Promise<TIframeLink> {
  const row = await findRow(db, access.companyId, body.id);
  requireNotRevoked(row);
  const [updated] = await db
    .update(iframeLinks)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.expires_at !== undefined ? { expiresAt: checkExpiry(body.expires_at) } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(iframeLinks.id, row.id), isNull(iframeLinks.revokedAt)))
    .returning();
  if (!updated) requireNotRevoked({ revokedAt: new Date() });
  const [link] = await present(db, instance, [updated!]);
  return link!;
}

/** `PUT /iframe/updateIframeDataLink`: what the link shows (kind and target); the token stays. */
export async function updateLinkData(
  db: Db,
  instance: LinkInstance,
  access: AccessContext,
  body: TIframeLinkDataUpdate,
): Promise<TIframeLink> {
  const row = await findRow(db, access.companyId, body.id);
  requireNotRevoked(row);
  requireKindPermissions(access, body.kind);
  const target = await checkTarget(db, access.companyId, body.kind, body.target_id);
  const [updated] = await db
    .update(iframeLinks)
    .set({ kind: body.kind, targetId: target.targetId, targetName: target.targetName, updatedAt: new Date() })
    .where(and(eq(iframeLinks.id, row.id), isNull(iframeLinks.revokedAt)))
    .returning();
  if (!updated) requireNotRevoked({ revokedAt: new Date() });
  const [link] = await present(db, instance, [updated!]);
  return link!;
}

/**
 * `DELETE /iframe/deleteIframeLink/{id}`: revokes the link (at once: its next read is 410). The
 * row stays for the audit (opens, who made and revoked it); revoking again changes nothing.
 */
export async function revokeLink(
  db: Db,
  instance: LinkInstance,
  access: AccessContext,
  id: string,
): Promise<{ deleted: boolean; link: TIframeLink }> {
  const row = await findRow(db, access.companyId, id);
  const [revoked] = await db
    .update(iframeLinks)
    .set({ revokedAt: new Date(), revokedBy: access.userId, updatedAt: new Date() })
    .where(and(eq(iframeLinks.id, row.id), isNull(iframeLinks.revokedAt)))
    .returning();
  const [link] = await present(db, instance, [revoked ?? row]);
  return { deleted: true, link: link! };
}

function requireNotRevoked(row: Pick<IframeLinkRow, 'revokedAt'>): void {
  if (row.revokedAt) {
    throw new AppError('CONFLICT', {
      message: 'This link is revoked: make a new one',
      errorCode: 'LINK_REVOKED',
    });
  }
}
