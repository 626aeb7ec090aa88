import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEmployeeDocument } from '@esigns/contracts/documents';
import { ZSuccess } from '@esigns/contracts/envelope';
import { clientOf } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission, type AccessContext } from '../permissions';
import { getDocument, updatePrimaryDetails } from './documents-service';
import { ERRORS, security, ZIdParam, ZName, ZSendKey, ZSettingsPatch } from './route-schemas';
import { sendConfigurable, sendTemplate } from './send-routes-service';
import type { SendActor } from './send-service';

const tags = ['documents'];

const SEND_DESCRIPTION =
  'Checks the layout for sending (422, `errors.details` keyed like `fields.3.recipient_key`, ' +
  '`document_users.0.email`: a recipient without a valid email, a duplicate recipient, a signer without a signature ' +
  'field, a field outside its page...), then in one transaction: the sent document gets its own copy of the PDF, ' +
  'status WAITING, `sent_at` and `expires_at` (settings `expire_after_days`); each recipient gets a random link secret ' +
  '(stored as a keyed hash) and is linked to the company contact of their email (a new contact is created for a new ' +
  'email) and to the user of that email; the due recipients (all but CC, or with a signing order only the lowest ' +
  'order value) become SENT and are mailed the branded signing link; the log gets hash-chained rows; then a ' +
  '`document.sent` realtime event goes to the company room. `send_key` makes the call idempotent: the same key ' +
  "answers the first send's document and sends nothing again. Another company's ids are 404; a document already " +
  'sent is 409.';

function actorOf(request: FastifyRequest, access: AccessContext): SendActor {
  const client = clientOf(request);
  return { companyId: access.companyId, userId: access.userId, ip: client.ip, userAgent: client.userAgent };
}

export function registerSendRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const ZSendBody = z.object({
    configurable_document_id: z.string({ error: 'Required' }).max(100),
    send_key: ZSendKey.optional(),
  });

  for (const path of ['/company-documents/documents/send', '/document-templates/documents/send']) {
    r.post(
      path,
      {
        onRequest: requirePermission(platform, 'documents:send'),
        schema: {
          tags,
          summary: 'Send a document',
          description:
            `The one-off document's DRAFT becomes the sent document. ${SEND_DESCRIPTION} A template given here is ` +
            'sent with the people stored on its roles (needs `templates:send`). Needs `documents:send`.',
          security,
          body: ZSendBody,
          response: { 200: ZSuccess(ZEmployeeDocument), ...ERRORS },
        },
      },
      async (request) => {
        const access = accessOf(request);
        return ok(
          await sendConfigurable(platform, access, actorOf(request, access), request.body),
          'Document sent',
        );
      },
    );
  }

  r.post(
    '/document-templates/documents/send-template',
    {
      onRequest: requirePermission(platform, 'templates:send'),
      schema: {
        tags: ['templates'],
        summary: 'Send a document from a template',
        description:
          'Each role of the template (by `key`) gets its person; roles left out keep the person stored on the template ' +
          '(their problems are keyed `document_users.{role key}.email`). `prefill` gives field values by field key; ' +
          "`settings` change the template's in part. An unknown role or field key is 422; an inactive template 409. " +
          `${SEND_DESCRIPTION} Needs \`templates:send\`.`,
        security,
        body: z.object({
          configurable_document_id: z.string({ error: 'Required' }).max(100),
          name: ZName.optional(),
          document_users: z
            .array(
              z.object({
                key: z.string().min(1).max(64),
                email: z.string().max(254),
                first_name: z.string().max(100).optional(),
                last_name: z.string().max(100).optional(),
                contact_id: z.string().max(100).nullable().optional(),
              }),
            )
            .max(100),
          prefill: z.record(z.string().max(64), z.string().max(5000)).optional(),
          settings: ZSettingsPatch.optional(),
          send_key: ZSendKey.optional(),
        }),
        response: { 200: ZSuccess(ZEmployeeDocument), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      return ok(
        await sendTemplate(platform, access, actorOf(request, access), request.body),
        'Document sent',
      );
    },
  );

  r.get(
    '/documents/:document_id',
    {
      onRequest: requirePermission(platform, 'documents:view'),
      schema: {
        tags,
        summary: 'A sent document (or draft) with its recipients',
        description:
          'For its sender, a recipient who is not CC, users it is shared with, an OWNER who is not a receiver on it, ' +
          'or anyone with `documents:view-all`; others get 404. Recipients never carry their link secret or password.',
        security,
        params: ZIdParam('document_id', 'Sent (employee) document id'),
        response: { 200: ZSuccess(ZEmployeeDocument), ...ERRORS },
      },
    },
    async (request) => ok(await getDocument(platform, accessOf(request), request.params.document_id)),
  );

  r.post(
    '/document-users/update-primary-details',
    {
      onRequest: requirePermission(platform, 'contacts:update'),
      schema: {
        tags,
        summary: "Correct a pending recipient's name or email",
        description:
          'On a document WAITING for signatures, for a recipient who has not finished (409 otherwise). A new email ' +
          'gets a new link (the old one stops working) and, when the recipient is due, a new mail; the change is ' +
          'logged. `user_id` is accepted as another name of `document_user_id`. Needs `contacts:update` and rights ' +
          'on the document (its sender, or `documents:manage-all`).',
        security,
        body: z
          .object({
            document_id: z.string().max(100),
            document_user_id: z.string().max(100).optional(),
            user_id: z.string().max(100).optional(),
            email: z.string().trim().max(254).optional(),
            first_name: z.string().trim().max(100).optional(),
            last_name: z.string().trim().max(100).optional(),
          })
          .refine((b) => b.document_user_id || b.user_id, {
            message: 'Required',
            path: ['document_user_id'],
          }),
        response: { 200: ZSuccess(ZEmployeeDocument), ...ERRORS },
      },
    },
    async (request) => {
      const { user_id: userId, document_user_id: documentUserId, ...rest } = request.body;
      return ok(
        await updatePrimaryDetails(platform, accessOf(request), clientOf(request), {
          ...rest,
          document_user_id: (documentUserId ?? userId)!,
        }),
        'Recipient updated',
      );
    },
  );
}
