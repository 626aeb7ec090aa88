import { isUuid } from '@esigns/contracts/ids';
import { escapeLike } from '../../platform/db/database';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type {
  TCreateEntityFilterRequest,
  TEntityFilter,
  TEntityFilterCacheItem,
  TFilterListQuery,
  TUpdateEntityFilterRequest,
} from '@esigns/contracts/entity-filters';
import type { TPageQuery } from '@esigns/contracts/envelope';
import type { TFilterGroup, TSort } from '@esigns/contracts/nocode-filters';
import { hasPermission } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import { columnOf, filterSql, orderSql } from '../entity-data';
import type { AccessContext } from '../permissions';
import { entityFilters } from './schema';

/*
 * Saved filters (`entity-filter`, `filters`). A caller sees the company's shared filters and
 * their own personal ones; another user's personal filter answers 404 like an unknown id. Every
 * rule, sort and column is checked against the entity's fields by the same code that runs the
 * record queries, so a saved filter always runs.
 */

type FilterRow = typeof entityFilters.$inferSelect;

/** Problems of filters, sorts and columns against the entity, keyed under `prefix` (`''` for the body). */
export function viewProblems(
  def: EntityDefinition,
  body: { filters?: TFilterGroup; sort?: TSort[]; columns?: readonly string[] | null },
  prefix = '',
): TValidationDetail[] {
  const at = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const problems: TValidationDetail[] = [];
  if (body.filters) problems.push(...filterSql(def, body.filters, at('filters')).errors);
  if (body.sort) problems.push(...orderSql(def, body.sort, at('sort')).errors);
  (body.columns ?? []).forEach((ref, index) => {
    if (columnOf(def, ref)) return;
    const key = at(`columns.${index}`);
    problems.push({ key, path: key.split('.'), message: 'Not a field of this entity' });
  });
  return problems;
}

function refuse(problems: TValidationDetail[]): void {
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
}

/** Shared filters of the company and the caller's own. */
const visibleTo = (access: AccessContext): SQL =>
  and(
    eq(entityFilters.companyId, access.companyId),
    or(isNull(entityFilters.userId), eq(entityFilters.userId, access.userId)),
  )!;

type Action = 'update' | 'delete';

/** Personal filters are their owner's; a shared one its author's or whoever holds `filters:<action>`. */
function mayChange(row: FilterRow, access: AccessContext, action: Action): boolean {
  if (row.userId) return row.userId === access.userId;
  return row.createdBy === access.userId || hasPermission(access, `filters:${action}`);
}

