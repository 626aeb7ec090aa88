import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type {
  TEntityRelationship,
  TNestedRelationship,
  TNewRelationshipWithParent,
  TRelationship,
} from '@esigns/contracts/relationships';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { entitySummaries, loadEntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { entityRelationshipData, entityRelationships } from './schema';
import {
  findRelationshipOf,
  relationshipBetween,
  relationshipsOf,
  sideOf,
  toRelationship,
  toSide,
  type RelationshipRow,
} from './sides';

/*
 * Relationships between entities: listed from either side, created one or several at a time
 * (all or none), deleted with their record links in one transaction.
 */

const detail = (key: string, message: string): TValidationDetail => ({ key, message, path: key.split('.') });

/** Names of the company's entities with these ids (others are absent from the map). */
export async function entityNameMap(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const found = await entitySummaries(db, companyId, ids);
  return new Map([...found].map(([id, entity]) => [id, entity.name]));
}

/** Record links per relationship, in one grouped query. */
async function linkCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: entityRelationshipData.relationshipId, n: count() })
    .from(entityRelationshipData)
    .where(inArray(entityRelationshipData.relationshipId, [...ids]))
    .groupBy(entityRelationshipData.relationshipId);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/** Relationships as seen from `entityId`, with the other entity's name and the number of links. */
function describe(
  entityId: string,
  rels: readonly RelationshipRow[],
  names: Map<string, string>,
  counts: Map<string, number>,
): TEntityRelationship[] {
  return rels.map((rel) => {
    const side = sideOf(rel, entityId);
    return {
      ...toRelationship(rel),
      ...toSide(side, names.get(side.otherEntityId) ?? ''),
      links_count: counts.get(rel.id) ?? 0,
    };
  });
}

/** `GET /entities/{entity_id}/relationships`: both ways, oldest first. */
export async function listEntityRelationships(
  db: Db,
  companyId: string,
  entityId: string,
): Promise<TEntityRelationship[]> {
  await loadEntityDefinition(db, companyId, entityId);
  const rels = await relationshipsOf(db, companyId, entityId);
  const [names, counts] = await Promise.all([
    entityNameMap(
      db,
      companyId,
      rels.map((rel) => sideOf(rel, entityId).otherEntityId),
    ),
    linkCounts(
      db,
      rels.map((rel) => rel.id),
    ),
  ]);
  return describe(entityId, rels, names, counts);
}

/**
 * `GET /entities/{entity_id}/nested-relationships`: the entity's children (it is the parent),
 * each with the ids of its own children; `fetchAll` adds those child relationships in full.
 */
export async function nestedRelationships(
  db: Db,
  companyId: string,
  entityId: string,
  fetchAll: boolean,
): Promise<TNestedRelationship[]> {
  await loadEntityDefinition(db, companyId, entityId);
  const direct = await db
    .select()
    .from(entityRelationships)
    .where(
      and(eq(entityRelationships.companyId, companyId), eq(entityRelationships.parentEntityId, entityId)),
    )
    .orderBy(entityRelationships.createdAt, entityRelationships.id);
  const childIds = [...new Set(direct.map((rel) => rel.childEntityId))];
  const nested =
    childIds.length === 0
      ? []
      : await db
          .select()
          .from(entityRelationships)
          .where(
            and(
              eq(entityRelationships.companyId, companyId),
              inArray(entityRelationships.parentEntityId, childIds),
            ),
          )
          .orderBy(entityRelationships.createdAt, entityRelationships.id);
  const [names, counts] = await Promise.all([
    entityNameMap(db, companyId, [...childIds, ...nested.map((rel) => rel.childEntityId)]),
    linkCounts(
      db,
      [...direct, ...nested].map((rel) => rel.id),
    ),
  ]);
  return describe(entityId, direct, names, counts).map((item) => {
    const own = nested.filter((rel) => rel.parentEntityId === item.child_entity_id);
    return {
      ...item,
      nested_child_entity_ids: own.map((rel) => rel.childEntityId),
      ...(fetchAll ? { nested: describe(item.child_entity_id, own, names, counts) } : {}),
    };
  });
}

/**
 * Creates relationships, all or none. `keyOf(index, field)` names a field of the request for 422
 * details. Unknown or another company's entities answer 404; a pair already related (either way
 * round) 409.
 */
