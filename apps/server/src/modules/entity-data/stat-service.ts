import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import type { AccessContext } from '../permissions';
import { aggregateRows, contactSource, staffSource, type AggregateSource } from './aggregate-cache';
import type { TChartRequest } from './chart-data';
import { columnOf } from './query';
import { entityData } from './schema';

/*
 * Stat cards (custom dashboards' STAT widgets): one SQL aggregate over the records the grid would
 * show the caller, never records loaded into the process. A contact gets the same, within their
 * contact type's rule and scope (no `read`: 404), without saved or global filters (those are the
 * staff's).
 */

export type TStatMetric = 'COUNT' | 'SUM' | 'AVG' | 'MIN' | 'MAX';

export type TCountRequest = {
  filters?: TChartRequest['filters'];
  filter_id?: string | undefined;
  search?: string | undefined;
  apply_global_filters: boolean;
  metric?: TStatMetric | undefined;
  value_field?: string | undefined;
};

export type TCountAnswer = { count: number; capped: boolean; value: number | null };

async function statOf(db: Db, source: AggregateSource, body: TCountRequest): Promise<TCountAnswer> {
  const { def, where } = source;
  const metric = body.metric ?? 'COUNT';
  const value = body.value_field ? columnOf(def, body.value_field) : null;
  if (metric !== 'COUNT' && value?.kind !== 'number') {
    throw validationError([
      { key: 'value_field', path: ['value_field'], message: 'Choose a number, currency or percentage field' },
    ]);
  }
  // All the entity's records: their stored total (`entity_data_changes`) is exact, nothing scanned.
  if (metric === 'COUNT' && source.unfiltered && source.state) {
    return { count: source.state.total, capped: false, value: source.state.total };
  }
  const numeric = value
    ? sql`(case when jsonb_typeof(${value.json}) = 'number' then (${value.text})::numeric end)`
    : sql`null`;
  const aggregate =
    metric === 'COUNT'
      ? sql`null`
      : sql`${{ SUM: sql`sum`, AVG: sql`avg`, MIN: sql`min`, MAX: sql`max` }[metric]}(${numeric})::float8`;
  // Exact (a dashboard's number), which the cache makes affordable: read once per change of the entity.
  const [row] = await aggregateRows<{ n: number; v: string | number | null }>(
    db,
    source,
    sql`select count(*)::int as n, ${aggregate} as v from ${entityData} where ${where}`,
  );
  const total = Number(row?.n ?? 0);
  const capped = false;
  if (metric === 'COUNT') return { count: total, capped, value: total };
  return { count: total, capped, value: row?.v === null || row?.v === undefined ? null : Number(row.v) };
}

/** `POST /entities-data/count` for staff: the grid's filters, saved filter, global filters and search. */
export async function countRecords(
  db: Db,
  access: AccessContext,
  entityId: string,
  body: TCountRequest,
): Promise<TCountAnswer> {
  return statOf(db, await staffSource(db, access, entityId, body), body);
}

/** `POST /entities-data/count` for a contact: their scope ANDed to their own filters and search. */
export async function contactCountRecords(
  db: Db,
  contact: ContactContext,
  entityId: string,
  body: TCountRequest,
): Promise<TCountAnswer> {
  return statOf(db, await contactSource(db, contact, entityId, body), body);
}
