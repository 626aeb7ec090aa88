import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { USER_TYPES, type PlanType, type UserType } from '@esigns/contracts/auth';
import {
  DEFAULT_PERMISSIONS,
  effectivePermissions,
  hasPermission,
  type PermissionSlug,
} from '@esigns/contracts/permissions';
import { rowsOfText, type Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authOf, requireAuth } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { userTypePermissions } from './schema';

/** Who is acting, where, and with which permissions: the context every service receives. */
export type AccessContext = {
  userId: string;
  companyId: string;
  userType: UserType;
  planType: PlanType;
  roleId: string | null;
  permissions: ReadonlySet<string>;
};

declare module 'fastify' {
  interface FastifyRequest {
    access?: AccessContext;
  }
}

/** Gives a new company its four user types with the default permission sets. */
export async function seedUserTypes(tx: Pick<Db, 'insert'>, companyId: string): Promise<void> {
  await tx.insert(userTypePermissions).values(
    USER_TYPES.map((userType) => ({
      companyId,
      userType,
      permissions: [...DEFAULT_PERMISSIONS[userType]],
    })),
  );
}

/** The statement of `loadAccess` (it runs on every authenticated call): the permissions as JSON. */
const ACCESS_QUERY = `select cu.user_type as "userType", cu.role_id as "roleId", cu.status,
    c.plan_type as "planType", c.is_active as "isActive", to_json(utp.permissions) as permissions
  from company_users cu
  join companies c on c.id = cu.company_id
  left join user_type_permissions utp on utp.company_id = cu.company_id and utp.user_type = cu.user_type
  where cu.user_id = $1 and cu.company_id = $2
  limit 1`;

type AccessRow = {
  userType: UserType;
  roleId: string | null;
  status: string;
  planType: PlanType;
  isActive: boolean;
  permissions: string[] | null;
};

/**
 * The caller's access in the token's workspace, read fresh from the database on every call: a
 * removed member or a changed permission set takes effect at once, not when the token expires.
 */
export async function loadAccess(
  db: Pick<Db, 'execute'>,
  claims: { userId: string; companyId: string },
): Promise<AccessContext> {
  const [row] = await rowsOfText<AccessRow>(db, ACCESS_QUERY, [claims.userId, claims.companyId]);
  if (!row || row.status !== 'ACTIVE') {
    throw new AppError('UNAUTHORIZED', { message: 'You no longer belong to this workspace' });
  }
  if (!row.isActive) {
    throw new AppError('UNAUTHORIZED', {
      message: 'This workspace is inactive',
      statusCode: 'INACTIVE_WORKSPACE',
    });
  }
  const permissions = effectivePermissions({
    planType: row.planType,
    userType: row.userType,
    userTypePermissions: row.permissions ?? DEFAULT_PERMISSIONS[row.userType],
  });
  return {
    userId: claims.userId,
    companyId: claims.companyId,
    userType: row.userType,
    planType: row.planType,
    roleId: row.roleId,
    permissions: new Set(permissions),
  };
}

/**
 * onRequest hooks for a route: a valid access token, an active membership, and (when given)
 * the permission slug, else 401/403. Services then read `accessOf(request)`.
 */
export function requirePermission(platform: Platform, slug?: PermissionSlug): onRequestAsyncHookHandler[] {
  const authenticate = requireAuth(platform.config.secrets.jwtSecret);
  return [
    authenticate,
    async (request) => {
      const access = await loadAccess(platform.database.db, authOf(request));
      if (slug && !hasPermission(access, slug)) {
        throw new AppError('FORBIDDEN', { message: `You do not have permission to do this (${slug})` });
      }
      request.access = access;
    },
  ];
}

export function accessOf(request: FastifyRequest): AccessContext {
  if (!request.access) throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
  return request.access;
}
