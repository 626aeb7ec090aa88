import { and, eq, inArray, ne } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import { createRecords, findRecord, recordDirectory, type RecordRow } from '../entity-data';
import type { AccessContext } from '../permissions';
import { entityRelationshipData } from './schema';
import { findRelationshipOf, relationshipBetween, sideOf, type Side } from './sides';

/*
 * Linking records (spec 3 §7 "relationships-data"): assign existing records, create one and
 * link it, detach. Calls come from a record's page: `self` is that record's entity, `other` the
 * entity on the far side. Cardinality is checked before writing (clear 409 messages) and held by
 * the partial unique indexes under concurrency: a unique violation is re-checked to say why.
 */

export type LinkTarget = {
  entity_relationship_id?: string | undefined;
  child_entity_id?: string | undefined;
};

export type ResolvedLink = { self: EntityDefinition; other: EntityDefinition; side: Side };

/** The entity, the relationship named by id or by the other entity, and the other entity. */
export async function resolveLink(
  db: Db,
  companyId: string,
  entityId: string,
  target: LinkTarget,
): Promise<ResolvedLink> {
  const self = await loadEntityDefinition(db, companyId, entityId);
  if (target.entity_relationship_id) {
    const rel = await findRelationshipOf(db, companyId, self.row.id, target.entity_relationship_id);
    const side = sideOf(rel, self.row.id);
    if (target.child_entity_id && target.child_entity_id !== side.otherEntityId) {
      throw validationError([
        {
          key: 'child_entity_id',
          path: ['child_entity_id'],
          message: 'Not the entity on the other side of this relationship',
        },
      ]);
    }
    return { self, other: await loadEntityDefinition(db, companyId, side.otherEntityId), side };
  }
  const other = await loadEntityDefinition(db, companyId, target.child_entity_id!);
  const rel = await relationshipBetween(db, companyId, self.row.id, other.row.id);
  if (!rel) {
    throw validationError([
      {
        key: 'child_entity_id',
        path: ['child_entity_id'],
        message: `${self.row.name} and ${other.row.name} are not related`,
      },
    ]);
  }
  return { self, other, side: sideOf(rel, self.row.id) };
}

const quoted = (title: string): string => (title ? `'${title}'` : 'a record');

const conflict = (message: string) =>
  new AppError('CONFLICT', { message, errorCode: 'CARDINALITY_VIOLATION' });

/** Stands for a record about to be created (never linked yet) in `checkSelfLimit`. */
const NEW_RECORD = 'new';

/** When `record` may link only one record of the other entity: refuses a second one. */
async function checkSelfLimit(db: Db, link: ResolvedLink, record: RecordRow, otherIds: readonly string[]) {
  const { self, other, side } = link;
  if (side.allowsMany) return;
  const [linkedTo] = await db
    .select({ id: recordDirectory.id, title: recordDirectory.title })
    .from(entityRelationshipData)
    .innerJoin(recordDirectory, eq(recordDirectory.id, side.otherColumn))
    .where(and(eq(entityRelationshipData.relationshipId, side.rel.id), eq(side.selfColumn, record.id)))
    .limit(1);
  const fresh = otherIds.filter((id) => id !== linkedTo?.id);
  if (linkedTo && fresh.length > 0) {
    throw conflict(
      `${self.row.name} ${quoted(record.title)} is already linked to ${other.row.name} ${quoted(linkedTo.title)}: unlink it first`,
    );
  }
  if (otherIds.length > 1)
    throw conflict(`A record of ${self.row.name} links at most one record of ${other.row.name}`);
}

/** When a record of the other entity may link only one record of this one: refuses those linked elsewhere. */
async function checkOtherLimit(db: Db, link: ResolvedLink, record: RecordRow, otherIds: readonly string[]) {
  const { self, other, side } = link;
  if (side.otherAllowsMany || otherIds.length === 0) return;
  const [taken] = await db
    .select({ title: recordDirectory.title, otherId: side.otherColumn })
    .from(entityRelationshipData)
    .innerJoin(recordDirectory, eq(recordDirectory.id, side.selfColumn))
    .where(
      and(
        eq(entityRelationshipData.relationshipId, side.rel.id),
        inArray(side.otherColumn, [...otherIds]),
        ne(side.selfColumn, record.id),
      ),
    )
    .limit(1);
  if (!taken) return;
  const [row] = await db
    .select({ title: recordDirectory.title })
    .from(recordDirectory)
    .where(eq(recordDirectory.id, String(taken.otherId)));
  throw conflict(
    `${other.row.name} ${quoted(row?.title ?? '')} is already linked to ${self.row.name} ${quoted(taken.title)}: unlink it first`,
  );
}