function toEntityFilter(row: FilterRow, access: AccessContext): TEntityFilter {
  return {
    _id: row.id,
    company_id: row.companyId,
    entity_id: row.entityId,
    filter_name: row.filterName,
    filters: row.filters,
    sort: row.sort,
    columns: row.columns ?? null,
    is_quick: row.isQuick,
    shared: row.userId === null,
    user_id: row.userId,
    created_by: row.createdBy,
    can_edit: mayChange(row, access, 'update'),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function findVisibleRow(db: Db, access: AccessContext, id: string): Promise<FilterRow> {
  if (!isUuid(id)) throw notFound('Filter');
  const [row] = await db
    .select()
    .from(entityFilters)
    .where(and(eq(entityFilters.id, id), visibleTo(access)))
    .limit(1);
  if (!row) throw notFound('Filter');
  return row;
}

/**
 * The filter group of one of the entity's saved filters the caller may use, or null: shared
 * filters, or the caller's own (another person's personal filter is not theirs to use). Record
 * queries with `filter_id` read it (registered with entity-data).
 */
export async function usableSavedFilter(
  db: Db,
  access: AccessContext,
  entityId: string,
  filterId: string,
): Promise<TFilterGroup | null> {
  const [saved] = await db
    .select({ filters: entityFilters.filters })
    .from(entityFilters)
    .where(
      and(
        eq(entityFilters.id, filterId),
        eq(entityFilters.entityId, entityId),
        eq(entityFilters.companyId, access.companyId),
        or(isNull(entityFilters.userId), eq(entityFilters.userId, access.userId)),
      ),
    );
  return saved?.filters ?? null;
}

/** `GET entity-filter/{id}`. */
export async function findEntityFilter(db: Db, access: AccessContext, id: string): Promise<TEntityFilter> {
  return toEntityFilter(await findVisibleRow(db, access, id), access);
}

/** `POST entity-filter`. */
export async function createEntityFilter(
  db: Db,
  access: AccessContext,
  body: TCreateEntityFilterRequest,
): Promise<TEntityFilter> {
  const def = await loadEntityDefinition(db, access.companyId, body.entity_id);
  refuse(viewProblems(def, body));
  const [row] = await db
    .insert(entityFilters)
    .values({
      companyId: access.companyId,
      entityId: def.row.id,
      filterName: body.filter_name,
      filters: body.filters,
      sort: body.sort,
      columns: body.columns,
      isQuick: body.is_quick,
      userId: body.shared ? null : access.userId,
      createdBy: access.userId,
    })
    .returning();
  return toEntityFilter(row!, access);
}

/** `POST entity-filter/{id}`: changes what is given; a filter made personal becomes the caller's. */
export async function updateEntityFilter(
  db: Db,
  access: AccessContext,
  id: string,
  body: TUpdateEntityFilterRequest,
): Promise<TEntityFilter> {
  const current = await findVisibleRow(db, access, id);
  if (!mayChange(current, access, 'update')) {
    throw new AppError('FORBIDDEN', {
      message: 'Only its author or someone allowed to edit filters (filters:update) may change this filter',
    });
  }
  const def = await loadEntityDefinition(db, access.companyId, current.entityId);
  refuse(viewProblems(def, body));
  const [row] = await db
    .update(entityFilters)
    .set({
      ...(body.filter_name !== undefined && { filterName: body.filter_name }),
      ...(body.filters !== undefined && { filters: body.filters }),
      ...(body.sort !== undefined && { sort: body.sort }),
      ...(body.columns !== undefined && { columns: body.columns }),
      ...(body.is_quick !== undefined && { isQuick: body.is_quick }),
      ...(body.shared !== undefined && { userId: body.shared ? null : (current.userId ?? access.userId) }),
      updatedAt: new Date(),
    })
    .where(eq(entityFilters.id, current.id))
    .returning();
  return toEntityFilter(row!, access);
}

/** `DELETE entity-filter/{id}`. */
export async function deleteEntityFilter(
  db: Db,
  access: AccessContext,
  id: string,
): Promise<{ _id: string }> {
  const current = await findVisibleRow(db, access, id);
  if (!mayChange(current, access, 'delete')) {
    throw new AppError('FORBIDDEN', {
      message: 'Only its author or someone allowed to delete filters (filters:delete) may delete this filter',
    });
  }
  await db.delete(entityFilters).where(eq(entityFilters.id, current.id));
  return { _id: current.id };
}

const BY_NAME = [asc(sql`lower(${entityFilters.filterName})`), asc(entityFilters.id)];

/** `GET entity-filter?entity_id=`: the entity's filters the caller sees, by name. */
export async function listEntityFilters(
  db: Db,
  access: AccessContext,
  entityId: string,
  isQuick: boolean | undefined,
): Promise<TEntityFilter[]> {
  const def = await loadEntityDefinition(db, access.companyId, entityId);
  const rows = await db
    .select()
    .from(entityFilters)
    .where(
      and(
        visibleTo(access),
        eq(entityFilters.entityId, def.row.id),
        isQuick === undefined ? undefined : eq(entityFilters.isQuick, isQuick),
      ),
    )
    .orderBy(...BY_NAME);
  return rows.map((row) => toEntityFilter(row, access));
}

/** `POST filters/all-filters`, `GET filters/fetch-all-filters-by-entity-ids`: ids not the company's give nothing. */
export async function listFiltersOfEntities(
  db: Db,
  access: AccessContext,
  entityIds: readonly string[],
): Promise<TEntityFilter[]> {
  if (entityIds.length === 0) return [];
  const rows = await db
    .select()
    .from(entityFilters)
    .where(and(visibleTo(access), inArray(entityFilters.entityId, [...new Set(entityIds)])))
    .orderBy(...BY_NAME);
  return rows.map((row) => toEntityFilter(row, access));
}

/** `GET filters`: every filter the caller sees, paged, with an optional name search and entity. */
export async function listFilters(
  db: Db,
  access: AccessContext,
  query: TFilterListQuery,
): Promise<{ rows: TEntityFilter[]; total: number }> {
  const where = and(
    visibleTo(access),
    query.entity_id ? eq(entityFilters.entityId, query.entity_id) : undefined,
    query.search ? sql`${entityFilters.filterName} ilike ${`%${escapeLike(query.search)}%`}` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(entityFilters)
      .where(where)
      .orderBy(...BY_NAME)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(entityFilters)
      .where(where),
  ]);
  return { rows: rows.map((row) => toEntityFilter(row, access)), total: count?.n ?? 0 };
}

/** `GET entity-filters/fetch-by-company`: the start-up cache's lines, paged. */
export async function listFilterCache(
  db: Db,
  access: AccessContext,
  query: TPageQuery,
): Promise<{ rows: TEntityFilterCacheItem[]; total: number }> {
  const where = visibleTo(access);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        _id: entityFilters.id,
        filter_name: entityFilters.filterName,
        entity_id: entityFilters.entityId,
      })
      .from(entityFilters)
      .where(where)
      .orderBy(...BY_NAME)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(entityFilters)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
