import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TFormBuilder, TPublicFormBuilder, TStoredFormStep } from '@esigns/contracts/form-builders';
import type { ZFormBuilderListQuery } from '@esigns/contracts/form-builders';
import { hasPermission } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import type { z } from 'zod';
import { escapeLike, type Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions';
import { countSubmissions } from './hooks';
import { formBuilders } from './schema';

/*
 * Reading form builders. Staff see their company's live forms (404 for another company's id, a
 * deleted or unknown one). A member who may only fill forms (`form-builders:fill` without
 * `form-builders:view`) sees the ACTIVE forms meant for company users. Guests reach a form by id
 * or code, never a DRAFT or deleted one.
 */

export type FormBuilderRow = typeof formBuilders.$inferSelect;
export type TFormAvailability = TPublicFormBuilder['availability'];
type TFormBuilderListQuery = z.output<typeof ZFormBuilderListQuery>;
type Reader = Pick<Db, 'select'>;

export function toFormBuilder(row: FormBuilderRow, submissionsCount: number): TFormBuilder {
  return {
    _id: row.id,
    company_id: row.companyId,
    name: row.name,
    code: row.code,
    description: row.description,
    owner_type: row.ownerType,
    status: row.status,
    steps: row.steps,
    settings: row.settings,
    version: row.version,
    submissions_count: submissionsCount,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The form's steps, in order, each with its stable id. */
export function stepsOf(form: Pick<FormBuilderRow, 'steps'>): TStoredFormStep[] {
  return form.steps;
}

/**
 * Whether the form can be filled at `now`: INACTIVE (a DRAFT, closed by hand or deleted),
 * NOT_YET_OPEN before `opens_at`, CLOSED from `closes_at`, FULL at `max_submissions` submitted
 * answers, else OPEN.
 */
export function formAvailability(
  form: Pick<FormBuilderRow, 'status' | 'settings' | 'deletedAt'>,
  submittedCount: number,
  now: Date = new Date(),
): TFormAvailability {
  if (form.status !== 'ACTIVE' || form.deletedAt) return 'INACTIVE';
  const { opens_at: opensAt, closes_at: closesAt, max_submissions: max } = form.settings;
  if (opensAt && now.getTime() < Date.parse(opensAt)) return 'NOT_YET_OPEN';
  if (closesAt && now.getTime() >= Date.parse(closesAt)) return 'CLOSED';
  if (max !== null && submittedCount >= max) return 'FULL';
  return 'OPEN';
}

const liveOf = (companyId: string): SQL =>
  and(eq(formBuilders.companyId, companyId), isNull(formBuilders.deletedAt))!;

/** What a caller without `form-builders:view` may read: ACTIVE forms filled by company users. */
const fillableByStaff: SQL = and(
  eq(formBuilders.status, 'ACTIVE'),
  eq(formBuilders.ownerType, 'COMPANY_USERS'),
)!;

const readableBy = (access: AccessContext): SQL =>
  hasPermission(access, 'form-builders:view')
    ? liveOf(access.companyId)
    : and(liveOf(access.companyId), fillableByStaff)!;

/** The company's live form `id`, or 404 (unknown, deleted, another company's). */
export async function findFormBuilder(db: Reader, companyId: string, id: string): Promise<FormBuilderRow> {
  if (!isUuid(id)) throw notFound('Form');
  const [row] = await db
    .select()
    .from(formBuilders)
    .where(and(eq(formBuilders.id, id), liveOf(companyId)))
    .limit(1);
  if (!row) throw notFound('Form');
  return row;
}

/** `form` (a row read elsewhere) as `findFormBuilder` answers it: the company's live form, else 404. */
export function liveFormOf(form: FormBuilderRow | null, companyId: string): FormBuilderRow {
  if (!form || form.companyId !== companyId || form.deletedAt) throw notFound('Form');
  return form;
}

/** `form` (a row read elsewhere) as `findPublicForm` answers it: live and not a DRAFT, else 404. */
export function publicFormOf(form: FormBuilderRow | null): FormBuilderRow {
  if (!form || form.deletedAt || form.status === 'DRAFT') throw notFound('Form');
  return form;
}

/** A form the caller may read (see `readableBy`), or 404. */
export async function findReadableForm(
  db: Reader,
  access: AccessContext,
  id: string,
): Promise<FormBuilderRow> {
  if (!isUuid(id)) throw notFound('Form');
  const [row] = await db
    .select()
    .from(formBuilders)
    .where(and(eq(formBuilders.id, id), readableBy(access)))
    .limit(1);
  if (!row) throw notFound('Form');
  return row;
}

/** `GET formBuilders/code/{code}`: the company's readable form with that code, or 404. */
export async function findFormByCode(
  db: Reader,
  access: AccessContext,
  code: string,
): Promise<FormBuilderRow> {
  const [row] = await db
    .select()
    .from(formBuilders)
    .where(and(eq(formBuilders.code, code.trim().toLowerCase()), readableBy(access)))
    .limit(1);
  if (!row) throw notFound('Form');
  return row;
}

/**
 * The form a guest opens by id or code (`/public/fbd/{code}`), of any company: 404 when unknown,
 * deleted or still a DRAFT.
 */
export async function findPublicForm(db: Reader, idOrCode: string): Promise<FormBuilderRow> {
  const key = idOrCode.trim();
  const match = isUuid(key) ? eq(formBuilders.id, key) : eq(formBuilders.code, key.toLowerCase());
  const [row] = await db
    .select()
    .from(formBuilders)
    .where(and(match, isNull(formBuilders.deletedAt), ne(formBuilders.status, 'DRAFT')))
    .limit(1);
  if (!row) throw notFound('Form');
  return row;
}

/** A form's answer with its submission count. */
export async function presentFormBuilder(
  db: Pick<Db, 'select' | 'execute'>,
  row: FormBuilderRow,
): Promise<TFormBuilder> {
  const counts = await countSubmissions(db, [row.id]);
  return toFormBuilder(row, counts.get(row.id) ?? 0);
}

const SORT_COLUMNS = {
  name: sql`lower(${formBuilders.name})`,
  created_at: formBuilders.createdAt,
  updated_at: formBuilders.updatedAt,
} as const;

/** `search` in the name, code or description (ILIKE); undefined without one. */
function searchOf(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    sql`${formBuilders.name} ilike ${pattern}`,
    sql`${formBuilders.code} ilike ${pattern}`,
    sql`${formBuilders.description} ilike ${pattern}`,
  );
}

/** `GET formBuilders`: the forms the caller may read, paged, filtered and sorted. */
export async function listFormBuilders(
  db: Db,
  access: AccessContext,
  query: TFormBuilderListQuery,
): Promise<{ rows: TFormBuilder[]; total: number }> {
  const where = and(
    readableBy(access),
    query.status ? eq(formBuilders.status, query.status) : undefined,
    query.owner_type ? eq(formBuilders.ownerType, query.owner_type) : undefined,
    searchOf(query.search),
  );
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(formBuilders)
      .where(where)
      .orderBy(descending ? desc(column) : asc(column), asc(formBuilders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(formBuilders)
      .where(where),
  ]);
  const counts = await countSubmissions(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toFormBuilder(row, counts.get(row.id) ?? 0)), total: count?.n ?? 0 };
}

/**
 * The contact area's forms (`GET /application-user/formbuilders` of form-submissions), paged by
 * name: the company's live forms among `formIds` (sent to the contact; not DRAFT) and the ACTIVE
 * CONTACTS forms of their contact type. `search` matches the name, code or description.
 */
export async function formsForContact(
  db: Db,
  companyId: string,
  input: { formIds: readonly string[]; contactTypeId: string | null; search?: string | undefined },
  page: { page: number; limit: number },
): Promise<{ rows: FormBuilderRow[]; total: number }> {
  const sent =
    input.formIds.length > 0
      ? and(
          sql`${formBuilders.id} in (${sql.join(
            input.formIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
          ne(formBuilders.status, 'DRAFT'),
        )
      : undefined;
  const ofType = input.contactTypeId
    ? and(
        eq(formBuilders.status, 'ACTIVE'),
        eq(formBuilders.ownerType, 'CONTACTS'),
        sql`${formBuilders.settings}->>'contact_type_id' = ${input.contactTypeId}`,
      )
    : undefined;
  if (!sent && !ofType) return { rows: [], total: 0 };
  const where = and(liveOf(companyId), or(sent, ofType), searchOf(input.search));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(formBuilders)
      .where(where)
      .orderBy(asc(sql`lower(${formBuilders.name})`), asc(formBuilders.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(formBuilders)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
