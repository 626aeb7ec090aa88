import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ZListOutboxQuery, ZOutboxMail, ZOutboxMailRow, OUTBOX_KEY_HEADER } from '@esigns/contracts/outbox';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { getOutboxMail, listOutboxMails, resolveOutboxScope, type OutboxScope } from './service';

const ZOutboxParams = z.object({ id: z.string().describe('Mail id (UUID)') });

const ACCESS = [
  'Send `x-outbox-key: <OUTBOX_KEY>` (the operator of an instance without SMTP: every mail of the instance),',
  "or a Bearer access token of an OWNER or ADMIN (the mails of the token's workspace only).",
  'No or invalid credentials: 401; a token of a MANAGER or MEMBER: 403.',
].join(' ');

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody };

/**
 * The Outbox: every mail the product queued, with its delivery status. Without SMTP it is where
 * mails (verification codes, signing links) can be read at all.
 */
export function registerOutboxRoutes(api: FastifyInstance, platform: Platform): void {
  const { config } = platform;
  const db = platform.database.db;
  // Authentication runs before validation, so that an anonymous caller learns nothing from a 422.
  const scopes = new WeakMap<FastifyRequest, OutboxScope>();
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const scope = await resolveOutboxScope(
      { outboxKey: request.headers[OUTBOX_KEY_HEADER], authorization: request.headers.authorization },
      config.secrets,
    );
    scopes.set(request, scope);
  };
  const scopeOf = (request: FastifyRequest): OutboxScope => {
    const scope = scopes.get(request);
    if (!scope) throw new AppError('UNAUTHORIZED');
    return scope;
  };
  const route = api.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/outbox',
    {
      onRequest: authenticate,
      schema: {
        tags: ['outbox'],
        summary: 'List queued and sent mails',
        description: `Paged, newest first; \`search\` matches the subject or a recipient (case-insensitive), \`status\` filters. ${ACCESS}`,
        security: [{ outboxKey: [] }, { bearer: [] }],
        querystring: ZListOutboxQuery,
        response: { 200: ZSuccess(ZPaged(ZOutboxMailRow)), 422: ZErrorBody, ...ERRORS },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { rows, total } = await listOutboxMails(db, scope, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  route.get(
    '/outbox/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['outbox'],
        summary: 'Read one mail with its HTML and text',
        description: `Unknown ids, malformed ids and other workspaces' mails all answer 404. ${ACCESS}`,
        security: [{ outboxKey: [] }, { bearer: [] }],
        params: ZOutboxParams,
        response: { 200: ZSuccess(ZOutboxMail), 404: ZErrorBody, ...ERRORS },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      return ok(await getOutboxMail(db, scope, request.params.id));
    },
  );
}
