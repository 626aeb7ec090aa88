import type { TRecordPage } from '@esigns/contracts/entities';
import type { TViewDataQuery } from '@esigns/contracts/entity-views';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { loadEntityDefinition } from '../entities';
import { filterSql, orderSql, queryRecords } from '../entity-data';
import type { AccessContext } from '../permissions';
import { configOf, findViewRow } from './service';

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
  const { errors } = orderSql(def, sort, query.sort.length > 0 ? 'sort' : `${at}.sort`);
  // A field removed from a template since the view was saved: say which part of the view broke.
  const problems = [
    ...filterSql(def, entry.filters, `${at}.filters`).errors,
    ...filterSql(def, query.filters, 'filters').errors,
    ...errors,
  ];
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  // The view's group is kept whole beside the request's own (an "A or B" view and a "C" request
  // mean (A or B) and C), through the grid query and its snapshots.
  return queryRecords(db, access, def, {
    entity_id: entityId,
    filters: query.filters,
    base_filters: entry.filters,
    sort,
    search: query.search,
    page: query.page,
    limit: query.limit,
    apply_global_filters: true,
  });
}
