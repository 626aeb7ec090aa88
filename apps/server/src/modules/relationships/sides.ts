import { and, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TRelationship, TRelationshipSide } from '@esigns/contracts/relationships';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { entityRelationshipData, entityRelationships } from './schema';

/*
 * A relationship seen from one of its two entities. Links store the parent entity's record in
 * `parent_data_id` whatever side a call comes from; `sideOf` says which column holds "this"
 * entity's records and which the other's. An entity is never related to itself, so the side is
 * never ambiguous.
 */

export type RelationshipRow = typeof entityRelationships.$inferSelect;

export type Side = {
  rel: RelationshipRow;
  isParent: boolean;
  otherEntityId: string;
  /** The link column holding this entity's records, and the one holding the other's. */
  selfColumn: PgColumn;
  otherColumn: PgColumn;
  /** The tab label on this entity's record pages. */
  label: string;
  /** One record of this entity may link several of the other. */
  allowsMany: boolean;
  /** One record of the other entity may link several of this one. */
  otherAllowsMany: boolean;
};

export function sideOf(rel: RelationshipRow, entityId: string): Side {
  const isParent = rel.parentEntityId === entityId;
  const manyToMany = rel.relationshipType === 'MANY_TO_MANY';
  const oneToMany = rel.relationshipType === 'ONE_TO_MANY';
  return {
    rel,
    isParent,
    otherEntityId: isParent ? rel.childEntityId : rel.parentEntityId,
    selfColumn: isParent ? entityRelationshipData.parentDataId : entityRelationshipData.childDataId,
    otherColumn: isParent ? entityRelationshipData.childDataId : entityRelationshipData.parentDataId,
    label: isParent ? rel.parentLabel : rel.childLabel,
    allowsMany: manyToMany || (oneToMany && isParent),
    otherAllowsMany: manyToMany || (oneToMany && !isParent),
  };
}

export function toRelationship(rel: RelationshipRow): TRelationship {
  return {
    _id: rel.id,
    company_id: rel.companyId,
    parent_entity_id: rel.parentEntityId,
    child_entity_id: rel.childEntityId,
    relationship_type: rel.relationshipType,
    parent_label: rel.parentLabel,
    child_label: rel.childLabel,
    created_by: rel.createdBy,
    created_at: rel.createdAt.toISOString(),
  };
}

export function toSide(side: Side, otherName: string): TRelationshipSide {
  return {
    _id: side.rel.id,
    relationship_type: side.rel.relationshipType,
    role: side.isParent ? 'CHILD' : 'PARENT',
    entity_id: side.otherEntityId,
    entity_name: otherName,
    label: side.label,
    allows_many: side.allowsMany,
  };
}

/** The company's relationships that have this entity on either side, oldest first. */
export async function relationshipsOf(
  db: Db,
  companyId: string,
  entityId: string,
): Promise<RelationshipRow[]> {
  return db
    .select()
    .from(entityRelationships)
    .where(
      and(
        eq(entityRelationships.companyId, companyId),
        or(eq(entityRelationships.parentEntityId, entityId), eq(entityRelationships.childEntityId, entityId)),
      ),
    )
    .orderBy(entityRelationships.createdAt, entityRelationships.id);
}

/** The relationship between two entities, whichever way it points, or null. */
export async function relationshipBetween(
  db: Db,
  companyId: string,
  a: string,
  b: string,
): Promise<RelationshipRow | null> {
  const pair = (x: string, y: string): SQL =>
    and(eq(entityRelationships.parentEntityId, x), eq(entityRelationships.childEntityId, y))!;
  const [row] = await db
    .select()
    .from(entityRelationships)
    .where(and(eq(entityRelationships.companyId, companyId), or(pair(a, b), pair(b, a))))
    .limit(1);
  return row ?? null;
}

/** The company's relationship with this id that has `entityId` on one side, or 404. */
export async function findRelationshipOf(
  db: Db,
  companyId: string,
  entityId: string,
  id: string,
): Promise<RelationshipRow> {
  if (!isUuid(id)) throw notFound('Relationship');
  const [row] = await db
    .select()
    .from(entityRelationships)
    .where(
      and(
        eq(entityRelationships.id, id),
        eq(entityRelationships.companyId, companyId),
        or(eq(entityRelationships.parentEntityId, entityId), eq(entityRelationships.childEntityId, entityId)),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Relationship');
  return row;
}
