import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { rowsOf, type Db } from '../../platform/db/database';
import type { EntityDefinition } from '../entities/definition';
import { entityData } from '../entity-data/schema';
import { loadDefinitions } from './entity-defs';
import { entityRelationshipData } from './schema';
import { relationshipsOf, sideOf, type Side } from './sides';

/*
 * AGGREGATE fields: SUM, COUNT, AVG, MIN or MAX over the records related to each record through
 * a relationship (the field's `relationship_id`, else the one with its `entity_id`). Computed
 * when records are read, never stored: one grouped query per aggregate field for a whole page.
 *
 * COUNT counts the related records; SUM of none is 0; AVG, MIN and MAX of none are null. Only
 * number values take part (a related record whose value is empty or not a number is skipped).
 * A field whose relationship or related field no longer exists reads null.
 */

type AggregateField = Extract<TFormField, { type: 'AGGREGATE' }>;

/** A record as the read paths hold it: a database row (`id`) or an answer (`_id`). */
export type AggregateTarget = { values: Record<string, Record<string, unknown>> } & (
  { id: string } | { _id: string }
);

const idOf = (row: AggregateTarget): string => ('id' in row ? row.id : row._id);

type Plan = { templateId: string; field: AggregateField; side: Side | null };

/** Where the related records' value lives: `values -> template -> key`, or null when nowhere. */
function valuePath(related: EntityDefinition | undefined, key: string | undefined): [string, string] | null {
  if (!related || !key) return null;
  const templates = [...related.templates].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  const template = templates.find((t) => !t.isRepeatable && t.fields.some((f) => f.key === key));
  return template ? [template.id, key] : null;
}

const AGGREGATE_SQL = {
  SUM: (v: ReturnType<typeof sql>) => sql`coalesce(sum(${v}), 0)::float8`,
  AVG: (v: ReturnType<typeof sql>) => sql`avg(${v})::float8`,
  MIN: (v: ReturnType<typeof sql>) => sql`min(${v})::float8`,
  MAX: (v: ReturnType<typeof sql>) => sql`max(${v})::float8`,
};

/** The aggregate of each record's related records, by record id (records without any are absent). */
async function aggregateOf(
  db: Db,
  plan: Plan & { side: Side },
  related: EntityDefinition | undefined,
  ids: readonly string[],
): Promise<Map<string, number | null>> {
  const { side, field } = plan;
  const linkOfThese = and(
    eq(entityRelationshipData.relationshipId, side.rel.id),
    inArray(side.selfColumn, [...ids]),
  );
  if (field.function === 'COUNT') {
    const rows = await db
      .select({ id: side.selfColumn, v: sql<number>`count(*)::int` })
      .from(entityRelationshipData)
      .where(linkOfThese)
      .groupBy(side.selfColumn);
    return new Map(rows.map((row) => [String(row.id), Number(row.v)]));
  }
  const path = valuePath(related, field.field_key);
  if (!path) return new Map(ids.map((id) => [id, null]));
  const json = sql`(${entityData.values} -> ${path[0]}::text -> ${path[1]}::text)`;
  const value = sql`(case when jsonb_typeof(${json}) = 'number' then (${json})::text::numeric end)`;
  const rows = await rowsOf<{ id: string; v: number | string | null }>(
    db,
    sql`select ${side.selfColumn} as id, ${AGGREGATE_SQL[field.function](value)} as v
      from ${entityRelationshipData} join ${entityData} on ${entityData.id} = ${side.otherColumn}
      where ${linkOfThese} group by ${side.selfColumn}`,
  );
  return new Map(rows.map((row) => [String(row.id), row.v === null ? null : Number(row.v)]));
}

const emptyValue = (field: AggregateField): number | null =>
  field.function === 'COUNT' || field.function === 'SUM' ? 0 : null;

const rounded = (value: number | null, decimals: number): number | null =>
  value === null || !Number.isFinite(value) ? null : Number(value.toFixed(decimals));

/**
 * Fills the AGGREGATE fields of a page of records of `def` (in place; also returned). One
 * grouped query per aggregate field, plus the relationships and related entities once.
 */
export async function fillAggregates<T extends AggregateTarget>(
  db: Db,
  def: EntityDefinition,
  rows: T[],
): Promise<T[]> {
  const fields = def.templates
    .filter((t) => !t.isRepeatable)
    .flatMap((t) =>
      t.fields
        .filter((f): f is AggregateField => f.type === 'AGGREGATE')
        .map((field) => ({ templateId: t.id, field })),
    );
  if (fields.length === 0 || rows.length === 0) return rows;

  const sides = (await relationshipsOf(db, def.row.companyId, def.row.id)).map((rel) =>
    sideOf(rel, def.row.id),
  );
  const plans: Plan[] = fields.map(({ templateId, field }) => {
    const side = field.relationship_id
      ? sides.find((s) => s.rel.id === field.relationship_id)
      : sides.find((s) => s.otherEntityId === field.entity_id);
    return { templateId, field, side: side && side.otherEntityId === field.entity_id ? side : null };
  });
  const relatedIds = [
    ...new Set(plans.filter((p) => p.side && p.field.function !== 'COUNT').map((p) => p.side!.otherEntityId)),
  ];
  const related = await loadDefinitions(db, def.row.companyId, relatedIds);
  const ids = rows.map(idOf);
  const results = await Promise.all(
    plans.map((plan) =>
      plan.side
        ? aggregateOf(db, { ...plan, side: plan.side }, related.get(plan.side.otherEntityId), ids)
        : Promise.resolve(new Map<string, number | null>(ids.map((id) => [id, null]))),
    ),
  );

  for (const row of rows) {
    const values = { ...row.values };
    plans.forEach((plan, index) => {
      const found = results[index]!;
      const raw = found.has(idOf(row)) ? found.get(idOf(row))! : plan.side ? emptyValue(plan.field) : null;
      values[plan.templateId] = {
        ...(values[plan.templateId] ?? {}),
        [plan.field.key]: rounded(raw, plan.field.decimals ?? 2),
      };
    });
    row.values = values;
  }
  return rows;
}
