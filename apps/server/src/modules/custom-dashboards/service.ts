import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { UserType } from '@esigns/contracts/auth';
import {
  DASHBOARD_MAX_PER_COMPANY,
  type TDashboard,
  type TDashboardSummary,
  type ZDashboardCreate,
  type ZDashboardListQuery,
  type ZDashboardUpdate,
} from '@esigns/contracts/custom-dashboards';
import type { TPaged } from '@esigns/contracts/envelope';
import { toPaged } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import { hasPermission } from '@esigns/contracts/permissions';
import type { z } from 'zod';
import { escapeLike, type Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import { findContactTypes } from '../contacts';
import type { AccessContext } from '../permissions';
import { customDashboards } from './schema';
import { checkedWidgets, missingSources } from './widget-checks';
import { seesEveryDashboard } from './menu-targets';

/*
 * Dashboards of a company. Who sees one (README "Who sees a dashboard"): OWNER and ADMIN, and
 * whoever may edit dashboards, see every dashboard; other staff those assigned to their user
 * type; a contact those assigned to their contact type. Anything else, and another company's id,
 * is 404.
 */

type Row = typeof customDashboards.$inferSelect;
type Create = z.output<typeof ZDashboardCreate>;
type Update = z.output<typeof ZDashboardUpdate>;
type ListQuery = z.output<typeof ZDashboardListQuery>;

/** Whether the caller sees every dashboard of the company (to build and assign them). */
export const seesAll = (access: AccessContext): boolean =>
  seesEveryDashboard(access.userType, (slug) => hasPermission(access, slug));

const assignedToUserType = (type: UserType): SQL => sql`${type} = any(${customDashboards.userTypes})`;
const assignedToContactType = (id: string): SQL =>
  sql`${customDashboards.contactTypeIds} @> array[${id}]::uuid[]`;

/** The condition on dashboards a staff member sees. */
const visibleToStaff = (access: AccessContext): SQL =>
  and(
    eq(customDashboards.companyId, access.companyId),
    seesAll(access) ? undefined : assignedToUserType(access.userType),
  )!;

function toDashboard(row: Row, forContact = false): TDashboard {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    user_types: forContact ? [] : row.userTypes,
    contact_type_ids: forContact ? [] : row.contactTypeIds,
    widgets: row.widgets,
    created_by: forContact ? null : row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toSummary(row: Row, forContact = false): TDashboardSummary {
  const { widgets, ...rest } = toDashboard(row, forContact);
  return { ...rest, widget_count: widgets.length };
}

const BY_NAME = [asc(sql`lower(${customDashboards.name})`), asc(customDashboards.id)];

async function findRow(db: Pick<Db, 'select'>, where: SQL, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound('Dashboard');
  const [row] = await db
    .select()
    .from(customDashboards)
    .where(and(eq(customDashboards.id, id), where))
    .limit(1);
  if (!row) throw notFound('Dashboard');
  return row;
}

/** A dashboard with the ids of widgets whose source is gone. */
async function withMissing(db: Db, access: AccessContext, row: Row): Promise<TDashboard> {
  return { ...toDashboard(row), missing_sources: await missingSources(db, access, row.widgets) };
}

/** `GET /custom-dashboard/{id}`. */
export async function getDashboard(db: Db, access: AccessContext, id: string): Promise<TDashboard> {
  return withMissing(db, access, await findRow(db, visibleToStaff(access), id));
}

/** `GET /ap/custom-dashboard/{id}`: one assigned to the contact's type. */
export async function getContactDashboard(db: Db, contact: ContactContext, id: string): Promise<TDashboard> {
  if (!contact.contactTypeId) throw notFound('Dashboard');
  const where = and(
    eq(customDashboards.companyId, contact.companyId),
    assignedToContactType(contact.contactTypeId),
  )!;
  // Without `missing_sources`: a widget whose source is gone answers 404 on its own call.
  return toDashboard(await findRow(db, where, id), true);
}

/** `GET /custom-dashboard`: the dashboards the caller sees, by name, paged. */
export async function listDashboards(
  db: Db,
  access: AccessContext,
  query: ListQuery,
): Promise<TPaged<TDashboardSummary>> {
  const where = and(
    visibleToStaff(access),
    query.search ? sql`${customDashboards.name} ilike ${`%${escapeLike(query.search)}%`}` : undefined,
    query.contact_type_id ? assignedToContactType(query.contact_type_id) : undefined,
    query.user_type ? assignedToUserType(query.user_type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customDashboards)
      .where(where)
      .orderBy(...BY_NAME)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(customDashboards).where(where),
  ]);
  return toPaged(
    rows.map((row) => toSummary(row)),
    Number(total?.n ?? 0),
    query,
  );
}

/**
 * `GET /custom-dashboard/user-type/{type}`: those assigned to a user type. The caller's own type,
 * or any type for those who see every dashboard; another type: 403.
 */
export async function dashboardsOfUserType(
  db: Db,
  access: AccessContext,
  type: UserType,
): Promise<TDashboardSummary[]> {
  if (type !== access.userType && !seesAll(access)) {
    throw new AppError('FORBIDDEN', { message: "Only your own user type's dashboards" });
  }
  const rows = await db
    .select()
    .from(customDashboards)
    .where(and(eq(customDashboards.companyId, access.companyId), assignedToUserType(type)))
    .orderBy(...BY_NAME)
    .limit(DASHBOARD_MAX_PER_COMPANY);
  return rows.map((row) => toSummary(row));
}

/** `GET /ap/custom-dashboard/entity-type/{type}`: a contact's own contact type only (another: 404). */
export async function dashboardsOfContactType(
  db: Db,
  contact: ContactContext,
  typeId: string,
): Promise<TDashboardSummary[]> {
  if (!contact.contactTypeId || typeId !== contact.contactTypeId) throw notFound('Contact type');
  const rows = await db
    .select()
    .from(customDashboards)
    .where(and(eq(customDashboards.companyId, contact.companyId), assignedToContactType(typeId)))
    .orderBy(...BY_NAME)
    .limit(DASHBOARD_MAX_PER_COMPANY);
  return rows.map((row) => toSummary(row, true));
}

/** 422 keyed `contact_type_ids.<i>` for ids that are not the company's contact types. */
async function checkContactTypes(db: Db, companyId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = new Set((await findContactTypes(db, companyId, unique)).map((t) => t.id));
  const details = ids.flatMap((id, i) =>
    found.has(id)
      ? []
      : [
          {
            key: `contact_type_ids.${i}`,
            path: ['contact_type_ids', String(i)],
            message: 'Not a contact type of this company',
          },
        ],
  );
  if (details.length > 0) throw validationError(details, details[0]!.message);
  return unique;
}

/** `POST /custom-dashboard/create`. */
export async function createDashboard(db: Db, access: AccessContext, body: Create): Promise<TDashboard> {
  const contactTypeIds = await checkContactTypes(db, access.companyId, body.contact_type_ids);
  const widgets = await checkedWidgets(db, access, body.widgets);
  const row = await db.transaction(async (tx) => {
    // One writer per company at a time, so the cap holds under concurrent creates.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`custom-dashboards:${access.companyId}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(customDashboards)
      .where(eq(customDashboards.companyId, access.companyId));
    if (Number(held?.n ?? 0) >= DASHBOARD_MAX_PER_COMPANY) {
      throw new AppError('CONFLICT', {
        message: `A company has at most ${DASHBOARD_MAX_PER_COMPANY} dashboards: delete one first`,
      });
    }
    const [created] = await tx
      .insert(customDashboards)
      .values({
        companyId: access.companyId,
        name: body.name,
        description: body.description,
        userTypes: [...new Set(body.user_types)],
        contactTypeIds,
        widgets,
        createdBy: access.userId,
        updatedBy: access.userId,
      })
      .returning();
    return created!;
  });
  return { ...toDashboard(row), missing_sources: [] };
}

/** `POST /custom-dashboard/{id}`: the fields sent change; a stale `expected_updated_at` is 409. */
export async function updateDashboard(
  db: Db,
  access: AccessContext,
  id: string,
  body: Update,
): Promise<TDashboard> {
  const current = await findRow(db, eq(customDashboards.companyId, access.companyId), id);
  const contactTypeIds = body.contact_type_ids
    ? await checkContactTypes(db, access.companyId, body.contact_type_ids)
    : undefined;
  const widgets = body.widgets ? await checkedWidgets(db, access, body.widgets) : undefined;
  const expected = body.expected_updated_at;
  if (expected !== undefined && Number.isNaN(Date.parse(expected))) {
    throw validationError([
      {
        key: 'expected_updated_at',
        path: ['expected_updated_at'],
        message: 'Give the updated_at you loaded',
      },
    ]);
  }
  const [row] = await db
    .update(customDashboards)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.user_types ? { userTypes: [...new Set(body.user_types)] } : {}),
      ...(contactTypeIds ? { contactTypeIds } : {}),
      ...(widgets ? { widgets } : {}),
      updatedBy: access.userId,
      // Strictly later than the version replaced, so an editor's expected_updated_at never matches twice.
      updatedAt: sql`greatest(now(), ${customDashboards.updatedAt} + interval '1 millisecond')`,
    })
    .where(
      and(
        eq(customDashboards.id, current.id),
        expected === undefined
          ? undefined
          : sql`date_trunc('milliseconds', ${customDashboards.updatedAt}) = ${new Date(expected).toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!row) {
    throw new AppError('CONFLICT', {
      message: 'Someone else saved this dashboard after you opened it: reload to see their changes',
    });
  }
  return withMissing(db, access, row);
}

/** `DELETE /custom-dashboard/{id}`. */
export async function deleteDashboard(db: Db, access: AccessContext, id: string): Promise<{ _id: string }> {
  const row = await findRow(db, eq(customDashboards.companyId, access.companyId), id);
  await db.delete(customDashboards).where(eq(customDashboards.id, row.id));
  return { _id: row.id };
}

/** Contacts' deletion hook: a deleted contact type leaves every dashboard's assignment. */
export async function forgetContactType(tx: Db, companyId: string, contactTypeId: string): Promise<void> {
  await tx
    .update(customDashboards)
    .set({ contactTypeIds: sql`array_remove(${customDashboards.contactTypeIds}, ${contactTypeId}::uuid)` })
    .where(and(eq(customDashboards.companyId, companyId), assignedToContactType(contactTypeId)));
}
