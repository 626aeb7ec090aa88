import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZSuccess } from '@esigns/contracts/envelope';
import {
  WHATSAPP_PURPOSES,
  ZWhatsappAccount,
  ZWhatsappAccountCreate,
  ZWhatsappAccountUpdate,
  ZWhatsappMessage,
  ZWhatsappMessagesQuery,
  ZWhatsappOptIn,
  ZWhatsappOptInWrite,
  ZWhatsappPurposeSetting,
  ZWhatsappPurposeWrite,
  ZWhatsappStatus,
  ZWhatsappTemplate,
} from '@esigns/contracts/whatsapp';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import {
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  syncTemplates,
  testAccount,
  updateAccount,
} from './accounts';
import { listMessages, whatsappStatus } from './messages';
import { readOptIn, recordOptIn } from './opt-ins';
import { listPurposes, savePurpose } from './purposes';
import { listTemplates } from './templates';
import { receiveStatuses, verifyChallenge } from './webhook';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const tags = ['whatsapp'];
const security = [{ bearer: [] }];
const VIEW = 'Needs `settings:view`. ';
const MANAGE = 'Needs `settings:manage-integrations` (OWNER and ADMIN by default). ';
const TRIED =
  'The details are tried against the WhatsApp Cloud API first (`GET /{phone-number-id}` and `GET /{waba-id}/message_templates`): ' +
  'a refusal is a 422 under `access_token` (invalid or expired token), `phone_number_id` or `waba_id`; no answer or a fault of the API is a 503. ' +
  'The access token and app secret are stored encrypted and never answered. ';
const IdParams = z.object({ id: z.string() });

