import { PERMISSION_OVERVIEW_KEY } from '../../shared/permissions/permission-api';
import type { CompanyUserQuery, RoleQuery } from './team-api';

/** Query keys of the team area; every list key starts with its prefix so one invalidation covers it. */
export const TEAM_KEYS = {
  permissions: PERMISSION_OVERVIEW_KEY,
  companyUsers: ['team', 'company-users'] as const,
  companyUserPage: (query: CompanyUserQuery) => ['team', 'company-users', query] as const,
  roles: ['team', 'roles'] as const,
  rolePage: (query: RoleQuery) => ['team', 'roles', 'page', query] as const,
  allRoles: ['team', 'roles', 'all'] as const,
  role: (id: string) => ['team', 'roles', 'one', id] as const,
  userTypes: (companyId: string) => ['team', 'user-types', companyId] as const,
  invitation: (token: string) => ['team', 'invitation', token] as const,
  company: (id: string) => ['team', 'company', id] as const,
  companyNameStatus: (name: string) => ['team', 'company-name-status', name] as const,
};
