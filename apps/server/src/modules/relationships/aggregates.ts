import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { rowsOf, type Db } from '../../platform/db/database';
import { loadDefinitions, type EntityDefinition } from '../entities';
import { recordDirectory } from '../entity-data';
import { loadGlobalVariableValues } from '../global-variables';
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
 *
 * A related GLOBAL_VARIABLE field is not stored: every related record shows the variable's value
 * (`fillGlobalVariables`), so the aggregate is computed from that value and how many related
 * records show it (those with values for the field's template): SUM is value x count, AVG, MIN
 * and MAX the value. A variable whose value is not a number counts as no values, like a record's.
 *
 * An aggregate over another AGGREGATE field (total of the projects' task hours) computes the inner
 * field for the related records first (the same code, one level down, only that field), then
 * combines their values here. At most AGGREGATE_NESTING such steps are followed: a longer chain,
 * and so any cycle (A sums B's field that sums A's), reads null at every level.
 */

/** How many aggregate-over-aggregate steps are followed before a field reads null. */
export const AGGREGATE_NESTING = 3;

type AggregateField = Extract<TFormField, { type: 'AGGREGATE' }>;

/** A record as the read paths hold it: a database row (`id`) or an answer (`_id`). */
export type AggregateTarget = { values: Record<string, Record<string, unknown>> } & (
  { id: string } | { _id: string }
);

const idOf = (row: AggregateTarget): string => ('id' in row ? row.id : row._id);

type Plan = { templateId: string; field: AggregateField; side: Side | null };
type Found = Map<string, number | null>;
/** The related records' field an aggregate reads: `values -> templateId -> field.key`. */
type Target = { templateId: string; field: TFormField };
type VariableField = Extract<TFormField, { type: 'GLOBAL_VARIABLE' }>;

/** Where the related records' value lives, or null when nowhere. */
function targetOf(related: EntityDefinition | undefined, key: string | undefined): Target | null {
  if (!related || !key) return null;
  const templates = [...related.templates].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  for (const template of templates) {
    const field = template.isRepeatable ? undefined : template.fields.find((f) => f.key === key);
    if (field) return { templateId: template.id, field };
  }
  return null;
}

const AGGREGATE_SQL = {
  SUM: (v: ReturnType<typeof sql>) => sql`coalesce(sum(${v}), 0)::float8`,
  AVG: (v: ReturnType<typeof sql>) => sql`avg(${v})::float8`,
  MIN: (v: ReturnType<typeof sql>) => sql`min(${v})::float8`,
  MAX: (v: ReturnType<typeof sql>) => sql`max(${v})::float8`,
};

const linksOf = (side: Side, ids: readonly string[]) =>
  and(eq(entityRelationshipData.relationshipId, side.rel.id), inArray(side.selfColumn, [...ids]));

/** SUM, AVG, MIN or MAX of numbers in JavaScript, as the SQL of AGGREGATE_SQL answers them. */
function combine(fn: AggregateField['function'], values: number[]): number | null {
  if (fn === 'SUM') return values.reduce((a, b) => a + b, 0);
  if (values.length === 0) return null;
  if (fn === 'AVG') return values.reduce((a, b) => a + b, 0) / values.length;
  if (fn === 'MIN') return values.reduce((a, b) => Math.min(a, b));
  if (fn === 'MAX') return values.reduce((a, b) => Math.max(a, b));
  return values.length; // COUNT counts links, never values: not reached
}

/**
 * An aggregate over the related records' own AGGREGATE field: that field computed for the linked
 * records (one level deeper), then combined per record. Null (not computable) past the nesting.
 */
async function nestedAggregateOf(
  db: Db,
  { side, field }: Plan & { side: Side },
  related: EntityDefinition,
  target: Target,
  ids: readonly string[],
  depth: number,
): Promise<Found | null> {
  if (depth >= AGGREGATE_NESTING) return null;
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ id: side.selfColumn, other: side.otherColumn })
          .from(entityRelationshipData)
          .where(linksOf(side, ids));
  const others = [...new Set(links.map((link) => String(link.other)))].map((id) => ({
    id,
    values: {} as AggregateTarget['values'],
  }));
  const inner = await fillAt(db, related, others, depth + 1, target);
  if (inner.size > 0) return null;
  const valueOf = new Map(others.map((row) => [row.id, row.values[target.templateId]?.[target.field.key]]));
  const numbers = new Map<string, number[]>();
  for (const link of links) {
    const list = numbers.get(String(link.id)) ?? [];
    numbers.set(String(link.id), list);
    const value = valueOf.get(String(link.other));
    if (typeof value === 'number' && Number.isFinite(value)) list.push(value);
  }
  return new Map([...numbers].map(([id, values]) => [id, combine(field.function, values)]));
}

/**
 * An aggregate over the related records' GLOBAL_VARIABLE field (filled on read, never stored):
 * the variable's value times, or once for, the related records that show it. One lookup of the
 * value and, when it is a number, one grouped count.
 */