/** WhatsApp Business (Cloud API): accounts, templates, purposes, opt-ins, the message log and Meta's webhook. */
export function registerWhatsappRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  // One list of hooks per route (the rate limit appends to it).
  const canView = () => requirePermission(platform, 'settings:view');
  const canManage = () => requirePermission(platform, 'settings:manage-integrations');

  r.get(
    '/whatsapp/status',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: 'What WhatsApp needs before it sends',
        description: `The number of accounts, the Graph API base the server calls, and what is still missing (empty: ready). ${VIEW}`,
        response: { 200: ZSuccess(ZWhatsappStatus), ...ERRORS },
      },
    },
    async (request) => ok(await whatsappStatus(platform, accessOf(request).companyId)),
  );

  r.get(
    '/whatsapp/accounts',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: "The company's WhatsApp Business accounts",
        description: `Each with its webhook URL and verify token (to give Meta) and its number of templates. ${VIEW}`,
        response: { 200: ZSuccess(z.array(ZWhatsappAccount)), ...ERRORS },
      },
    },
    async (request) => ok(await listAccounts(platform, accessOf(request).companyId)),
  );

  r.post(
    '/whatsapp/accounts',
    {
      onRequest: canManage(),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Connect a WhatsApp Business account',
        description: `${TRIED}Its templates are stored with it. A phone number id already connected: 409. At most 20 accounts. ${MANAGE}`,
        body: ZWhatsappAccountCreate,
        response: { 200: ZSuccess(ZWhatsappAccount), 429: ZErrorBody, 503: ZErrorBody, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await createAccount(platform, accessOf(request).companyId, request.body),
        'WhatsApp account connected',
      ),
  );

  r.get(
    '/whatsapp/accounts/:id',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: 'One WhatsApp account',
        description: `Another company's id: 404. ${VIEW}`,
        params: IdParams,
        response: { 200: ZSuccess(ZWhatsappAccount), ...ERRORS },
      },
    },
    async (request) => ok(await getAccount(platform, accessOf(request).companyId, request.params.id)),
  );

  r.patch(
    '/whatsapp/accounts/:id',
    {
      onRequest: canManage(),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Change a WhatsApp account',
        description: `Fields left out keep their value. A new token, phone number id or WABA id: ${TRIED}${MANAGE}`,
        params: IdParams,
        body: ZWhatsappAccountUpdate,
        response: { 200: ZSuccess(ZWhatsappAccount), 429: ZErrorBody, 503: ZErrorBody, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateAccount(platform, accessOf(request).companyId, request.params.id, request.body),
        'Saved',
      ),
  );

  r.delete(
    '/whatsapp/accounts/:id',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: 'Disconnect a WhatsApp account',
        description: `With its templates and message log; purposes that used its templates are left without one. ${MANAGE}`,
        params: IdParams,
        response: { 200: ZSuccess(z.null()), ...ERRORS },
      },
    },
    async (request) => {
      await deleteAccount(platform, accessOf(request).companyId, request.params.id);
      return ok(null, 'WhatsApp account disconnected');
    },
  );

  r.post(
    '/whatsapp/accounts/:id/test',
    {
      onRequest: canManage(),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Test the connection',
        description: `Tries the stored token and phone number id (\`GET /{phone-number-id}\`); answers the account with \`verified_at\` now, or the refusal (422 under \`access_token\` or \`phone_number_id\`; 503). ${MANAGE}`,
        params: IdParams,
        response: { 200: ZSuccess(ZWhatsappAccount), 429: ZErrorBody, 503: ZErrorBody, ...ERRORS },
      },
    },
    async (request) =>
      ok(await testAccount(platform, accessOf(request).companyId, request.params.id), 'The connection works'),
  );

  r.post(
    '/whatsapp/accounts/:id/templates/sync',
    {
      onRequest: canManage(),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: "Sync the account's message templates",
        description: `Reads \`GET /{waba-id}/message_templates\` (every page) and replaces the stored list: a template keeps its id while its name and language stay (purposes keep pointing at it); only APPROVED ones can be sent. ${MANAGE}`,
        params: IdParams,
        response: { 200: ZSuccess(z.array(ZWhatsappTemplate)), 429: ZErrorBody, 503: ZErrorBody, ...ERRORS },
      },
    },
    async (request) =>
      ok(await syncTemplates(platform, accessOf(request).companyId, request.params.id), 'Templates synced'),
  );

  r.get(
    '/whatsapp/templates',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: 'Message templates',
        description: `Every account's, or one's (\`account_id\`; another company's: 404). ${VIEW}`,
        querystring: z.object({ account_id: z.string().optional() }),
        response: { 200: ZSuccess(z.array(ZWhatsappTemplate)), ...ERRORS },
      },
    },
    async (request) => {
      const { companyId } = accessOf(request);
      const accountId = request.query.account_id;
      if (accountId) await getAccount(platform, companyId, accountId);
      return ok(await listTemplates(db, companyId, accountId));
    },
  );

  r.get(
    '/whatsapp/purposes',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: 'Which template carries which message',
        description: `One row per purpose (SIGNING_LINK, REMINDER, FORM_LINK): enabled, template, and the value of each body parameter in order. ${VIEW}`,
        response: { 200: ZSuccess(z.array(ZWhatsappPurposeSetting)), ...ERRORS },
      },
    },
    async (request) => ok(await listPurposes(db, accessOf(request).companyId)),
  );

  r.put(
    '/whatsapp/purposes/:purpose',
    {
      onRequest: canManage(),
      schema: {
        tags,
        security,
        summary: "Set a purpose's template",
        description:
          'Values per purpose: SIGNING_LINK and REMINDER `recipient_name`, `document_name`, `sender_name`, `company_name`, `link`, `expires_at`; FORM_LINK `recipient_name`, `form_name`, `sender_name`, `company_name`, `link`. ' +
          `Enabled needs an APPROVED template of the company and one value per body parameter (422 under \`template_id\` or \`parameters\`). ${MANAGE}`,
        params: z.object({ purpose: z.enum(WHATSAPP_PURPOSES) }),
        body: ZWhatsappPurposeWrite,
        response: { 200: ZSuccess(ZWhatsappPurposeSetting), ...ERRORS },
      },
    },
    async (request) =>
      ok(await savePurpose(db, accessOf(request).companyId, request.params.purpose, request.body), 'Saved'),
  );

  r.get(
    '/whatsapp/opt-ins/:contactId',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: "A contact's WhatsApp consent",
        description:
          "Whether the contact opted in, when, from where and who recorded it, and whether the contact's phone can be messaged (digits with the country code). Another company's contact: 404. Needs `contacts:view`.",
        params: z.object({ contactId: z.string() }),
        response: { 200: ZSuccess(ZWhatsappOptIn), ...ERRORS },
      },
    },
    async (request) => ok(await readOptIn(db, accessOf(request).companyId, request.params.contactId)),
  );

  r.put(
    '/whatsapp/opt-ins/:contactId',
    {
      onRequest: requirePermission(platform, 'contacts:update'),
      schema: {
        tags,
        security,
        summary: "Record a contact's WhatsApp consent",
        description:
          'Given (`opted_in: true`) or withdrawn, with its `source`; the time and the recording user are kept. Messages go only to opted-in contacts. Needs `contacts:update`.',
        params: z.object({ contactId: z.string() }),
        body: ZWhatsappOptInWrite,
        response: { 200: ZSuccess(ZWhatsappOptIn), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      return ok(
        await recordOptIn(db, access.companyId, request.params.contactId, request.body, access.userId),
        'Saved',
      );
    },
  );

  r.get(
    '/whatsapp/messages',
    {
      onRequest: canView(),
      schema: {
        tags,
        security,
        summary: 'The WhatsApp message log',
        description: `Newest first, paged; by \`account_id\`, \`status\`, \`purpose\`, \`contact_id\`. Statuses: QUEUED, SENDING, SENT, DELIVERED, READ (Meta's webhook), FAILED (with the reason). ${VIEW}`,
        querystring: ZWhatsappMessagesQuery,
        response: { 200: ZSuccess(ZPaged(ZWhatsappMessage)), ...ERRORS },
      },
    },
    async (request) => ok(await listMessages(db, accessOf(request).companyId, request.query)),
  );

  // Meta's webhook: no session; the raw body is what the signature covers.
  void api.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    const h = hooks.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ accountId: z.string() });
    h.get(
      '/whatsapp/webhook/:accountId',
      {
        schema: {
          tags,
          summary: "Meta's check of the callback URL",
          description:
            "Answers `hub.challenge` as text when `hub.mode` is `subscribe` and `hub.verify_token` is the account's verify token; else 403. Unknown account: 404.",
          params,
          querystring: z.object({
            'hub.mode': z.string().optional(),
            'hub.verify_token': z.string().optional(),
            'hub.challenge': z.string().max(200).optional(),
          }),
          response: { 200: z.string(), 403: ZErrorBody, 404: ZErrorBody },
        },
      },
      async (request, reply) => {
        const challenge = await verifyChallenge(platform, request.params.accountId, request.query);
        return reply.type('text/plain').send(challenge);
      },
    );
    h.post(
      '/whatsapp/webhook/:accountId',
      {
        schema: {
          tags,
          summary: 'Message statuses from the Cloud API',
          description:
            "Signed by Meta (`X-Hub-Signature-256: sha256=` HMAC-SHA256 of the raw body with the account's app secret): a wrong or missing signature is a 400 and nothing is written. " +
            'Each (message, status) is applied once: a replay answers 200 and counts as a duplicate. A status only moves a message forward (SENT < DELIVERED < READ; FAILED with its reason).',
          params,
          response: {
            200: z.object({
              received: z.boolean(),
              applied: z.number().int(),
              duplicates: z.number().int(),
              unknown: z.number().int(),
            }),
            400: ZErrorBody,
            404: ZErrorBody,
          },
        },
      },
      async (request) => {
        const sig = request.headers['x-hub-signature-256'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        return receiveStatuses(
          platform,
          request.params.accountId,
          body,
          typeof sig === 'string' ? sig : undefined,
        );
      },
    );
  });
}
