import { isUuid } from '@esigns/contracts/ids';
import { escapeLike } from '../../platform/db/database';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import {
  ZEntityViewConfig,
  type TCreateEntityViewRequest,
  type TEntityView,
  type TEntityViewConfig,
  type TEntityViewListQuery,
  type TUpdateEntityViewRequest,
} from '@esigns/contracts/entity-views';
import type { Db } from '../../platform/db/database';
import { notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { entitySummaries, fieldOf, loadEntityDefinition, type EntityDefinition } from '../entities';
import { columnOf } from '../entity-data';
import { viewProblems } from '../entity-filters';
import type { AccessContext } from '../permissions';
import { entityViews } from './schema';

/*
 * Entity views (`entity-view-configuration`): named configurations over one or several of the
 * company's entities. The config is checked against each entity's fields with the record
 * queries' own code on every write, so a saved view always runs.
 */

export type ViewRow = typeof entityViews.$inferSelect;

const detail = (key: string, message: string): TValidationDetail => ({ key, message, path: key.split('.') });
const BOARD_TYPES = new Set(['SELECT', 'RADIO']);

/** The stored config, read through the contract (defaults filled for configs saved before a new key). */
export const configOf = (row: ViewRow): TEntityViewConfig => ZEntityViewConfig.parse(row.config);

/** Every problem of a config against its entities (which must all be the company's: 404 otherwise). */
async function checkConfig(
  db: Db,
  companyId: string,
  config: TEntityViewConfig,
): Promise<{ defs: EntityDefinition[]; problems: TValidationDetail[] }> {
  const defs = await Promise.all(
    config.entities.map((e) => loadEntityDefinition(db, companyId, e.entity_id)),
  );
  const problems: TValidationDetail[] = [];
  config.entities.forEach((entity, index) => {
    const at = `config.entities.${index}`;
    const def = defs[index]!;
    if (config.entities.findIndex((e) => e.entity_id === entity.entity_id) !== index) {
      problems.push(detail(`${at}.entity_id`, 'This entity is already in the view'));
    }
    problems.push(...viewProblems(def, { filters: entity.filters, sort: entity.sort }, at));
    const seen = new Set<string>();
    entity.columns.forEach((column, i) => {
      if (!columnOf(def, column.field))
        problems.push(detail(`${at}.columns.${i}.field`, 'Not a field of this entity'));
      else if (seen.has(column.field))
        problems.push(detail(`${at}.columns.${i}.field`, 'This column is already shown'));
      seen.add(column.field);
    });
    if (entity.layout === 'BOARD') {
      const field = entity.board_field ? fieldOf(def, entity.board_field) : null;
      if (!field || !BOARD_TYPES.has(field.type)) {
        problems.push(detail(`${at}.board_field`, 'Choose a select or radio field for the board lanes'));
      }
    }
  });
  return { defs, problems };
}

async function refuseBadBody(
  db: Db,
  access: AccessContext,
  body: TUpdateEntityViewRequest,
  excludeId?: string,
): Promise<void> {
  const problems: TValidationDetail[] = [];
  if (body.name !== undefined) {
    const [taken] = await db
      .select({ id: entityViews.id })
      .from(entityViews)
      .where(
        and(
          eq(entityViews.companyId, access.companyId),
          sql`lower(${entityViews.name}) = lower(${body.name})`,
          excludeId ? ne(entityViews.id, excludeId) : undefined,
        ),
      )
      .limit(1);
    if (taken) problems.push(detail('name', `Another view is already called ${body.name}`));
  }
  if (body.config) problems.push(...(await checkConfig(db, access.companyId, body.config)).problems);
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
}

function rethrowUnique(err: unknown): never {
  if (isUniqueViolation(err))
    throw validationError([detail('name', 'Another view took this name a moment ago')]);
  throw err;
}

/** Answers rows with their entities' names, in one query for all of them. */
async function toEntityViews(db: Db, companyId: string, rows: ViewRow[]): Promise<TEntityView[]> {
  const configs = rows.map(configOf);
  const ids = [...new Set(configs.flatMap((c) => c.entities.map((e) => e.entity_id)))];
  const names = await entitySummaries(db, companyId, ids);
  return rows.map((row, index) => ({
    _id: row.id,
    company_id: row.companyId,
    name: row.name,
    description: row.description,
    entity_id: row.entityId,
    config: configs[index]!,
    entities: configs[index]!.entities.flatMap((e) =>
      names.has(e.entity_id) ? [{ _id: e.entity_id, name: names.get(e.entity_id)!.name }] : [],
    ),
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Of `ids`, the company's views. */
export async function existingViewIds(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: entityViews.id })
    .from(entityViews)
    .where(and(eq(entityViews.companyId, companyId), inArray(entityViews.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** The company's view row, or 404. */
export async function findViewRow(db: Db, companyId: string, id: string): Promise<ViewRow> {
  if (!isUuid(id)) throw notFound('Entity view');
  const [row] = await db
    .select()
    .from(entityViews)
    .where(and(eq(entityViews.id, id), eq(entityViews.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Entity view');
  return row;
}

/** `GET entity-view-configuration/{id}`. */
export async function findEntityView(db: Db, companyId: string, id: string): Promise<TEntityView> {
  const [view] = await toEntityViews(db, companyId, [await findViewRow(db, companyId, id)]);
  return view!;
}

/** `GET entity-view-configuration`: by name, paged; `search` on name and description, `entity_id` among its entities. */
export async function listEntityViews(
  db: Db,
  companyId: string,
  query: TEntityViewListQuery,
): Promise<{ rows: TEntityView[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(entityViews.companyId, companyId),
    pattern
      ? sql`(${entityViews.name} ilike ${pattern} or ${entityViews.description} ilike ${pattern})`
      : undefined,
    query.entity_id
      ? sql`${entityViews.config} -> 'entities' @> ${JSON.stringify([{ entity_id: query.entity_id }])}::jsonb`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(entityViews)
      .where(where)
      .orderBy(asc(sql`lower(${entityViews.name})`), asc(entityViews.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(entityViews)
      .where(where),
  ]);
  return { rows: await toEntityViews(db, companyId, rows), total: count?.n ?? 0 };
}

/** `POST entity-view-configuration`. */
export async function createEntityView(
  db: Db,
  access: AccessContext,
  body: TCreateEntityViewRequest,
): Promise<TEntityView> {
  await refuseBadBody(db, access, body);
  const [row] = await db
    .insert(entityViews)
    .values({
      companyId: access.companyId,
      name: body.name,
      description: body.description,
      entityId: body.config.entities[0]!.entity_id,
      config: body.config,
      createdBy: access.userId,
      updatedBy: access.userId,
    })
    .returning()
    .catch(rethrowUnique);
  return (await toEntityViews(db, access.companyId, [row!]))[0]!;
}

/** `PATCH entity-view-configuration/{id}`: only what is given changes; a config given replaces the stored one. */
export async function updateEntityView(
  db: Db,
  access: AccessContext,
  id: string,
  body: TUpdateEntityViewRequest,
): Promise<TEntityView> {
  const current = await findViewRow(db, access.companyId, id);
  await refuseBadBody(db, access, body, current.id);
  const [row] = await db
    .update(entityViews)
    .set({
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.config !== undefined && { config: body.config, entityId: body.config.entities[0]!.entity_id }),
      updatedBy: access.userId,
      updatedAt: new Date(),
    })
    .where(eq(entityViews.id, current.id))
    .returning()
    .catch(rethrowUnique);
  return (await toEntityViews(db, access.companyId, [row!]))[0]!;
}

/** `DELETE entity-view-configuration/{id}`. */
export async function deleteEntityView(db: Db, access: AccessContext, id: string): Promise<{ _id: string }> {
  const current = await findViewRow(db, access.companyId, id);
  await db.delete(entityViews).where(eq(entityViews.id, current.id));
  return { _id: current.id };
}