/** Refuses links that would break the relationship's cardinality (409 CARDINALITY_VIOLATION). */
async function checkCardinality(db: Db, link: ResolvedLink, record: RecordRow, otherIds: readonly string[]) {
  await checkSelfLimit(db, link, record, otherIds);
  await checkOtherLimit(db, link, record, otherIds);
}

/** Inserts the links not there yet; returns how many were new. */
async function insertLinks(
  db: Db,
  access: AccessContext,
  link: ResolvedLink,
  record: RecordRow,
  otherIds: readonly string[],
) {
  if (otherIds.length === 0) return 0;
  const { side } = link;
  const rows = await db
    .insert(entityRelationshipData)
    .values(
      otherIds.map((otherId) => ({
        companyId: access.companyId,
        relationshipId: side.rel.id,
        relationshipType: side.rel.relationshipType,
        parentDataId: side.isParent ? record.id : otherId,
        childDataId: side.isParent ? otherId : record.id,
        createdBy: access.userId,
      })),
    )
    .onConflictDoNothing({
      target: [
        entityRelationshipData.relationshipId,
        entityRelationshipData.parentDataId,
        entityRelationshipData.childDataId,
      ],
    })
    .returning({ id: entityRelationshipData.id });
  return rows.length;
}

/** Runs a linking transaction; a unique violation (a concurrent link won) is re-checked for its reason. */
async function linking<T>(
  db: Db,
  link: ResolvedLink,
  record: RecordRow,
  otherIds: readonly string[],
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await checkSelfLimit(db, link, record, otherIds);
    await checkOtherLimit(
      db,
      link,
      record,
      otherIds.filter((id) => id !== NEW_RECORD),
    );
    throw new AppError('CONFLICT', {
      message: 'These records were linked by someone else at the same time; reload and try again',
      errorCode: 'CARDINALITY_VIOLATION',
    });
  }
}

/** Other records of the wrong entity (or unknown, or another company's) as 422 keyed `entity_data_ids.N`. */
async function checkOtherRecords(db: Db, link: ResolvedLink, ids: readonly string[]) {
  const rows = await db
    .select({ id: recordDirectory.id })
    .from(recordDirectory)
    .where(
      and(
        inArray(recordDirectory.id, [...new Set(ids)]),
        eq(recordDirectory.entityId, link.other.row.id),
        eq(recordDirectory.companyId, link.other.row.companyId),
      ),
    );
  const found = new Set(rows.map((row) => row.id));
  const errors: TValidationDetail[] = ids
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !found.has(id))
    .map(({ index }) => ({
      key: `entity_data_ids.${index}`,
      path: ['entity_data_ids', index],
      message: `Not a record of ${link.other.row.name}`,
    }));
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
}

/** `POST /entities/{id}/relationships-data/assign`: links existing records (idempotent). */
export async function assignRecords(
  db: Db,
  access: AccessContext,
  link: ResolvedLink,
  recordId: string,
  ids: readonly string[],
) {
  const record = await findRecord(db, link.self, recordId);
  await checkOtherRecords(db, link, ids);
  const unique = [...new Set(ids)];
  const linked = await linking(db, link, record, unique, () =>
    db.transaction(async (tx) => {
      await checkCardinality(tx, link, record, unique);
      return insertLinks(tx, access, link, record, unique);
    }),
  );
  return { relationship_id: link.side.rel.id, linked, already_linked: unique.length - linked };
}

/** `POST .../assign-fields-data`: creates a record of the other entity and links it, in one transaction. */
export async function assignNewRecord(
  db: Db,
  access: AccessContext,
  link: ResolvedLink,
  recordId: string,
  values: unknown,
): Promise<RecordRow> {
  const record = await findRecord(db, link.self, recordId);
  // Before validating the values: a record that cannot take another link is refused first.
  await checkSelfLimit(db, link, record, [NEW_RECORD]);
  return linking(db, link, record, [NEW_RECORD], () =>
    db.transaction(async (tx) => {
      const [created] = await createRecords(tx, access, link.other, [values], () => ['values']);
      await checkCardinality(tx, link, record, [created!.id]);
      await insertLinks(tx, access, link, record, [created!.id]);
      return created!;
    }),
  );
}

/** `POST .../detach`: removes the links between the record and these records (others are ignored). */
export async function detachRecords(db: Db, link: ResolvedLink, recordId: string, ids: readonly string[]) {
  const record = await findRecord(db, link.self, recordId);
  const { side } = link;
  const gone = await db
    .delete(entityRelationshipData)
    .where(
      and(
        eq(entityRelationshipData.relationshipId, side.rel.id),
        eq(side.selfColumn, record.id),
        inArray(side.otherColumn, [...new Set(ids)]),
      ),
    )
    .returning({ id: entityRelationshipData.id });
  return { relationship_id: side.rel.id, detached: gone.length };
}
