import type { PlanType, UserType } from '@esigns/contracts/auth';
import { DEFAULT_PERMISSIONS, OWNER_ONLY_PERMISSIONS, planPermissions } from '@esigns/contracts/permissions';
import { PERMISSION_CATEGORIES } from '@esigns/contracts/permission-catalogue';
import type { TPermissionOverview } from '../permissions/permission-api';

/** `GET /permissions` as the server answers it for a user type with its default set. */
export function makePermissionOverview(
  userType: UserType,
  planType: PlanType = 'BUSINESS',
  permissions: readonly string[] = DEFAULT_PERMISSIONS[userType],
): TPermissionOverview {
  return {
    categories: PERMISSION_CATEGORIES.map((category) => ({
      slug: category.slug,
      label: category.label,
      permissions: category.permissions.map((p) => ({ ...p })),
    })),
    permissions: [...permissions],
    company_permissions: [...planPermissions(planType)],
    owner_only: [...OWNER_ONLY_PERMISSIONS],
    user_type: userType,
    plan_type: planType,
  };
}
