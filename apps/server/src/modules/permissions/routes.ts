import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAN_TYPES, USER_TYPES } from '@esigns/contracts/auth';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ZMenuItem } from '@esigns/contracts/menus';
import {
  ZPermissionCategory,
  ZPermissionsByCatRequest,
  ZUpdatePermissionsRequest,
} from '@esigns/contracts/permissions';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from './access';
import {
  getPermissionCategory,
  getPermissionOverview,
  getUserType,
  listUserTypes,
  updateUserTypePermissions,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const ZUserTypeView = z.object({
  _id: z.string(),
  user_type: z.enum(USER_TYPES),
  label: z.string(),
  permissions: z.array(z.string()),
  user_count: z.number().int(),
  updated_at: z.string(),
  menu: z.array(ZMenuItem).optional(),
});

const ZBooleanFlag = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .optional()
  .transform((v) => v === 'true');

export function registerPermissionRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const security = [{ bearer: [] }];

  r.get(
    '/permissions',
    {
      // Every staff user loads their own permissions at start-up: membership only.
      onRequest: requirePermission(platform),
      schema: {
        tags: ['permissions'],
        summary: "The permission catalogue and the caller's permissions in this workspace",
        description:
          '`categories`: every permission by category (slug, label, description). `permissions`: what the caller ' +
          "holds here (their user type's set within the company set; everything for an OWNER or in an INDIVIDUAL " +
          "workspace). `company_permissions`: the company permission set (the plan's features). `owner_only`: " +
          'rights only an OWNER ever holds. Needs a membership only, no permission slug.',
        security,
        response: {
          200: ZSuccess(
            z.object({
              categories: z.array(ZPermissionCategory),
              permissions: z.array(z.string()),
              company_permissions: z.array(z.string()),
              owner_only: z.array(z.string()),
              user_type: z.enum(USER_TYPES),
              plan_type: z.enum(PLAN_TYPES),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(getPermissionOverview(accessOf(request))),
  );

  r.post(
    '/permissionsByCat',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['permissions'],
        summary: 'One permission category, with the slugs of it the caller holds',
        description:
          '`category` is a category slug (`documents`, `form-builders`...) or an alias: `approval-forms` is the ' +
          'form builder category. Unknown categories answer 422 on `category`. Membership only, no slug.',
        security,
        body: ZPermissionsByCatRequest,
        response: {
          200: ZSuccess(ZPermissionCategory.extend({ granted: z.array(z.string()) })),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(getPermissionCategory(accessOf(request), request.body.category)),
  );

  r.patch(
    '/permissions/:id',
    {
      onRequest: requirePermission(platform, 'permissions:manage'),
      schema: {
        tags: ['permissions'],
        summary: "Replace the permission set of one of the company's user types",
        description:
          "`id` is the `_id` of a user type of the caller's company (`GET /userTypeList/{companyId}`); others answer " +
          '404. Needs `permissions:manage`. The body is the whole new set (known slugs only, 422 otherwise). An ADMIN ' +
          'may not edit the OWNER type (403) and nobody but an OWNER may grant a permission they lack themselves ' +
          "(403). The OWNER's set can never be reduced (409); owner-only rights (`owner_only` of `GET /permissions`) " +
          'cannot be given to other types (422 on `permissions`). Takes effect on the next call of every member.',
        security,
        params: z.object({ id: z.string().max(64).describe('User type id') }),
        body: ZUpdatePermissionsRequest,
        response: { 200: ZSuccess(ZUserTypeView), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateUserTypePermissions(db, accessOf(request), request.params.id, request.body.permissions),
        'Permissions updated',
      ),
  );

  r.get(
    '/userTypeList/:companyId',
    {
      onRequest: requirePermission(platform, 'roles:view'),
      schema: {
        tags: ['permissions'],
        summary: 'The four user types of the company, with ids, permission sets and user counts',
        description:
          "`companyId` must be the caller's current workspace; any other answers 404. Needs `roles:view`. In rank " +
          'order OWNER, ADMIN, MANAGER, MEMBER; `permissions` is the stored set (for OWNER the whole company set), ' +
          '`user_count` the active users of that type. `isMenu=true` adds to each type the sidebar `menu` its users ' +
          'get (see `GET /menu/{userType}`).',
        security,
        params: z.object({ companyId: z.string().max(64).describe('Company (workspace) id') }),
        querystring: z.object({ isMenu: ZBooleanFlag }),
        response: { 200: ZSuccess(z.array(ZUserTypeView)), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await listUserTypes(db, accessOf(request), request.params.companyId, {
          isMenu: request.query.isMenu,
        }),
      ),
  );

  r.get(
    '/userType/:id',
    {
      onRequest: requirePermission(platform, 'roles:view'),
      schema: {
        tags: ['permissions'],
        summary: 'One user type of the company',
        description:
          "`id` is a user type `_id` of the caller's company or a type name (OWNER, ADMIN, MANAGER, MEMBER). " +
          "Another company's id answers 404. Needs `roles:view`.",
        security,
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZSuccess(ZUserTypeView), ...ERRORS },
      },
    },
    async (request) => ok(await getUserType(db, accessOf(request), request.params.id)),
  );
}
