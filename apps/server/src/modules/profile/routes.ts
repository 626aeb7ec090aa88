import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUserDetails } from '@esigns/contracts/auth';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { authOf, requireAuth } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { buildUserDetails } from '../auth/session-service';

export function registerProfileRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/user/profile',
    {
      onRequest: requireAuth(platform.config.secrets.jwtSecret),
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user in the current workspace (`user_details`)',
        security: [{ bearer: [] }],
        response: { 200: ZSuccess(ZUserDetails), 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(await buildUserDetails(platform.database.db, auth.userId, auth.companyId));
    },
  );
}