export async function createRelationships(
  db: Db,
  access: AccessContext,
  items: readonly TNewRelationshipWithParent[],
  keyOf: (index: number, field: string) => string,
): Promise<TRelationship[]> {
  const errors: TValidationDetail[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    if (item.parent_entity_id === item.child_entity_id) {
      errors.push(detail(keyOf(index, 'child_entity_id'), 'An entity cannot be related to itself'));
      return;
    }
    const pair = [item.parent_entity_id, item.child_entity_id].sort().join(':');
    if (seen.has(pair))
      errors.push(detail(keyOf(index, 'child_entity_id'), 'These two entities are listed twice'));
    seen.set(pair, index);
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);

  const names = await entityNameMap(
    db,
    access.companyId,
    items.flatMap((item) => [item.parent_entity_id, item.child_entity_id]),
  );
  items.forEach((item, index) => {
    for (const field of ['parent_entity_id', 'child_entity_id'] as const) {
      if (!names.has(item[field]))
        throw new AppError('NOT_FOUND', { message: `Entity not found (${keyOf(index, field)})` });
    }
  });

  try {
    return await db.transaction(async (tx) => {
      // Serialises the company's relationship creation, so "related either way round" holds.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`relationships:${access.companyId}`}))`);
      const ids = [...names.keys()];
      const existing = await tx
        .select({ parent: entityRelationships.parentEntityId, child: entityRelationships.childEntityId })
        .from(entityRelationships)
        .where(
          and(
            eq(entityRelationships.companyId, access.companyId),
            inArray(entityRelationships.parentEntityId, ids),
            inArray(entityRelationships.childEntityId, ids),
          ),
        );
      const taken = new Set(existing.flatMap((r) => [`${r.parent}:${r.child}`, `${r.child}:${r.parent}`]));
      const clash = items.find((item) => taken.has(`${item.parent_entity_id}:${item.child_entity_id}`));
      if (clash) throw alreadyRelated(names, clash);
      const rows = await tx
        .insert(entityRelationships)
        .values(
          items.map((item) => ({
            companyId: access.companyId,
            parentEntityId: item.parent_entity_id,
            childEntityId: item.child_entity_id,
            relationshipType: item.relationship_type,
            parentLabel: item.parent_label ?? names.get(item.child_entity_id)!,
            childLabel: item.child_label ?? names.get(item.parent_entity_id)!,
            createdBy: access.userId,
          })),
        )
        .returning();
      return rows.map(toRelationship);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRelated(names, items[0]!);
    throw err;
  }
}

function alreadyRelated(names: Map<string, string>, item: TNewRelationshipWithParent): AppError {
  return new AppError('CONFLICT', {
    message: `${names.get(item.parent_entity_id)} and ${names.get(item.child_entity_id)} are already related`,
    errorCode: 'RELATIONSHIP_EXISTS',
  });
}

/** `DELETE /entities/{id}/relationships/{relId}`: the relationship and its record links, together. */
export async function deleteRelationship(
  db: Db,
  companyId: string,
  entityId: string,
  relationshipId: string,
): Promise<{ _id: string; links_removed: number }> {
  await loadEntityDefinition(db, companyId, entityId);
  const rel = await findRelationshipOf(db, companyId, entityId, relationshipId);
  return db.transaction(async (tx) => {
    const links = await tx
      .delete(entityRelationshipData)
      .where(eq(entityRelationshipData.relationshipId, rel.id))
      .returning({ id: entityRelationshipData.id });
    const gone = await tx
      .delete(entityRelationships)
      .where(eq(entityRelationships.id, rel.id))
      .returning({ id: entityRelationships.id });
    if (gone.length === 0) throw notFound('Relationship');
    return { _id: rel.id, links_removed: links.length };
  });
}

/** `POST /entities/entity-relationships/existed`: whether two entities are related, either way. */
export async function relationshipExists(db: Db, companyId: string, a: string, b: string) {
  const names = await entityNameMap(db, companyId, [a, b]);
  if (!names.has(a) || !names.has(b)) throw notFound('Entity');
  const rel = await relationshipBetween(db, companyId, a, b);
  return { exists: Boolean(rel), relationship: rel ? toRelationship(rel) : null };
}

/** `GET /entities/related/{id}`: entities linked to this one by a relationship, either way. */
export async function relatedEntities(db: Db, companyId: string, id: string) {
  await loadEntityDefinition(db, companyId, id);
  const links = await db
    .select()
    .from(entityRelationships)
    .where(or(eq(entityRelationships.parentEntityId, id), eq(entityRelationships.childEntityId, id)));
  const otherIds = [
    ...new Set(links.map((l) => (l.parentEntityId === id ? l.childEntityId : l.parentEntityId))),
  ];
  const names = await entityNameMap(db, companyId, otherIds);
  return links.map((l) => {
    const asParent = l.parentEntityId === id;
    const other = asParent ? l.childEntityId : l.parentEntityId;
    return {
      relationship_id: l.id,
      entity_id: other,
      name: names.get(other) ?? '',
      relationship_type: l.relationshipType,
      role: asParent ? ('CHILD' as const) : ('PARENT' as const),
      label: asParent ? l.parentLabel : l.childLabel,
    };
  });
}
