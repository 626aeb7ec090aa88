import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPES } from '@esigns/contracts/auth';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ZCreateRoleRequest, ZUpdateRoleRequest, ZUserTypeField } from '@esigns/contracts/team';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const ZRole = z.object({
  _id: z.string(),
  name: z.string(),
  user_type: z.enum(USER_TYPES),
  description: z.string(),
  user_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const ZRoleListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  user_type: ZUserTypeField.optional(),
});

const ZIdParams = z.object({ id: z.string().max(64).describe('Role id') });

export function registerRoleRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['roles'];
  const security = [{ bearer: [] }];
  const perRow =
    'Per-row rule (spec 1 §6): an ADMIN cannot act on OWNER roles, a MANAGER only on MANAGER and MEMBER ' +
    'roles (403).';

  r.get(
    '/roles',
    {
      onRequest: requirePermission(platform, 'roles:view'),
      schema: {
        tags,
        summary: "The company's roles, paged",
        description:
          'Roles are named groups of staff within one user type. Ordered by name; `search` matches name or ' +
          'description (case-insensitive), `user_type` filters. `user_count`: members holding the role. Needs ' +
          '`roles:view`.',
        security,
        querystring: ZRoleListQuery,
        response: { 200: ZSuccess(ZPaged(ZRole)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listRoles(db, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/role/:id',
    {
      onRequest: requirePermission(platform, 'roles:view'),
      schema: {
        tags,
        summary: 'One role',
        description: "Unknown, malformed or another company's ids answer 404. Needs `roles:view`.",
        security,
        params: ZIdParams,
        response: { 200: ZSuccess(ZRole), ...ERRORS },
      },
    },
    async (request) => ok(await getRole(db, accessOf(request), request.params.id)),
  );

  r.post(
    '/createRole',
    {
      onRequest: requirePermission(platform, 'roles:create'),
      schema: {
        tags,
        summary: 'Create a role',
        description: `Needs \`roles:create\`. Names are unique per company ignoring case (422 on \`name\`). ${perRow}`,
        security,
        body: ZCreateRoleRequest,
        response: { 200: ZSuccess(ZRole), ...ERRORS },
      },
    },
    async (request) => ok(await createRole(db, accessOf(request), request.body), 'Role created'),
  );

  r.patch(
    '/updateRole/:_id',
    {
      onRequest: requirePermission(platform, 'roles:update'),
      schema: {
        tags,
        summary: 'Rename a role, change its description or user type',
        description:
          'Needs `roles:update`. Only the fields sent change. The user type cannot change while users or pending ' +
          `invitations hold the role (409). ${perRow}`,
        security,
        params: z.object({ _id: z.string().max(64).describe('Role id') }),
        body: ZUpdateRoleRequest,
        response: { 200: ZSuccess(ZRole), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateRole(db, accessOf(request), request.params._id, request.body), 'Role updated'),
  );

  r.delete(
    '/deleteRole/:id',
    {
      onRequest: requirePermission(platform, 'roles:delete'),
      schema: {
        tags,
        summary: 'Delete a role',
        description: `Needs \`roles:delete\`. Refused (409) while users or pending invitations hold it. ${perRow}`,
        security,
        params: ZIdParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) => ok(await deleteRole(db, accessOf(request), request.params.id), 'Role deleted'),
  );
}
