import { sql } from 'drizzle-orm';
import type { TRecordPage } from '@esigns/contracts/entities';
import type { TViewDataQuery } from '@esigns/contracts/entity-views';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { loadEntityDefinition } from '../entities/definition';
import { filterSql, orderSql } from '../entity-data/query';
import { entityData } from '../entity-data/schema';
import { countWhere, recordWhere, toRecord } from '../entity-data/service';
import type { AccessContext } from '../permissions/access';
import { configOf, findViewRow } from './service';

/**
 * `POST /entities-data/entity/view/data`: a page of one of the view's entities, in the same shape
 * as `POST /entities-data/entity/data`. The view's filter group is ANDed with the request's own
 * (and the caller's global filters); the request's sorts replace the view's when given.
 *
 * `queryRecords` takes one filter group, and a view's ANY group cannot be merged into the
 * request's rules, so the page is read here from the same pieces (`recordWhere`, `orderSql`,
 * `countWhere`).
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
  const own = await recordWhere(db, access, def, {
    filters: query.filters,
    search: query.search,
    apply_global_filters: true,
  });
  const view = filterSql(def, entry.filters, `${at}.filters`);
  const sorts = query.sort.length > 0 ? query.sort : entry.sort;
  const { order, errors } = orderSql(def, sorts, query.sort.length > 0 ? 'sort' : `${at}.sort`);
  // A field removed from a template since the view was saved: say which part of the view broke.
  const problems = [...view.errors, ...errors];
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  const where = view.where ? sql`${own} and ${view.where}` : own;
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
    data: rows.map(toRecord),
    total: count.total,
    total_capped: count.capped,
    page: query.page,
    total_pages: Math.ceil(count.total / query.limit),
  };
}
