import { isUuid } from '@esigns/contracts/ids';
import { escapeLike } from '../../platform/db/database';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  GLOBAL_VARIABLE_TYPES,
  type TGlobalVariable,
  type TGlobalVariableListQuery,
  type TGlobalVariableTag,
  type TGlobalVariableType,
} from '@esigns/contracts/global-variables';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { Storage } from '../../platform/storage/storage';
import { globalVariables, globalVariableTags } from './schema';
import { STANDARD_BY_ID, standardVariables, type StandardVariable } from './standard';

/*
 * Reading global variables: the company's own (CUSTOM, stored) and the STANDARD ones (computed
 * from the company, see standard.ts). Another company's variable answers 404 like an unknown id.
 */

export type GlobalVariableRow = typeof globalVariables.$inferSelect;
type VariableWithoutUrls = Omit<TGlobalVariable, 'value_urls'>;

/** A stored type outside today's list (none yet) is answered as single-line text. */
const asVariableType = (type: string): TGlobalVariableType =>
  (GLOBAL_VARIABLE_TYPES as readonly string[]).includes(type)
    ? (type as TGlobalVariableType)
    : 'SINGLE_LINE_TEXT';

export function toGlobalVariable(row: GlobalVariableRow): VariableWithoutUrls {
  return {
    _id: row.id,
    company_id: row.companyId,
    type: 'CUSTOM',
    label: row.label,
    key: row.key,
    input_type: asVariableType(row.inputType),
    settings: row.settings,
    value: row.value ?? null,
    is_fixed: row.isFixed,
    tags: row.tags,
    description: row.description,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The file references of an IMAGE value (empty for other types). */
function fileRefsOf(variable: VariableWithoutUrls): TFileRef[] {
  if (variable.input_type !== 'IMAGE' || !Array.isArray(variable.value)) return [];
  return (variable.value as TFileRef[]).filter((file) => typeof file?.file_ref_id === 'string');
}

/** Adds `value_urls`: a one-hour download link per file of IMAGE values. */
export async function withValueUrls(
  storage: Storage,
  variables: readonly VariableWithoutUrls[],
): Promise<TGlobalVariable[]> {
  return Promise.all(
    variables.map(async (variable) => ({
      ...variable,
      value_urls: await Promise.all(
        fileRefsOf(variable).map((file) =>
          storage.createDownloadUrl(file.file_ref_id, {
            expiresInSeconds: 3600,
            fileName: file.name,
            disposition: 'inline',
          }),
        ),
      ),
    })),
  );
}

const SORT_COLUMNS = {
  label: sql`lower(${globalVariables.label})`,
  updated_at: globalVariables.updatedAt,
} as const;

/** Variables carrying any of `tags` (names compared ignoring case). */
function hasAnyTag(tags: readonly string[]): SQL {
  const lowered = tags.map((tag) => sql`${tag.toLowerCase()}`);
  return sql`exists (select 1 from unnest(${globalVariables.tags}) as t(name)
    where lower(t.name) in (${sql.join(lowered, sql`, `)}))`;
}

/** `GET /global-variables`: the company's own variables, paged, searched and filtered. */
export async function listGlobalVariables(
  db: Db,
  companyId: string,
  query: TGlobalVariableListQuery,
): Promise<{ rows: VariableWithoutUrls[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(globalVariables.companyId, companyId),
    pattern
      ? sql`(${globalVariables.label} ilike ${pattern} or ${globalVariables.key} ilike ${pattern}
          or ${globalVariables.description} ilike ${pattern})`
      : undefined,
    query.tags.length > 0 ? hasAnyTag(query.tags) : undefined,
    query.input_type ? eq(globalVariables.inputType, query.input_type) : undefined,
  );
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(globalVariables)
      .where(where)
      .orderBy(descending ? desc(column) : asc(column), asc(globalVariables.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(globalVariables)
      .where(where),
  ]);
  return { rows: rows.map(toGlobalVariable), total: count?.n ?? 0 };
}

/** The company's own variable, or 404 (unknown, standard or another company's id). */
export async function findOwnVariable(db: Db, companyId: string, id: string): Promise<GlobalVariableRow> {
  if (!isUuid(id)) throw notFound('Global variable');
  const [row] = await db
    .select()
    .from(globalVariables)
    .where(and(eq(globalVariables.id, id), eq(globalVariables.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Global variable');
  return row;
}

/** `GET /global-variables/{id}`: the company's own variable or a standard one, or 404. */
export async function findReadableVariable(
  db: Db,
  companyId: string,
  id: string,
): Promise<VariableWithoutUrls> {
  if (STANDARD_BY_ID.has(id)) {
    const [standard] = await standardVariables(db, companyId, [id]);
    if (standard) return standard;
  }
  return toGlobalVariable(await findOwnVariable(db, companyId, id));
}

/** `GET /standard/global-variables`: every standard variable with the company's current values. */
export async function listStandardVariables(db: Db, companyId: string): Promise<StandardVariable[]> {
  return standardVariables(db, companyId);
}

/**
 * The values of the variables `ids` (the company's own and standard ones) by id, for the records
 * module to fill GLOBAL_VARIABLE fields. Unknown ids and other companies' are left out; a
 * variable without a value maps to null.
 */
export async function loadGlobalVariableValues(
  db: Db,
  companyId: string,
  ids: string[],
): Promise<Map<string, unknown>> {
  const values = new Map<string, unknown>();
  const unique = [...new Set(ids)].filter(isUuid);
  const standardIds = unique.filter((id) => STANDARD_BY_ID.has(id));
  const ownIds = unique.filter((id) => !STANDARD_BY_ID.has(id));
  const [standard, own] = await Promise.all([
    standardIds.length > 0 ? standardVariables(db, companyId, standardIds) : [],
    ownIds.length > 0
      ? db
          .select({ id: globalVariables.id, value: globalVariables.value })
          .from(globalVariables)
          .where(and(eq(globalVariables.companyId, companyId), inArray(globalVariables.id, ownIds)))
      : [],
  ]);
  for (const variable of standard) values.set(variable._id, variable.value ?? null);
  for (const row of own) values.set(row.id, row.value ?? null);
  return values;
}

/**
 * Every variable of the company, standard ones first, then its own by key: what email templates
 * offer and render as `{{global.<key>}}`.
 */
export async function allGlobalVariables(
  db: Pick<Db, 'select'>,
  companyId: string,
): Promise<VariableWithoutUrls[]> {
  const [standard, own] = await Promise.all([
    standardVariables(db, companyId),
    db
      .select()
      .from(globalVariables)
      .where(eq(globalVariables.companyId, companyId))
      .orderBy(asc(globalVariables.key)),
  ]);
  return [...standard, ...own.map(toGlobalVariable)];
}

/**
 * The label and input type of the variables among `ids` (the standard ones and the company's own)
 * by id; unknown ids and other companies' are absent.
 */
export async function variableSummaries(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, { name: string; input_type: string }>> {
  const found = new Map<string, { name: string; input_type: string }>();
  for (const id of ids) {
    const standard = STANDARD_BY_ID.get(id);
    if (standard) found.set(id, { name: standard.label, input_type: standard.input_type });
  }
  const own = ids.filter((id) => !found.has(id));
  if (own.length === 0) return found;
  const rows = await db
    .select({ id: globalVariables.id, label: globalVariables.label, type: globalVariables.inputType })
    .from(globalVariables)
    .where(and(eq(globalVariables.companyId, companyId), inArray(globalVariables.id, own)));
  for (const row of rows) found.set(row.id, { name: row.label, input_type: row.type });
  return found;
}

/** `GET /global-variable-tags`: the company's tags by name, with how many variables carry each. */
export async function listTags(db: Db, companyId: string): Promise<TGlobalVariableTag[]> {
  const rows = await db
    .select({
      id: globalVariableTags.id,
      name: globalVariableTags.name,
      createdAt: globalVariableTags.createdAt,
      count: sql<number>`(select count(*)::int from ${globalVariables} gv
        where gv.company_id = ${globalVariableTags.companyId}
          and exists (select 1 from unnest(gv.tags) as t(name) where lower(t.name) = lower(${globalVariableTags.name})))`,
    })
    .from(globalVariableTags)
    .where(eq(globalVariableTags.companyId, companyId))
    .orderBy(sql`lower(${globalVariableTags.name})`);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    variables_count: row.count,
    created_at: row.createdAt.toISOString(),
  }));
}
