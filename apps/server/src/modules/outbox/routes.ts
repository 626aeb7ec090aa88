import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { AUTH_HEADERS } from '@esigns/contracts/headers';
import { ZListOutboxQuery, ZOutboxMail, ZOutboxMailRow, OUTBOX_KEY_HEADER } from '@esigns/contracts/outbox';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import {
  getOutboxMail,
  listOutboxMails,
  resolveEmailLogScope,
  resolveOperatorScope,
  type OutboxScope,
} from './service';

const ZOutboxParams = z.object({ id: z.string().describe('Mail id (UUID)') });

const OUTBOX_ACCESS = [
  "The instance operator's view: send `x-outbox-key: <OUTBOX_KEY>`. Every mail of the instance;",
  'subjects and bodies as sent (links and one-time codes included) only while no SMTP_URL is set,',
  "since the Outbox is then the only way to get them, and never the mails a company's own SMTP carried",
  '(`transport: company`); with SMTP_URL set, the redacted copies (`redacted: true`, as in the email',
  'log). No or a wrong key: 401; a Bearer token alone: 403',
  "(a company's mails are at `/api/email-logs`).",
].join(' ');

const EMAIL_LOG_ACCESS = [
  "The company's email log: a Bearer access token of an OWNER or ADMIN, the mails of the token's",
  'workspace only. Always redacted: every link and one-time code in the subject and bodies is',
  '`[redacted link]` / `[redacted code]`, since they are secrets of the recipients. Mails queued',
  'before redaction existed have no body (`html` and `text` null). No or an invalid token: 401;',
  'a MANAGER, MEMBER or contact: 403.',
].join(' ');

const LIST_DOC = [
  'Paged, newest first; `search` matches the subject or a recipient (case-insensitive); `status`, `kind`',
  "and `template_id` filter; `from`/`to` bound the time it was queued (a day is the caller's local day,",
  'by the `usertimezone` header as in the document lists; `to` inclusive). Each row says which template',
  "(`template`: the entity email template's name, else the product mail's label), how many `retries`",
  'after the first attempt, which `transport` carried it (`company`, `instance`, `outbox`) and the last',
  "`error`: the SMTP server's own answer.",
].join(' ');

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody };

/** The caller's `usertimezone` (minutes, as `Date.getTimezoneOffset()`); 0 when missing or out of range. */
function offsetOf(request: FastifyRequest): number {
  const header = request.headers[AUTH_HEADERS.userTimezone];
  const minutes = Number(Array.isArray(header) ? header[0] : header);
  return Number.isInteger(minutes) && Math.abs(minutes) <= 14 * 60 ? minutes : 0;
}

type ScopeResolver = (request: FastifyRequest) => Promise<OutboxScope>;

/**
 * The Outbox (the operator's, `/outbox`) and the email log (a company's admins, `/email-logs`):
 * every mail the product queued, with its delivery status. The same service answers both; the
 * scope decides which mails and whether the bodies are as sent or redacted.
 */
export function registerOutboxRoutes(api: FastifyInstance, platform: Platform): void {
  const { config } = platform;
  const db = platform.database.db;
  const route = api.withTypeProvider<ZodTypeProvider>();

  const register = (
    path: string,
    tag: string,
    access: string,
    security: Record<string, string[]>[],
    resolve: ScopeResolver,
  ): void => {
    // Authentication runs before validation, so that an anonymous caller learns nothing from a 422.
    const scopes = new WeakMap<FastifyRequest, OutboxScope>();
    const authenticate = async (request: FastifyRequest): Promise<void> => {
      scopes.set(request, await resolve(request));
    };
    const scopeOf = (request: FastifyRequest): OutboxScope => {
      const scope = scopes.get(request);
      if (!scope) throw new AppError('UNAUTHORIZED');
      return scope;
    };

    route.get(
      path,
      {
        onRequest: authenticate,
        schema: {
          tags: [tag],
          summary: tag === 'outbox' ? 'List queued and sent mails (operator)' : "List the company's mails",
          description: `${LIST_DOC} ${access}`,
          security,
          querystring: ZListOutboxQuery,
          response: { 200: ZSuccess(ZPaged(ZOutboxMailRow)), 422: ZErrorBody, ...ERRORS },
        },
      },
      async (request) => {
        const scope = scopeOf(request);
        const { rows, total } = await listOutboxMails(db, scope, request.query, offsetOf(request));
        return ok(toPaged(rows, total, request.query));
      },
    );

    route.get(
      `${path}/:id`,
      {
        onRequest: authenticate,
        schema: {
          tags: [tag],
          summary: tag === 'outbox' ? 'Read one mail (operator)' : 'Read one mail of the company, redacted',
          description: `Unknown ids, malformed ids and other workspaces' mails all answer 404. ${access}`,
          security,
          params: ZOutboxParams,
          response: { 200: ZSuccess(ZOutboxMail), 404: ZErrorBody, ...ERRORS },
        },
      },
      async (request) => {
        const scope = scopeOf(request);
        return ok(await getOutboxMail(db, scope, request.params.id));
      },
    );
  };

  register('/outbox', 'outbox', OUTBOX_ACCESS, [{ outboxKey: [] }], async (request) =>
    resolveOperatorScope(
      { outboxKey: request.headers[OUTBOX_KEY_HEADER], authorization: request.headers.authorization },
      config.secrets,
      Boolean(config.smtpUrl),
    ),
  );
  register('/email-logs', 'email-logs', EMAIL_LOG_ACCESS, [{ bearer: [] }], (request) =>
    resolveEmailLogScope(request.headers.authorization, config.secrets),
  );
}
