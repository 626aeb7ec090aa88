import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { listUserTypeMails } from './service';

/*
 * `GET /getUserTypeMails` (tagged permissions, as before): the company's active users of some
 * user types. It lists company users, so it lives with them: the permissions module comes before
 * the company and auth modules and cannot read memberships or accounts.
 */

/** One user type or a comma-separated list (`ADMIN,MANAGER`), any case. */
const ZUserTypeList = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(100)
  .transform((value, ctx) => {
    const types = [...new Set(value.split(',').map((v) => v.trim().toUpperCase()))];
    const unknown = types.filter((t) => !(USER_TYPES as readonly string[]).includes(t));
    if (unknown.length > 0) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `Unknown user type ${unknown.join(', ')}: use ${USER_TYPES.join(', ')}`,
      });
      return z.NEVER;
    }
    return types as UserType[];
  });

const ZUserTypeMail = z.object({
  _id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.enum(USER_TYPES),
});

const ZBooleanFlag = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .optional()
  .transform((v) => v === 'true');

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

export function registerUserTypeMailRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const security = [{ bearer: [] }];

  r.get(
    '/getUserTypeMails',
    {
      onRequest: requirePermission(platform, 'company-users:view'),
      schema: {
        tags: ['permissions'],
        summary: 'Emails of the active users of one or more user types',
        description:
          '`userType`: a type or a comma-separated list (`ADMIN,MANAGER`). Without `include_data`: a list of ' +
          'emails. With `include_data=true`: `{ _id, email, first_name, last_name, user_type }` per user (`_id` is ' +
          "the user id). Only active members of the caller's company, ordered by email. Needs `company-users:view` " +
          '(the answer lists company users).',
        security,
        querystring: z.object({ userType: ZUserTypeList, include_data: ZBooleanFlag }),
        response: { 200: ZSuccess(z.union([z.array(ZUserTypeMail), z.array(z.string())])), ...ERRORS },
      },
    },
    async (request) => {
      const rows = await listUserTypeMails(db, accessOf(request), request.query.userType);
      return ok(request.query.include_data ? rows : rows.map((row) => row.email));
    },
  );
}
