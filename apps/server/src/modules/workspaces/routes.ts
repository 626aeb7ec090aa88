import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSessionReply, ZWorkspace } from '@esigns/contracts/auth';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { authOf, clientOf, requireAuth } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { openSession, revokeRefreshToken } from '../auth';
import { listWorkspaces } from '../company';
import { accessOf, requirePermission } from '../permissions';
import { leaveWorkspace } from './service';

const ERRORS = { 401: ZErrorBody, 404: ZErrorBody };

export function registerWorkspaceRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['workspaces'];
  const authenticated = requireAuth(platform.config.secrets.jwtSecret);

  r.get(
    '/user/getUserWorkspaceList',
    {
      onRequest: authenticated,
      schema: {
        tags,
        summary: "The caller's workspaces with their plan type and the caller's user type in each",
        security: [{ bearer: [] }],
        response: { 200: ZSuccess(z.array(ZWorkspace)), ...ERRORS },
      },
    },
    async (request) => ok(await listWorkspaces(platform.database.db, authOf(request).userId)),
  );

  r.post(
    '/switchWorkspace/:currentWorkspaceId',
    {
      onRequest: authenticated,
      schema: {
        tags,
        summary: "Switch to another of the caller's workspaces: new tokens for it",
        description:
          '`currentWorkspaceId` is the workspace to switch to. Send the current `refresh_token` to end the old ' +
          'session at the same time. A workspace the caller does not belong to answers 404.',
        security: [{ bearer: [] }],
        params: z.object({ currentWorkspaceId: z.uuid('Invalid workspace id') }),
        body: z.object({ refresh_token: z.string().max(200).optional() }).optional(),
        response: { 200: ZSuccess(ZSessionReply), ...ERRORS },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const session = await platform.database.db.transaction((tx) =>
        openSession(platform, tx, {
          userId: auth.userId,
          companyId: request.params.currentWorkspaceId,
          client: clientOf(request),
        }),
      );
      if (request.body?.refresh_token) await revokeRefreshToken(platform, request.body.refresh_token);
      return ok(session);
    },
  );

  r.post(
    '/workspaces/leave',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Leave the current workspace (profile > remove workspace)',
        description:
          'Ends the membership and its sessions. 409 for a personal workspace, for the last OWNER, and for the ' +
          "caller's only workspace. Then switch to another workspace (its list no longer has this one).",
        security: [{ bearer: [] }],
        response: { 200: ZSuccess(z.object({ done: z.literal(true) })), 409: ZErrorBody, ...ERRORS },
      },
    },
    async (request) => {
      await leaveWorkspace(platform, accessOf(request));
      return ok({ done: true as const }, 'You left the workspace');
    },
  );
}
