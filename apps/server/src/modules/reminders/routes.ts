import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ZDocumentOwnerSettings, ZEffectiveExpirySettings, ZSweepResult } from '@esigns/contracts/reminders';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { companyExpiryDefaults, documentOwnerSettings } from './settings-service';
import { runReminderSweep } from './sweep';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

const SETTINGS_TEXT =
  '`document_settings` is what a new document gets: `expire_after_days` and `reminder_every_days` are null ' +
  'when expiry or reminders are off, `warn_before_expiry_days` 0 without expiry.';

/**
 * Reminders and expiry (DOMAIN-ESIGN): the settings in effect for a document owner, the company
 * defaults, and running the sweep by hand.
 */
export function registerReminderRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['reminders'];
  const security = [{ bearer: [] }];
  const member = requirePermission(platform);

  r.get(
    '/documentOwner-user-settings/:userId',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'The expiry and reminder settings that apply to the documents of a member',
        description:
          "The member's saved `expirations-reminders` over the company defaults (the workspace owner's saved " +
          'values over the product defaults), key by key; `source` says which applied. Any member may ask, ' +
          "for any member of the same workspace; another workspace's user or an unknown id is 404. " +
          SETTINGS_TEXT,
        params: z.object({ userId: z.string().max(64) }),
        response: { 200: ZSuccess(ZDocumentOwnerSettings), ...ERRORS },
      },
    },
    async (request) =>
      ok(await documentOwnerSettings(platform, accessOf(request).companyId, request.params.userId)),
  );

  r.get(
    '/document-settings/default',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'The company defaults of expiry and reminders for new documents',
        description:
          "The workspace owner's saved `expirations-reminders` over the product defaults (`source` COMPANY or " +
          'PRODUCT). A member who saved their own gets those instead: see `documentOwner-user-settings`. ' +
          SETTINGS_TEXT,
        response: { 200: ZSuccess(ZEffectiveExpirySettings), ...ERRORS },
      },
    },
    async (request) => ok(await companyExpiryDefaults(platform, accessOf(request).companyId)),
  );

  r.post(
    '/cron/create-cron-job',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "Run the reminders-and-expiry sweep now, for the caller's workspace (OWNER or ADMIN)",
        description:
          'The same sweep the scheduler runs every 5 minutes, limited to this workspace: WAITING documents past ' +
          'their expiry become EXPIRED (the sender is mailed and notified), documents entering their warning ' +
          'window get their warning once, and pending signers and approvers due a reminder are reminded (a ' +
          'fresh link each). Answers the counts. Idempotent: what is done is claimed, so calling it again (or ' +
          'while the scheduler runs) does nothing twice and answers zeros. No body. OWNER or ADMIN, else 403.',
        body: z.unknown().optional(),
        response: { 200: ZSuccess(ZSweepResult), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      if (access.userType !== 'OWNER' && access.userType !== 'ADMIN') {
        throw new AppError('FORBIDDEN', { message: 'Only an owner or admin can run the reminders sweep' });
      }
      const result = await runReminderSweep(platform, { companyId: access.companyId });
      return ok(result, 'Reminders and expiry checked');
    },
  );
}
