import { sql } from 'drizzle-orm';
import type { TFilterGroup } from '@esigns/contracts/nocode-filters';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import type { AccessContext } from '../permissions';
import { aggregateRows, contactSource, staffSource, type AggregateSource } from './aggregate-cache';
import { columnOf } from './query';
import { entityData } from './schema';

/*
 * `POST /entities-data/charts` (custom dashboards' CHART widgets): the metric per value of a
 * field, one SQL aggregate over the records the grid would show the caller (aggregate-cache.ts
 * keeps its rows until the entity changes), never records loaded into the process.
 */

export type TChartRequest = {
  group_by: string;
  metric: 'COUNT' | 'SUM' | 'AVG' | 'MIN' | 'MAX';
  value_field?: string | undefined;
  date_bucket?: 'day' | 'month' | 'year' | undefined;
  filters?: TFilterGroup | undefined;
  /** A saved filter of the entity (as the grid's `filter_id`). */
  filter_id?: string | undefined;
  /** The caller's global filters (default true, as before the option existed). */
  apply_global_filters?: boolean | undefined;
  limit: number;
};

type ChartPoint = { key: string | null; value: number | null };

/** Top `limit` groups, biggest first; date buckets: the latest `limit`, oldest first. */
async function chartOf(db: Db, source: AggregateSource, request: TChartRequest): Promise<ChartPoint[]> {
  const { def, where } = source;
  const group = columnOf(def, request.group_by);
  const problems = [];
  if (!group) problems.push({ key: 'group_by', path: ['group_by'], message: 'Not a field of this entity' });
  const value = request.value_field ? columnOf(def, request.value_field) : null;
  if (request.metric !== 'COUNT' && (!value || value.kind !== 'number')) {
    problems.push({ key: 'value_field', path: ['value_field'], message: 'Choose a number field to add up' });
  }
  if (problems.length > 0 || !group) throw validationError(problems, problems[0]!.message);
  const byDate = !!request.date_bucket && (group.kind === 'date' || group.kind === 'datetime');
  const bucket = byDate
    ? sql`to_char(date_trunc(${request.date_bucket}, (${group.text})::timestamptz), ${
        request.date_bucket === 'day' ? 'YYYY-MM-DD' : request.date_bucket === 'month' ? 'YYYY-MM' : 'YYYY'
      })`
    : group.kind === 'list'
      ? sql`k.key`
      : group.text;
  // A list field counts each record once per value it holds.
  const from =
    group.kind === 'list'
      ? sql`${entityData} cross join lateral jsonb_array_elements_text(
          case when jsonb_typeof(${group.json}) = 'array' then ${group.json} else '[]'::jsonb end) k(key)`
      : sql`${entityData}`;
  const numeric = value
    ? sql`(case when jsonb_typeof(${value.json}) = 'number' then (${value.text})::numeric end)`
    : sql`null`;
  const metric = {
    COUNT: sql`count(*)`,
    SUM: sql`sum(${numeric})`,
    AVG: sql`avg(${numeric})`,
    MIN: sql`min(${numeric})`,
    MAX: sql`max(${numeric})`,
  }[request.metric];
  const rows = await aggregateRows<{ key: string | null; value: string | number | null }>(
    db,
    source,
    sql`
    select g.key, g.value from (
      select ${bucket} as key, ${metric}::float8 as value from ${from} where ${where} group by 1
    ) g order by ${byDate ? sql`g.key desc nulls last` : sql`g.value desc nulls last, g.key`} limit ${request.limit}`,
  );
  const ordered = byDate ? [...rows].reverse() : rows;
  return ordered.map((row) => ({ key: row.key, value: row.value === null ? null : Number(row.value) }));
}

/** Staff: the grid's filters, saved filter and global filters (`apply_global_filters`, default true). */
export async function chartData(
  db: Db,
  access: AccessContext,
  entityId: string,
  request: TChartRequest,
): Promise<ChartPoint[]> {
  const source = await staffSource(db, access, entityId, {
    filters: request.filters,
    filter_id: request.filter_id,
    apply_global_filters: request.apply_global_filters ?? true,
  });
  return chartOf(db, source, request);
}

/** A contact: within their contact type's rule and scope, their own filters only. */
export async function contactChartData(
  db: Db,
  contact: ContactContext,
  entityId: string,
  request: TChartRequest,
): Promise<ChartPoint[]> {
  return chartOf(db, await contactSource(db, contact, entityId, { filters: request.filters }), request);
}
