import { isUuid } from '@esigns/contracts/ids';
import { escapeLike } from '../../platform/db/database';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  PRIMARY_USER_TYPE_ALIASES,
  type TFormTemplate,
  type TFormTemplateListQuery,
} from '@esigns/contracts/form-templates';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions';
import { formTemplates } from './schema';
import { ensureStandardTemplates } from './standard-sync';

/*
 * Reading form templates. A company sees its own live templates and the STANDARD ones; another
 * company's template answers 404 like an unknown id.
 */

export type FormTemplateRow = typeof formTemplates.$inferSelect;

export function toFormTemplate(row: FormTemplateRow): TFormTemplate {
  return {
    _id: row.id,
    company_id: row.companyId,
    name: row.name,
    code: row.code,
    type: row.type,
    description: row.description,
    fields: row.fields,
    is_repeatable: row.isRepeatable,
    max_entries: row.maxEntries,
    primary_for_user_type: row.primaryForUserType,
    icon: row.icon,
    version: row.version,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The company's live templates. */
const ownLive = (companyId: string): SQL =>
  and(eq(formTemplates.companyId, companyId), isNull(formTemplates.deletedAt))!;
const isStandard: SQL = isNull(formTemplates.companyId);

/** What the caller may read: their company's live templates and the STANDARD ones. */
export const visibleTo = (companyId: string): SQL => or(ownLive(companyId), isStandard)!;

/**
 * The name and type of the templates among `ids` the company may read (`visibleTo`: its live ones
 * and the standard ones); others are absent.
 */
export async function templateSummaries(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, { name: string; type: FormTemplateRow['type'] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: formTemplates.id, name: formTemplates.name, type: formTemplates.type })
    .from(formTemplates)
    .where(and(inArray(formTemplates.id, [...ids]), visibleTo(companyId)));
  return new Map(rows.map(({ id, ...summary }) => [id, summary]));
}

/** What entities, filters and record checks read of a template. */
export type TemplateDefinition = Pick<
  FormTemplateRow,
  'id' | 'name' | 'code' | 'isRepeatable' | 'maxEntries' | 'fields'
> & { deleted: boolean };

/** The templates with these ids, of any company and deleted ones too (marked), by id, in one query. */
export async function templateDefinitions(
  db: Pick<Db, 'select'>,
  ids: readonly string[],
): Promise<Map<string, TemplateDefinition>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: formTemplates.id,
      name: formTemplates.name,
      code: formTemplates.code,
      isRepeatable: formTemplates.isRepeatable,
      maxEntries: formTemplates.maxEntries,
      fields: formTemplates.fields,
      deleted: sql<boolean>`${formTemplates.deletedAt} is not null`,
    })
    .from(formTemplates)
    .where(inArray(formTemplates.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The names of the company's live templates with a field that contains `field` (JSON containment,
 * e.g. `{ type: 'GLOBAL_VARIABLE', global_variable_id }`), by name, at most `limit`.
 */
export async function templateNamesWithField(
  db: Pick<Db, 'select'>,
  companyId: string,
  field: Record<string, unknown>,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ name: formTemplates.name })
    .from(formTemplates)
    .where(and(ownLive(companyId), sql`${formTemplates.fields} @> ${JSON.stringify([field])}::jsonb`))
    .orderBy(sql`lower(${formTemplates.name})`)
    .limit(limit);
  return rows.map((row) => row.name);
}

const SORT_COLUMNS = {
  name: sql`lower(${formTemplates.name})`,
  created_at: formTemplates.createdAt,
  updated_at: formTemplates.updatedAt,
} as const;

/**
 * `GET template/list`: the company's templates, paged. `type` STANDARD lists the built-in ones,
 * CUSTOM the company's; without `type`, `include_standard` adds the built-in ones first (the
 * start-up cache keeps them in front).
 */
export async function listFormTemplates(
  db: Db,
  access: AccessContext,
  query: TFormTemplateListQuery,
): Promise<{ rows: TFormTemplate[]; total: number }> {
  await ensureStandardTemplates(db);
  const scope =
    query.type === 'STANDARD'
      ? isStandard
      : query.type === 'CUSTOM' || !query.include_standard
        ? ownLive(access.companyId)
        : visibleTo(access.companyId);
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = pattern
    ? and(
        scope,
        sql`(${formTemplates.name} ilike ${pattern} or ${formTemplates.code} ilike ${pattern}
          or ${formTemplates.description} ilike ${pattern})`,
      )
    : scope;
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(formTemplates)
      .where(where)
      .orderBy(
        sql`(${formTemplates.companyId} is null) desc`,
        descending ? desc(column) : asc(column),
        asc(formTemplates.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(formTemplates)
      .where(where),
  ]);
  return { rows: rows.map(toFormTemplate), total: count?.n ?? 0 };
}

/** A template the caller may read (own or STANDARD), or 404. */
export async function findReadableTemplate(db: Db, companyId: string, id: string): Promise<FormTemplateRow> {
  await ensureStandardTemplates(db);
  if (!isUuid(id)) throw notFound('Template');
  const [row] = await db
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.id, id), visibleTo(companyId)))
    .limit(1);
  if (!row) throw notFound('Template');
  return row;
}

/** `GET templates/code/{code}`: the company's template with that code, else the STANDARD one. */
export async function findTemplateByCode(
  db: Db,
  access: AccessContext,
  code: string,
): Promise<TFormTemplate> {
  await ensureStandardTemplates(db);
  const rows = await db
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.code, code.trim().toLowerCase()), visibleTo(access.companyId)))
    .orderBy(sql`(${formTemplates.companyId} is null) asc`)
    .limit(1);
  if (!rows[0]) throw notFound('Template');
  return toFormTemplate(rows[0]);
}

/**
 * `GET templates/primary-template/{user_type}`: the template holding the primary fields of
 * contacts (INDIVIDUAL, also CONTACT) or accounts (BUSINESS, also COMPANY, ACCOUNT): the
 * company's own when it marked one, else the STANDARD one.
 */
export async function findPrimaryTemplate(
  db: Db,
  access: AccessContext,
  userType: string,
): Promise<TFormTemplate> {
  const type = PRIMARY_USER_TYPE_ALIASES[userType.trim().toUpperCase()];
  if (!type) {
    throw new AppError('NOT_FOUND', {
      message: `No primary template for "${userType}": use INDIVIDUAL (contacts) or BUSINESS (accounts)`,
    });
  }
  await ensureStandardTemplates(db);
  const [row] = await db
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.primaryForUserType, type), visibleTo(access.companyId)))
    .orderBy(sql`(${formTemplates.companyId} is null) asc`)
    .limit(1);
  if (!row) throw notFound('Primary template');
  return toFormTemplate(row);
}

/** `GET default-templates`: every STANDARD template, by name. */
export async function listDefaultTemplates(db: Db): Promise<TFormTemplate[]> {
  await ensureStandardTemplates(db);
  const rows = await db.select().from(formTemplates).where(isStandard).orderBy(asc(formTemplates.name));
  return rows.map(toFormTemplate);
}

/** `GET default-templates/{id}`: one STANDARD template (by id or code), or 404. */
export async function findDefaultTemplate(db: Db, idOrCode: string): Promise<TFormTemplate> {
  await ensureStandardTemplates(db);
  const match = isUuid(idOrCode)
    ? eq(formTemplates.id, idOrCode)
    : eq(formTemplates.code, idOrCode.trim().toLowerCase());
  const [row] = await db.select().from(formTemplates).where(and(isStandard, match)).limit(1);
  if (!row) throw notFound('Default template');
  return toFormTemplate(row);
}
