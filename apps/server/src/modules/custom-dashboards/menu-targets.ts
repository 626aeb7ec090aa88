import { and, eq, inArray } from 'drizzle-orm';
import type { UserType } from '@esigns/contracts/auth';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { customDashboards } from './schema';

/*
 * What the menus module needs of dashboards (a menu item may open one): which of some ids are the
 * company's dashboards, and whether a user type or contact type is one they are shown to.
 */

/** A dashboard's assignment. */
export type TDashboardAudience = { userTypes: readonly string[]; contactTypeIds: readonly string[] };

/** Who is to open a dashboard: a staff user type (with what its permission set allows) or a contact type. */
export type TDashboardViewer =
  { userType: UserType; can: (slug: PermissionSlug) => boolean } | { contactTypeId: string };

/**
 * Whether the viewer sees a dashboard so assigned (README "Who sees a dashboard"): OWNER, ADMIN
 * and holders of `custom-dashboards:update` see every one, other staff those assigned to their
 * user type, contacts those assigned to their contact type.
 */
export function viewerSeesDashboard(viewer: TDashboardViewer, audience: TDashboardAudience): boolean {
  if ('contactTypeId' in viewer) return audience.contactTypeIds.includes(viewer.contactTypeId);
  return seesEveryDashboard(viewer.userType, viewer.can) || audience.userTypes.includes(viewer.userType);
}

/** OWNER, ADMIN and holders of `custom-dashboards:update` see every dashboard of the company. */
export const seesEveryDashboard = (userType: UserType, can: (slug: PermissionSlug) => boolean): boolean =>
  userType === 'OWNER' || userType === 'ADMIN' || can('custom-dashboards:update');

/** Of the ids, the company's dashboards, each with its assignment. */
export async function dashboardAudiences(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, TDashboardAudience>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: customDashboards.id,
      userTypes: customDashboards.userTypes,
      contactTypeIds: customDashboards.contactTypeIds,
    })
    .from(customDashboards)
    .where(and(eq(customDashboards.companyId, companyId), inArray(customDashboards.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { userTypes: r.userTypes, contactTypeIds: r.contactTypeIds }]));
}
