import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TActivityAction, TActivityTargetType } from '@esigns/contracts/activity-log';
import { clientOf } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { findAccountByEmail } from '../auth';
import { activeMembershipsOf } from '../company';
import { recordActivity, type NewActivity } from './service';

/**
 * What a staff call does, for the log: the action, the kind of target, and where its id is (a
 * route parameter, else the answer's `data._id` / `data.id`). Keyed by `METHOD /api/pattern` as
 * registered (`activity-log.test.ts` checks that every key is a route of the app).
 */
type Capture = { action: TActivityAction; target?: TActivityTargetType; param?: string };

export const CAPTURED_ROUTES: Readonly<Record<string, Capture>> = {
  'POST /api/user/inviteUser': { action: 'user.invited', target: 'user' },
  'PUT /api/user/companyUsers': { action: 'user.changed', target: 'user' },
  'DELETE /api/user/companyUsers/:id': { action: 'user.removed', target: 'user', param: 'id' },
  'DELETE /api/user/companyUsers/permanentDelete/:id': {
    action: 'user.removed',
    target: 'user',
    param: 'id',
  },
  'POST /api/company-documents/documents/send': { action: 'document.sent', target: 'document' },
  'POST /api/document-templates/documents/send': { action: 'document.sent', target: 'document' },
  'POST /api/document-templates/documents/send-template': { action: 'document.sent', target: 'document' },
  'POST /api/documents/:id/void': { action: 'document.voided', target: 'document', param: 'id' },
  'POST /api/documents/:id/parmanentdelete': { action: 'document.deleted', target: 'document', param: 'id' },
  'DELETE /api/documents/:configurable_document_id/:company_document_id/discard': {
    action: 'document.deleted',
    target: 'document',
    param: 'company_document_id',
  },
  'POST /api/document-templates': { action: 'template.created', target: 'template' },
  'PUT /api/document-templates/:id': { action: 'template.changed', target: 'template', param: 'id' },
  'POST /api/document-templates/:id/rename': { action: 'template.changed', target: 'template', param: 'id' },
  'DELETE /api/document-templates/:id': { action: 'template.deleted', target: 'template', param: 'id' },
  'POST /api/template/create': { action: 'template.created' },
  'PUT /api/template': { action: 'template.changed' },
  'DELETE /api/template/:id': { action: 'template.deleted', param: 'id' },
  'POST /api/entities/create': { action: 'entity.created', target: 'entity' },
  'PUT /api/entities/:id': { action: 'entity.changed', target: 'entity', param: 'id' },
  'DELETE /api/entities/:id': { action: 'entity.deleted', target: 'entity', param: 'id' },
  'PUT /api/import/upload-entities-data/:entity_id': {
    action: 'records.imported',
    target: 'entity',
    param: 'entity_id',
  },
  'POST /api/import-excel-data': { action: 'records.imported' },
  'POST /api/map-entities-data': { action: 'records.imported' },
  'POST /api/export/entities-data/:id': { action: 'records.exported', target: 'entity', param: 'id' },
  'POST /api/export/entities-data/pdf/:id': { action: 'records.exported', target: 'entity', param: 'id' },
  'POST /api/export/all-entities-data': { action: 'records.exported' },
  'POST /api/entity-views/export-pdf': { action: 'records.exported' },
  'PATCH /api/company': { action: 'branding.changed', target: 'company' },
  'POST /api/company/logo': { action: 'branding.changed', target: 'company' },
  'POST /api/application-settings': { action: 'settings.changed' },
  'POST /api/expirations-reminders': { action: 'settings.changed' },
  'POST /api/dashboard-stats-settings': { action: 'settings.changed' },
  'POST /api/notifications': { action: 'settings.changed' },
  'POST /api/app-mode-settings': { action: 'settings.changed' },
  'POST /api/generate-keys': { action: 'api_key.created' },
  'POST /api/regenerate-keys': { action: 'api_key.created' },
  'POST /api/create-client': { action: 'oauth_app.created', target: 'oauth_app' },
  'DELETE /api/delete-client/:appId': { action: 'oauth_app.revoked', target: 'oauth_app', param: 'appId' },
  'DELETE /api/oauth2/authorized-apps/:appId': {
    action: 'oauth_app.revoked',
    target: 'oauth_app',
    param: 'appId',
  },
  'PUT /api/pay-buttons/payments/:id/status': { action: 'payment.recorded', target: 'payment', param: 'id' },
  'POST /api/pay-buttons/manual-status': { action: 'payment.recorded', target: 'payment' },
};

const SIGN_INS = new Set(['POST /api/signin', 'POST /api/mf2a/verifyOTP']);

type Answer = { data?: Record<string, unknown> } | undefined;

function answerOf(payload: unknown): Answer {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload) as Answer;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

/** The entries of one answered call (none for a call the log does not cover). */
async function entriesOf(
  platform: Platform,
  request: FastifyRequest,
  status: number,
  payload: unknown,
): Promise<NewActivity[]> {
  const key = `${request.method} ${request.routeOptions.url ?? ''}`;
  const client = clientOf(request);
  const where = { ip: client.ip, userAgent: client.userAgent ?? null };

  if (SIGN_INS.has(key)) {
    if (status === 200) {
      const details = answerOf(payload)?.data?.user_details as
        | { _id: string; email: string; is_contact: boolean; current_workspace: { company_id: string } }
        | undefined;
      if (!details || details.is_contact) return [];
      return [
        {
          companyId: details.current_workspace.company_id,
          action: 'auth.signed_in',
          actorId: details._id,
          actorEmail: details.email,
          ...where,
        },
      ];
    }
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (status !== 401 || key !== 'POST /api/signin' || typeof email !== 'string') return [];
    // A failed sign-in of a known account shows in each of its workspaces.
    const account = await findAccountByEmail(platform.database.db, email.trim().toLowerCase());
    if (!account) return [];
    const memberships = await activeMembershipsOf(platform.database.db, [account.id]);
    return memberships.map((m) => ({
      companyId: m.companyId,
      action: 'auth.signin_failed' as const,
      actorId: account.id,
      actorEmail: email,
      ...where,
    }));
  }

  const capture = CAPTURED_ROUTES[key];
  const auth = request.auth;
  if (!capture || status < 200 || status >= 300 || !auth || auth.isContact) return [];
  const data = answerOf(payload)?.data;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const targetId = capture.param ? (params[capture.param] ?? null) : (text(data?._id) ?? text(data?.id));
  const targetName = text(data?.name) ?? text(data?.title) ?? text(data?.email) ?? text(data?.name_of_app);
  return [
    {
      companyId: auth.companyId,
      action: capture.action,
      actorId: auth.userId,
      targetType: capture.target ?? null,
      targetId: capture.target ? targetId : null,
      targetName,
      ...where,
    },
  ];
}

/**
 * Logs the staff calls of `CAPTURED_ROUTES` and sign-ins once they are answered (before the answer
 * leaves, so a client that reads the log next finds the entry). A failure to log is logged and
 * does not change the answer: the change itself has committed.
 */
export function registerActivityCapture(app: FastifyInstance, platform: Platform): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    try {
      const entries = await entriesOf(platform, request, reply.statusCode, payload);
      await recordActivity(platform, entries);
    } catch (err) {
      request.log.error({ err }, 'activity log: the entry could not be written');
    }
    return payload;
  });
}
