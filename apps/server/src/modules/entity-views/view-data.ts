import type { TRecordPage, TRecordQuery } from '@esigns/contracts/entities';
import { isUuid } from '@esigns/contracts/ids';
import type { TEntityViewConfig, TViewDataQuery } from '@esigns/contracts/entity-views';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import { columnOf, filterSql, loadGridContext, orderSql, queryRecords } from '../entity-data';
import type { AccessContext } from '../permissions';
import { configOf, findViewRow } from './service';

/** The entity of a view page: the one asked for, else the view's first. */
const viewEntityId = (config: TEntityViewConfig, query: Pick<TViewDataQuery, 'entity_id'>) =>
  query.entity_id ?? config.entities[0]!.entity_id;

/**
 * The record query of a view page: the view's entry for the entity (the first one by default) and
 * the request. The view's filter group is kept whole as `base_filters` beside the request's own (an
 * "A or B" view and a "C" request mean (A or B) and C); the request's sorts replace the view's when
 * given. Problems are keyed by where they come from: the view's config or the request.
 */
export async function viewRecordQuery(
  db: Db,
  companyId: string,
  config: TEntityViewConfig,
  query: TViewDataQuery,
  /** The entity's definition stamp when the caller read it (`loadGridContext`). */
  knownStamp?: string | null,
): Promise<{ def: EntityDefinition; recordQuery: TRecordQuery }> {
  const entityId = viewEntityId(config, query);
  const index = config.entities.findIndex((e) => e.entity_id === entityId);
  if (index < 0) {
    throw validationError([{ key: 'entity_id', path: ['entity_id'], message: 'Not an entity of this view' }]);
  }
  const entry = config.entities[index]!;
  const def = await loadEntityDefinition(db, companyId, entityId, knownStamp);
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
  return {
    def,
    recordQuery: {
      entity_id: entityId,
      filters: query.filters,
      base_filters: entry.filters,
      sort,
      search: query.search,
      page: query.page,
      limit: query.limit,
      apply_global_filters: true,
    },
  };
}

/**
 * `POST /entities-data/entity/view/data` for staff: a page of one of the view's entities, in the
 * same shape as `POST /entities-data/entity/data`, through the grid query and its snapshots (the
 * caller's global filters apply too).
 */
export async function queryViewRecords(
  db: Db,
  access: AccessContext,
  query: TViewDataQuery,
): Promise<TRecordPage> {
  const config = configOf(await findViewRow(db, access.companyId, query.entity_view_id));
  // The definition stamp, record state and global filters in one statement, as the grid reads them.
  const entityId = viewEntityId(config, query);
  const context = isUuid(entityId)
    ? await loadGridContext(db, access.companyId, access.userId, entityId)
    : undefined;
  const { def, recordQuery } = await viewRecordQuery(db, access.companyId, config, query, context?.stamp);
  return queryRecords(db, access, def, recordQuery, context);
}

/** One entity of a view as an export reads it: its definition, record query and columns. */
export type ViewExportSection = {
  def: EntityDefinition;
  /** Filters (the view's kept whole as `base_filters`, the caller's own), sorts, search. */
  recordQuery: TRecordQuery;
  /** The view's columns for the entity that are still fields of it (empty: the default columns). */
  columns: string[];
};

/**
 * `POST /entity-views/export-pdf` (exports module): the view's name and, for each of its entities,
 * what its section shows. 404 for another company's view; 422 for a broken view or bad filters.
 */
export async function viewExportSections(
  db: Db,
  companyId: string,
  viewId: string,
  extra: Pick<TViewDataQuery, 'filters' | 'search'>,
): Promise<{ name: string; sections: ViewExportSection[] }> {
  const row = await findViewRow(db, companyId, viewId);
  const config = configOf(row);
  const sections: ViewExportSection[] = [];
  for (const entry of config.entities) {
    const { def, recordQuery } = await viewRecordQuery(db, companyId, config, {
      entity_view_id: viewId,
      entity_id: entry.entity_id,
      filters: extra.filters,
      search: extra.search,
      sort: [],
      page: 1,
      limit: 1,
    });
    const columns = entry.columns.map((c) => c.field).filter((ref) => columnOf(def, ref) !== null);
    sections.push({ def, recordQuery, columns });
  }
  return { name: row.name, sections };
}
