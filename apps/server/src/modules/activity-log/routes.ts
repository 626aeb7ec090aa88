import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZActivityLogPage, ZActivityLogQuery } from '@esigns/contracts/activity-log';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { listActivity } from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody };

export function registerActivityLogRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/activity-log',
    {
      // The company's administrators: those who may edit its profile (OWNER and ADMIN by default).
      onRequest: requirePermission(platform, 'company:update'),
      schema: {
        tags: ['activity-log'],
        security: [{ bearer: [] }],
        summary: "The company's activity log, newest first (/logDetails)",
        description:
          'Sign-ins (and failed ones), users invited/changed/removed, documents sent/signed/declined/completed/' +
          'voided/deleted, templates and entities created/changed/deleted, records imported/exported, settings and ' +
          'branding changed, API keys and OAuth apps, payments. Filters: `actor` (a user id), `action`, `from`/`to` ' +
          '(ISO date-times, inclusive). Entries are kept 365 days.',
        querystring: ZActivityLogQuery,
        response: { 200: ZSuccess(ZActivityLogPage), ...ERRORS },
      },
    },
    async (request) => {
      const { actor, action, from, to, page, limit } = request.query;
      return ok(
        await listActivity(platform.database.db, accessOf(request).companyId, {
          actor,
          action,
          from,
          to,
          page,
          limit,
        }),
      );
    },
  );
}
