import type { PlanType, UserType } from '@esigns/contracts/auth';
import type { TPermissionCategory } from '@esigns/contracts/permissions';
import { api } from '../api/api-client';

/** `GET /permissions`: the catalogue and what the caller holds in the current workspace. */
export type TPermissionOverview = {
  categories: TPermissionCategory[];
  permissions: string[];
  company_permissions: string[];
  owner_only: string[];
  user_type: UserType;
  plan_type: PlanType;
};

export async function fetchPermissionOverview(signal?: AbortSignal): Promise<TPermissionOverview> {
  return (await api.get<TPermissionOverview>('/permissions', undefined, { signal })).data;
}

/** The query key of the caller's permission overview; a change of roles or user types invalidates it. */
export const PERMISSION_OVERVIEW_KEY = ['team', 'permissions'] as const;
