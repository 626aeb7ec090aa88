import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { toPaged, type TPaged } from '@esigns/contracts/envelope';
import type { TRecordShareLink, TRecordShareLinksQuery } from '@esigns/contracts/record-share-links';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findPeople, type PersonNames } from '../auth';
import { loadEntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { findCompanyRecord, personRef } from './service';
import { recordShareLinks } from './share-links/schema';

/*
 * Managing public record links (`record_share_links`, made by `createPublicLink`): a record's links,
 * newest first, and revoking one. Both need `entity-data:export` (as making one does) and see only
 * the caller's workspace: another company's record or link is 404.
 */

const COLUMNS = {
  id: recordShareLinks.id,
  entityDataId: recordShareLinks.entityDataId,
  entityId: recordShareLinks.entityId,
  templateId: recordShareLinks.templateId,
  createdAt: recordShareLinks.createdAt,
  expiresAt: recordShareLinks.expiresAt,
  revokedAt: recordShareLinks.revokedAt,
  lastUsedAt: recordShareLinks.lastUsedAt,
  createdBy: recordShareLinks.createdBy,
  revokedBy: recordShareLinks.revokedBy,
};

type Row = {
  id: string;
  entityDataId: string;
  entityId: string;
  templateId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdBy: string | null;
  revokedBy: string | null;
};

function toLink(
  row: Row,
  templateName: (id: string) => string | null,
  people: ReadonlyMap<string, PersonNames>,
  now: number,
): TRecordShareLink {
  const refOf = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person ? personRef(id, person.firstName, person.lastName, person.email) : null;
  };
  const status = row.revokedAt ? 'REVOKED' : row.expiresAt.getTime() <= now ? 'EXPIRED' : 'ACTIVE';
  return {
    _id: row.id,
    entity_data_id: row.entityDataId,
    entity_id: row.entityId,
    template: { _id: row.templateId, name: templateName(row.templateId) },
    created_by: refOf(row.createdBy),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_by: refOf(row.revokedBy),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    status,
  };
}

async function templateNames(platform: Platform, companyId: string, entityId: string) {
  const def = await loadEntityDefinition(platform.database.db, companyId, entityId);
  return (id: string) => def.byId.get(id)?.name ?? null;
}

function selectLinks(platform: Platform) {
  return platform.database.db.select(COLUMNS).from(recordShareLinks).$dynamic();
}

/** The people the links name (creators, revokers), in one query. */
const peopleOf = (platform: Platform, rows: readonly Row[]) =>
  findPeople(
    platform.database.db,
    rows.flatMap((row) => [row.createdBy, row.revokedBy]),
  );

/** `GET /entities-data/public-links`: a record's links (active, expired and revoked), newest first. */
export async function listRecordShareLinks(
  platform: Platform,
  access: AccessContext,
  query: TRecordShareLinksQuery,
): Promise<TPaged<TRecordShareLink>> {
  const db = platform.database.db;
  const record = await findCompanyRecord(db, access.companyId, query.entity_data_id);
  const where = and(
    eq(recordShareLinks.entityDataId, record.id),
    eq(recordShareLinks.companyId, access.companyId),
  );
  const [rows, [counted]] = await Promise.all([
    selectLinks(platform)
      .where(where)
      .orderBy(desc(recordShareLinks.createdAt), desc(recordShareLinks.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(recordShareLinks).where(where),
  ]);
  const [names, people] = await Promise.all([
    templateNames(platform, access.companyId, record.entityId),
    peopleOf(platform, rows),
  ]);
  const now = Date.now();
  return toPaged(
    rows.map((row) => toLink(row, names, people, now)),
    counted?.n ?? 0,
    query,
  );
}

/**
 * `POST /entities-data/public-link/{id}/revoke`: the link stops working at once (410 for whoever
 * opens it). Revoking again answers the link as it is (the first revocation's time and user).
 */
export async function revokeRecordShareLink(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TRecordShareLink> {
  const scope = and(eq(recordShareLinks.id, id), eq(recordShareLinks.companyId, access.companyId));
  await platform.database.db
    .update(recordShareLinks)
    .set({ revokedAt: sql`now()`, revokedBy: access.userId })
    .where(and(scope, isNull(recordShareLinks.revokedAt)));
  const [row] = await selectLinks(platform).where(scope).limit(1);
  if (!row) throw notFound('Link');
  const [names, people] = await Promise.all([
    templateNames(platform, access.companyId, row.entityId),
    peopleOf(platform, [row]),
  ]);
  return toLink(row, names, people, Date.now());
}
