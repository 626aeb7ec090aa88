import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { presentEmployeeDocument } from '../documents';
import { accessOf, requirePermission } from '../permissions';
import {
  CHECKS,
  ERRORS,
  ZDocumentReply,
  ZIdParam,
  ZName,
  ZSettingsPatch,
  client,
  security,
  tags,
} from './route-schemas';
import { changeOwnership, shareDocument } from './sharing-service';
import {
  getDocumentSettings,
  getRecipientSettings,
  saveDocumentSettings,
  updateDocument,
} from './settings-service';
import { ZDocumentSettingsView } from './settings-view';

const ZPerson = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** Settings, sharing, ownership and `PUT /documents/{document_id}`. */
export function registerSettingsRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const auth = requirePermission(platform);
  const ZDocParam = ZIdParam('document_id', 'Sent (employee) document id');

  r.get(
    '/documents/:document_id/document-settings',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: "A document's settings",
        description: `Settings (expiry, reminders, signing order, mail, terms), sent and expiry dates, owner and the users it is shared with. Needs \`documents:view\`. ${CHECKS}`,
        security,
        params: ZDocParam,
        response: { 200: ZSuccess(ZDocumentSettingsView), ...ERRORS },
      },
    },
    async (request) => ok(await getDocumentSettings(platform, accessOf(request), request.params.document_id)),
  );

  r.get(
    '/documents/:document_id/:user_id/document-settings',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'The settings as they apply to one recipient',
        description:
          '`user_id` is the recipient (`document_users[]._id`) or the user id of their login. The expiry, the ' +
          'reminder interval, the reminders sent so far and the next one: `coalesce(last_reminded_at, sent_at) + ' +
          'reminder_every_days` while the document is WAITING and the recipient has been asked to act and has not ' +
          `finished (null otherwise, or when it would fall after the expiry). Needs \`documents:view\`. ${CHECKS}`,
        security,
        params: z.object({ document_id: z.string().max(100), user_id: z.string().max(100) }),
        response: {
          200: ZSuccess(
            z.object({
              document_id: z.string(),
              document_user: z.object({
                _id: z.string(),
                email: z.string(),
                name: z.string(),
                user_type: z.string(),
                status: z.string(),
                signing_order: z.number(),
              }),
              expires_at: z.string().nullable(),
              reminder_every_days: z.number().nullable(),
              warn_before_expiry_days: z.number(),
              reminders_sent: z.number(),
              last_reminded_at: z.string().nullable(),
              next_reminder_at: z.string().nullable(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(
        await getRecipientSettings(
          platform,
          accessOf(request),
          request.params.document_id,
          request.params.user_id,
        ),
      ),
  );

  r.post(
    '/documents/:document_id/document-settings',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: "Change a document's settings",
        description:
          'DRAFT or WAITING, not archived. Keys left out keep their value. On a sent document a new ' +
          '`expire_after_days` moves `expires_at` (counted from `sent_at`; a date already past is 422) and the expiry ' +
          'warning may go out again; its signing order changes only by correcting it (422). Logged ' +
          `\`document.settings_changed\`. Needs \`documents:update\`. ${CHECKS}`,
        security,
        params: ZDocParam,
        body: ZSettingsPatch,
        response: { 200: ZSuccess(ZDocumentSettingsView), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await saveDocumentSettings(
          platform,
          accessOf(request),
          client(request),
          request.params.document_id,
          request.body,
        ),
        'Settings saved',
      ),
  );

  r.put(
    '/documents/:document_id',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Change the name and settings of a draft or a document out for signature',
        description:
          "Both in part, with the rules of `POST /documents/{document_id}/document-settings`; a draft's layout takes " +
          "the same values (its fields and recipients change in the editor's autosave). Needs `documents:update`. " +
          CHECKS,
        security,
        params: ZDocParam,
        body: z
          .object({ name: ZName.optional(), settings: ZSettingsPatch.optional() })
          .refine((b) => b.name !== undefined || b.settings !== undefined, {
            message: 'Give a name or settings',
            path: ['name'],
          }),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const row = await updateDocument(
        platform,
        access,
        client(request),
        request.params.document_id,
        request.body,
      );
      return ok(
        await presentEmployeeDocument(platform.database.db, access.companyId, row.id, row),
        'Document saved',
      );
    },
  );

  r.put(
    '/documents/:document_id/share-document',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Share a document with company users',
        description:
          'Replaces the list. Each id must be an ACTIVE user of the company (422 `user_ids.{i}` otherwise, for an ' +
          "unknown id and another company's user alike); the sender is left out. Shared users see the document in " +
          'their lists and have rights on it. An archived document is 409. Logged `document.shared`. Needs ' +
          `\`documents:share\`. ${CHECKS}`,
        security,
        params: ZDocParam,
        body: z.object({ user_ids: z.array(z.string().max(100)).max(100) }),
        response: { 200: ZSuccess(ZDocumentSettingsView), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await shareDocument(
          platform,
          accessOf(request),
          client(request),
          request.params.document_id,
          request.body.user_ids,
        ),
        'Sharing saved',
      ),
  );

  r.patch(
    '/documents/changeOwnership',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Hand documents over to another user',
        description:
          '`document_ids` (or one `document_id`) get `user_id` as their sender (owner): an ACTIVE user of the company ' +
          '(422 `user_id` otherwise). All or nothing: each document is checked like any action (404, 403, 409 when ' +
          'archived). The previous owner keeps no special rights. Logged `document.ownership_changed` on each. Needs ' +
          `\`documents:change-ownership\`. ${CHECKS}`,
        security,
        body: z
          .object({
            document_ids: z.array(z.string().max(100)).min(1).max(100).optional(),
            document_id: z.string().max(100).optional(),
            user_id: z.string({ error: 'Required' }).max(100),
          })
          .refine((b) => (b.document_ids?.length ?? 0) > 0 || b.document_id, {
            message: 'Name the documents',
            path: ['document_ids'],
          }),
        response: {
          200: ZSuccess(z.object({ document_ids: z.array(z.string()), owner: ZPerson })),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const { document_ids: ids, document_id: id, user_id: userId } = request.body;
      return ok(
        await changeOwnership(platform, accessOf(request), client(request), {
          documentIds: [...(ids ?? []), ...(id ? [id] : [])],
          userId,
        }),
        'Owner changed',
      );
    },
  );
}
