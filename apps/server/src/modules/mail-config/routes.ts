import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSmtpConfig, ZSmtpConfigWrite } from '@esigns/contracts/email';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { readSmtpConfig, saveSmtpConfig } from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody };

const ROUTING =
  "With enabled settings every mail of the company (signing links, reminders, completion, invitations, codes, form, workflow and record mails) leaves through the company's server, from its sender name and address; without them, disabled, or for mails of no company, the instance's SMTP_URL, else the Outbox. " +
  "A failure of the company's server shows in the email log (`GET /email-logs`, `transport: company`) with its answer: a 5xx fails the mail at once, anything else is retried with backoff.";

/** A company's own SMTP server (spec 3 "Mail", `mail-config`): read and save (tried first). */
export function registerMailConfigRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail-config'];
  const security = [{ bearer: [] }];
  // A list of hooks per route: @fastify/rate-limit appends its hook to the route's own list, so a
  // list shared by two routes would run the first route's limit for both.
  const canManage = () => requirePermission(platform, 'settings:manage-mail');

  r.get(
    '/config/smtp',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: "The company's SMTP settings",
        description:
          'Never the password: `has_password` says whether one is stored. `configured: false` (and nulls) when none was saved. ' +
          `Needs \`settings:manage-mail\` (OWNER and ADMIN by default). ${ROUTING}`,
        response: { 200: ZSuccess(ZSmtpConfig), ...ERRORS },
      },
    },
    async (request) => ok(await readSmtpConfig(platform.database.db, accessOf(request).companyId)),
  );

  r.post(
    '/config/smtp',
    {
      onRequest: canManage(),
      // Each call may open a connection to another server and wait for it.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: "Try and save the company's SMTP settings",
        description:
          'Enabled settings are tried first, within 15 s: connection and login (`security`: NONE plain, STARTTLS required upgrade, TLS from the start; a login only with a `username`), ' +
          'then a test mail to `test_to` (default: the caller), which the email log lists (`kind: smtp.test`). Saved only when that works; else 422 ' +
          "`Please Verify your Details Once` with the server's answer under `host` (connection), `password` (login), `from_email` or `test_to` (refused by the server); the password never appears in an answer or a log line. " +
          'A host that resolves to a private, loopback or link-local address is refused with a 422 under `host` (saved enabled or not), and again when a mail connects to it, unless the instance runs with SMTP_ALLOW_PRIVATE_HOSTS=1. ' +
          '`password` left out keeps the stored one, but only for the same host, port, security and user name (else 422 under `password`: enter it again); `""` removes it. ' +
          'Stored encrypted (AES-256-GCM, a key derived from the instance secret). `enabled: false` keeps the settings untried and goes back to the instance SMTP. ' +
          `At most 10 calls a minute per client. Needs \`settings:manage-mail\`. ${ROUTING}`,
        body: ZSmtpConfigWrite,
        response: { 200: ZSuccess(ZSmtpConfig), 429: ZErrorBody, ...ERRORS },
      },
    },
    async (request) =>
      ok(await saveSmtpConfig(platform, accessOf(request), request.body), 'SMTP settings saved'),
  );
}