async function variableAggregateOf(
  db: Db,
  { side, field }: Plan & { side: Side },
  related: EntityDefinition,
  target: { templateId: string; field: VariableField },
  ids: readonly string[],
): Promise<Found> {
  if (ids.length === 0) return new Map();
  const variableId = target.field.global_variable_id;
  const value = (await loadGlobalVariableValues(db, related.row.companyId, [variableId])).get(variableId);
  // Not a number (or no value): no values, as for a record's empty or non-number value.
  if (typeof value !== 'number' || !Number.isFinite(value)) return new Map();
  // fillGlobalVariables shows the value only in templates the record has values for.
  const rows = await rowsOf<{ id: string; n: number | string }>(
    db,
    sql`select ${side.selfColumn} as id, count(*)::int as n
      from ${entityRelationshipData} join ${recordDirectory} on ${recordDirectory.id} = ${side.otherColumn}
      where ${linksOf(side, ids)} and (${recordDirectory.values} -> ${target.templateId}::text) is not null
      group by ${side.selfColumn}`,
  );
  return new Map(
    rows.map((row) => [String(row.id), field.function === 'SUM' ? value * Number(row.n) : value]),
  );
}

/**
 * The aggregate of each record's related records, by record id (records without any are
 * absent); null when it cannot be computed (nested past AGGREGATE_NESTING).
 */
async function aggregateOf(
  db: Db,
  plan: Plan & { side: Side },
  related: EntityDefinition | undefined,
  ids: readonly string[],
  depth: number,
): Promise<Found | null> {
  const { side, field } = plan;
  const target = field.function === 'COUNT' ? null : targetOf(related, field.field_key);
  if (target?.field.type === 'AGGREGATE') {
    return nestedAggregateOf(db, plan, related!, target, ids, depth);
  }
  if (target?.field.type === 'GLOBAL_VARIABLE') {
    return variableAggregateOf(
      db,
      plan,
      related!,
      { templateId: target.templateId, field: target.field },
      ids,
    );
  }
  if (ids.length === 0) return new Map();
  const linkOfThese = linksOf(side, ids);
  if (field.function === 'COUNT') {
    const rows = await db
      .select({ id: side.selfColumn, v: sql<number>`count(*)::int` })
      .from(entityRelationshipData)
      .where(linkOfThese)
      .groupBy(side.selfColumn);
    return new Map(rows.map((row) => [String(row.id), Number(row.v)]));
  }
  if (!target) return new Map(ids.map((id) => [id, null]));
  const json = sql`(${recordDirectory.values} -> ${target.templateId}::text -> ${target.field.key}::text)`;
  const value = sql`(case when jsonb_typeof(${json}) = 'number' then (${json})::text::numeric end)`;
  const rows = await rowsOf<{ id: string; v: number | string | null }>(
    db,
    sql`select ${side.selfColumn} as id, ${AGGREGATE_SQL[field.function](value)} as v
      from ${entityRelationshipData} join ${recordDirectory} on ${recordDirectory.id} = ${side.otherColumn}
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
 * grouped query per aggregate field, plus the relationships and related entities once; an
 * aggregate over an aggregate adds one links query and the inner field's own queries.
 */
export async function fillAggregates<T extends AggregateTarget>(
  db: Db,
  def: EntityDefinition,
  rows: T[],
): Promise<T[]> {
  if (rows.length > 0) await fillAt(db, def, rows, 0, null);
  return rows;
}

/**
 * `fillAggregates` at a nesting depth, for every aggregate field or only `only`. Answers the
 * fields (`<template>#<key>`) that could not be computed (nested too deep): they read null.
 * Runs with no rows too, so a nested caller learns whether the field can be computed at all.
 */
async function fillAt(
  db: Db,
  def: EntityDefinition,
  rows: AggregateTarget[],
  depth: number,
  only: Target | null,
): Promise<Set<string>> {
  const fields = def.templates
    .filter((t) => !t.isRepeatable && (!only || t.id === only.templateId))
    .flatMap((t) =>
      t.fields
        .filter((f): f is AggregateField => f.type === 'AGGREGATE' && (!only || f.key === only.field.key))
        .map((field) => ({ templateId: t.id, field })),
    );
  const unavailable = new Set<string>();
  if (fields.length === 0) return unavailable;

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
        ? aggregateOf(db, { ...plan, side: plan.side }, related.get(plan.side.otherEntityId), ids, depth)
        : Promise.resolve<Found>(new Map(ids.map((id) => [id, null]))),
    ),
  );
  plans.forEach((plan, index) => {
    if (results[index] === null) unavailable.add(`${plan.templateId}#${plan.field.key}`);
  });

  for (const row of rows) {
    const values = { ...row.values };
    plans.forEach((plan, index) => {
      const found = results[index];
      const raw = !found
        ? null
        : found.has(idOf(row))
          ? found.get(idOf(row))!
          : plan.side
            ? emptyValue(plan.field)
            : null;
      values[plan.templateId] = {
        ...(values[plan.templateId] ?? {}),
        [plan.field.key]: rounded(raw, plan.field.decimals ?? 2),
      };
    });
    row.values = values;
  }
  return unavailable;
}
