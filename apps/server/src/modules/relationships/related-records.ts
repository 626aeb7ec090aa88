import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  TNestedRecordsPage,
  TRecordRelationship,
  TRelatedRecordsPage,
  TRelatedRecordsQuery,
} from '@esigns/contracts/relationships';
import { rowsOf, type Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { loadDefinitions, loadEntityDefinition, type EntityDefinition } from '../entities';
import {
  findRecord,
  narrowedRecordsPage,
  recordDirectory,
  recordsByIds,
  toRecord,
  type RecordRow,
} from '../entity-data';
import type { AccessContext } from '../permissions';
import { fillAggregates } from './aggregates';
import { entityRelationshipData } from './schema';
import { relationshipBetween, relationshipsOf, sideOf, toSide, type Side } from './sides';

/*
 * Related records of one record: every relationship with its count and first page (the tabs of
 * the record page), one relationship's records paged with the grid's filters, sorts and search,
 * and grandchildren reached through the child records. Each read is a fixed number of queries
 * whatever the number of records (pages and counts are batched, never one query per record).
 */

/** `id in (records linked to recordId through the side's relationship)`. */
const linkedTo =
  (side: Side, recordId: string) =>
  (id: AnyPgColumn): SQL =>
    sql`${id} in (select ${side.otherColumn} from ${entityRelationshipData}
    where ${entityRelationshipData.relationshipId} = ${side.rel.id} and ${side.selfColumn} = ${recordId})`;

/** `GET /entities/{id}/relationships-data/{dataId}`: each relationship, its count and first `limit` records. */
export async function recordRelationships(
  db: Db,
  companyId: string,
  entityId: string,
  recordId: string,
  limit: number,
): Promise<TRecordRelationship[]> {
  const self = await loadEntityDefinition(db, companyId, entityId);
  const record = await findRecord(db, self, recordId);
  const sides = (await relationshipsOf(db, companyId, self.row.id)).map((rel) => sideOf(rel, self.row.id));
  if (sides.length === 0) return [];
  const relIds = sides.map((side) => side.rel.id);
  const mine = and(
    inArray(entityRelationshipData.relationshipId, relIds),
    sql`(${entityRelationshipData.parentDataId} = ${record.id} or ${entityRelationshipData.childDataId} = ${record.id})`,
  );
  const otherOf = sql`case when ${entityRelationshipData.parentDataId} = ${record.id}
    then ${entityRelationshipData.childDataId} else ${entityRelationshipData.parentDataId} end`;
  const [counts, firsts, defs] = await Promise.all([
    db
      .select({ id: entityRelationshipData.relationshipId, n: sql<number>`count(*)::int` })
      .from(entityRelationshipData)
      .where(mine)
      .groupBy(entityRelationshipData.relationshipId),
    // The first page of every relationship in one query (same order as the paged call).
    rowsOf<{ rel_id: string; data_id: string; linked_at: string }>(
      db,
      sql`select rel_id, data_id, linked_at from (
        select ${entityRelationshipData.relationshipId} as rel_id, ${recordDirectory.id} as data_id,
          to_char(${entityRelationshipData.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as linked_at,
          row_number() over (partition by ${entityRelationshipData.relationshipId}
            order by ${recordDirectory.createdAt} desc, ${recordDirectory.id} desc) as rn
        from ${entityRelationshipData} join ${recordDirectory} on ${recordDirectory.id} = ${otherOf}
        where ${mine}
      ) ranked where rn <= ${limit} order by rn`,
    ),
    loadDefinitions(
      db,
      companyId,
      sides.map((side) => side.otherEntityId),
    ),
  ]);
  const rows = await recordsByIds(
    db,
    firsts.map((f) => f.data_id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const countOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return Promise.all(
    sides.map(async (side) => {
      const def = defs.get(side.otherEntityId)!;
      const links = firsts.filter((f) => f.rel_id === side.rel.id && byId.has(f.data_id));
      const page = await fillAggregates(
        db,
        def,
        links.map((f) => byId.get(f.data_id)!),
      );
      return {
        relationship: toSide(side, def.row.name),
        total: countOf.get(side.rel.id) ?? 0,
        data: page.map((row, i) => ({ ...toRecord(row), linked_at: links[i]!.linked_at })),
      };
    }),
  );
}

/** The record, the other entity and the relationship between them (404 when they are not related). */
async function relatedStep(db: Db, companyId: string, self: EntityDefinition, otherId: string) {
  const other = await loadEntityDefinition(db, companyId, otherId);
  const rel = await relationshipBetween(db, companyId, self.row.id, other.row.id);
  if (!rel) throw notFound('Relationship');
  return { other, side: sideOf(rel, self.row.id) };
}

/** A related page: the other entity's records with the grid's filters and search, narrowed by `narrow`. */
async function pageSql(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  query: TRelatedRecordsQuery,
  narrow: (recordId: AnyPgColumn) => SQL,
) {
  const { rows, total, capped } = await narrowedRecordsPage(db, access, def, query, narrow);
  return {
    rows: await fillAggregates(db, def, rows),
    total,
    total_capped: capped,
    page: query.page,
    total_pages: Math.ceil(total / query.limit),
  };
}

/** Link times of these records with the record, through the side's relationship. */
async function linkTimes(db: Db, side: Side, recordId: string, rows: readonly RecordRow[]) {
  if (rows.length === 0) return new Map<string, Date>();
  const links = await db
    .select({ id: side.otherColumn, at: entityRelationshipData.createdAt })
    .from(entityRelationshipData)
    .where(
      and(
        eq(entityRelationshipData.relationshipId, side.rel.id),
        eq(side.selfColumn, recordId),
        inArray(
          side.otherColumn,
          rows.map((row) => row.id),
        ),
      ),
    );
  return new Map(links.map((link) => [String(link.id), link.at]));
}

/** `GET .../relationships-data/{dataId}/{child}`: the record's related records of one entity, paged. */
export async function relatedRecords(
  db: Db,
  access: AccessContext,
  entityId: string,
  recordId: string,
  otherId: string,
  query: TRelatedRecordsQuery,
): Promise<TRelatedRecordsPage> {
  const self = await loadEntityDefinition(db, access.companyId, entityId);
  const record = await findRecord(db, self, recordId);
  const { other, side } = await relatedStep(db, access.companyId, self, otherId);
  const { rows, ...page } = await pageSql(db, access, other, query, linkedTo(side, record.id));
  const times = await linkTimes(db, side, record.id, rows);
  return {
    relationship: toSide(side, other.row.name),
    ...page,
    data: rows.map((row) => ({
      ...toRecord(row),
      linked_at: (times.get(row.id) ?? row.createdAt).toISOString(),
    })),
  };
}

/** The second link table of the grandchildren queries. */
const OUTER = 'outer_link';

/**
 * `GET .../relationships-data/{dataId}/{child}/{nestedChild}`: records of `nestedChild` related
 * to any record of `child` that is related to the record; each once, with the child records
 * it is reached through.
 */
export async function nestedRelatedRecords(
  db: Db,
  access: AccessContext,
  entityId: string,
  recordId: string,
  childId: string,
  nestedId: string,
  query: TRelatedRecordsQuery,
): Promise<TNestedRecordsPage> {
  const self = await loadEntityDefinition(db, access.companyId, entityId);
  const record = await findRecord(db, self, recordId);
  const first = await relatedStep(db, access.companyId, self, childId);
  const second = await relatedStep(db, access.companyId, first.other, nestedId);
  const outer = alias(entityRelationshipData, OUTER);
  const [outerSelf, outerOther] = second.side.isParent
    ? [outer.parentDataId, outer.childDataId]
    : [outer.childDataId, outer.parentDataId];
  const children = sql`select ${first.side.otherColumn} from ${entityRelationshipData}
    where ${entityRelationshipData.relationshipId} = ${first.side.rel.id} and ${first.side.selfColumn} = ${record.id}`;
  const reached = (
    id: AnyPgColumn,
  ): SQL => sql`${id} in (select ${outerOther} from ${entityRelationshipData} as ${sql.identifier(OUTER)}
    where ${outer.relationshipId} = ${second.side.rel.id} and ${outerSelf} in (${children}))`;
  const { rows, ...page } = await pageSql(db, access, second.other, query, reached);
  // The child records each grandchild is reached through, for the page, in one query.
  const via =
    rows.length === 0
      ? []
      : await db
          .select({ nested: outerOther, id: recordDirectory.id, title: recordDirectory.title })
          .from(outer)
          .innerJoin(recordDirectory, eq(recordDirectory.id, outerSelf))
          .where(
            and(
              eq(outer.relationshipId, second.side.rel.id),
              inArray(
                outerOther,
                rows.map((row) => row.id),
              ),
              sql`${outerSelf} in (${children})`,
            ),
          )
          .orderBy(recordDirectory.title);
  return {
    relationship: toSide(first.side, first.other.row.name),
    nested_relationship: toSide(second.side, second.other.row.name),
    ...page,
    data: rows.map((row) => ({
      ...toRecord(row),
      via: via.filter((v) => String(v.nested) === row.id).map((v) => ({ _id: v.id, title: v.title })),
    })),
  };
}
