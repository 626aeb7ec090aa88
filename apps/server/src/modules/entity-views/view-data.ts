import { sql } from 'drizzle-orm';
import type { TRecordPage } from '@esigns/contracts/entities';
import type { TViewDataQuery } from '@esigns/contracts/entity-views';
import type { TFilterGroup } from '@esigns/contracts/nocode-filters';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { loadEntityDefinition, type EntityDefinition } from '../entities/definition';
import { filterSql, orderSql } from '../entity-data/query';
import { entityData } from '../entity-data/schema';
import {
  countWhere,
  queryRecords,
  recordWhere,
  toRecord,
  withComputedValues,
  linkedTitles,
} from '../entity-data/service';
import type { AccessContext } from '../permissions/access';
import { configOf, findViewRow } from './service';

/**
 * Two filter groups as one, when a flat group can say "both": either is empty, or neither is an
 * ANY of several rules. Null otherwise (a view's "A or B" and the request's "C").
 */
export function mergeGroups(a: TFilterGroup, b: TFilterGroup | undefined): TFilterGroup | null {
  if (!b || b.rules.length === 0) return a;
  if (a.rules.length === 0) return b;
  const isAll = (g: TFilterGroup) => g.match === 'ALL' || g.rules.length <= 1;
  return isAll(a) && isAll(b) ? { match: 'ALL', rules: [...a.rules, ...b.rules] } : null;
}

/** The page when the groups cannot merge: the view's group ANDed as SQL next to the request's. */
async function pageOfBoth(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  view: TFilterGroup,
  query: TViewDataQuery,
  order: ReturnType<typeof orderSql>['order'],
): Promise<TRecordPage> {
  const own = await recordWhere(db, access, def, {
    filters: query.filters,
    search: query.search,
    apply_global_filters: true,
  });
  const where = sql`${own} and ${filterSql(def, view, 'view').where ?? sql`true`}`;
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(entityData)
      .where(where)
      .orderBy(order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countWhere(db, where),
  ]);
  return {
    data: (await withComputedValues(db, def, rows)).map(toRecord),
    linked_titles: await linkedTitles(db, def, rows),
    total: count.total,
    total_capped: count.capped,
    page: query.page,
    total_pages: Math.ceil(count.total / query.limit),
  };
}

/**
 * `POST /entities-data/entity/view/data`: a page of one of the view's entities, in the same shape
 * as `POST /entities-data/entity/data`. The view's filter group is ANDed with the request's own
 * (and the caller's global filters); the request's sorts replace the view's when given. Problems
 * are keyed by where they come from: the view's config or the request.
 */
export async function queryViewRecords(
  db: Db,
  access: AccessContext,
  query: TViewDataQuery,
): Promise<TRecordPage> {
  const config = configOf(await findViewRow(db, access.companyId, query.entity_view_id));
  const entityId = query.entity_id ?? config.entities[0]!.entity_id;
  const index = config.entities.findIndex((e) => e.entity_id === entityId);
  if (index < 0) {
    throw validationError([{ key: 'entity_id', path: ['entity_id'], message: 'Not an entity of this view' }]);
  }
  const entry = config.entities[index]!;
  const def = await loadEntityDefinition(db, access.companyId, entityId);
  const at = `config.entities.${index}`;
  const sort = query.sort.length > 0 ? query.sort : entry.sort;
  const { order, errors } = orderSql(def, sort, query.sort.length > 0 ? 'sort' : `${at}.sort`);
  // A field removed from a template since the view was saved: say which part of the view broke.
  const problems = [
    ...filterSql(def, entry.filters, `${at}.filters`).errors,
    ...filterSql(def, query.filters, 'filters').errors,
    ...errors,
  ];
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  const merged = mergeGroups(entry.filters, query.filters);
  if (!merged) return pageOfBoth(db, access, def, entry.filters, query, order);
  return queryRecords(db, access, def, {
    entity_id: entityId,
    filters: merged,
    sort,
    search: query.search,
    page: query.page,
    limit: query.limit,
    apply_global_filters: true,
  });
}
