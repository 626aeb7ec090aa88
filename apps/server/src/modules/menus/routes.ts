import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPES } from '@esigns/contracts/auth';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions/access';
import { getMenu, ZMenuItem } from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

export function registerMenuRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/menu/:userType',
    {
      // Every staff user needs their sidebar: membership only, no permission slug.
      onRequest: requirePermission(platform),
      schema: {
        tags: ['menus'],
        summary: 'The sidebar menu of a user type, limited to what the caller may open',
        description:
          "`userType` is OWNER, ADMIN, MANAGER or MEMBER (any case), or the `_id` of one of the company's user " +
          "types (`GET /userTypeList/{companyId}`); another company's id answers 404. The answer is the default " +
          "menu filtered twice: by the permissions of that user type in this company and by the caller's own, " +
          'so a user asking for their own type gets their own menu and nobody learns more than they may open. ' +
          'Items: `key` (stable), `label`, `route` (client route, null for a group), `icon` (Tabler icon name), ' +
          '`permission` (the slug the item needs, null for none) and `children` (one level). Stored, ' +
          'per-company menus (the menu editor) will keep the same item shape.',
        security: [{ bearer: [] }],
        params: z.object({
          userType: z
            .string()
            .min(1)
            .max(64)
            .describe(`One of ${USER_TYPES.join(', ')}, or a user type id`),
        }),
        response: {
          200: ZSuccess(z.object({ user_type: z.enum(USER_TYPES), items: z.array(ZMenuItem) })),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await getMenu(platform.database.db, accessOf(request), request.params.userType)),
  );
}
