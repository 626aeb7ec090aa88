import type { ReactElement } from 'react';
import type { UserType } from '@esigns/contracts/auth';
import { DEFAULT_PERMISSIONS } from '@esigns/contracts/permissions';
import { ok, type FakeHandler } from '../../shared/testing/fake-api';
import type { TCompanyUser, TRole, TUserTypeView } from './team-api';
import { makePermissionOverview } from '../../shared/testing/permission-overview';
import { renderRoutes, standIn } from '../../shared/testing/render-routes';

export { makePermissionOverview };

/** Answers `GET /permissions` for `userType`, then hands every other call to `next`. */
export function withPermissions(userType: UserType, next: FakeHandler = () => undefined): FakeHandler {
  return (call) =>
    call.path === '/api/permissions' && call.method === 'GET'
      ? ok(makePermissionOverview(userType))
      : next(call);
}

export function paged<T>(rows: T[], page = 1, limit = 10) {
  return { data: rows, total: rows.length, page, total_pages: Math.max(1, Math.ceil(rows.length / limit)) };
}

export function makeCompanyUser(overrides: Partial<TCompanyUser> = {}): TCompanyUser {
  return {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    user_id: 'b1b2c3d4-0000-4000-8000-000000000001',
    email: 'grace@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    user_type: 'ADMIN',
    role_id: null,
    role_name: null,
    status: 'ACTIVE',
    created_at: '2025-01-02T10:00:00.000Z',
    expires_at: null,
    is_expired: false,
    ...overrides,
  };
}

export function makeRole(overrides: Partial<TRole> = {}): TRole {
  return {
    _id: 'c1b2c3d4-0000-4000-8000-000000000001',
    name: 'Sales',
    user_type: 'MEMBER',
    description: 'The sales team',
    user_count: 0,
    created_by: null,
    created_at: '2025-01-02T10:00:00.000Z',
    updated_at: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeUserTypes(): TUserTypeView[] {
  return (['OWNER', 'ADMIN', 'MANAGER', 'MEMBER'] as const).map((type, index) => ({
    _id: `d1b2c3d4-0000-4000-8000-00000000000${index + 1}`,
    user_type: type,
    label: type.charAt(0) + type.slice(1).toLowerCase(),
    permissions: [...DEFAULT_PERMISSIONS[type]],
    user_count: index === 0 ? 1 : 2,
    updated_at: '2025-01-02T10:00:00.000Z',
  }));
}

/** Renders one screen at `path` in a memory router (with a /dashboard and a /signin to land on). */
export function renderScreen(screen: ReactElement, path: string) {
  return renderRoutes(
    [
      standIn('/dashboard', 'dashboard', 'Dashboard'),
      standIn('/signin', 'signin', 'Sign in'),
      { path: '*', element: screen },
    ],
    path,
  );
}
