import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { perMinute } from '../signing';
import { correctDocument } from './correct-service';
import { generateRecipientLink, resendToRecipient } from './links-service';
import { addRecipients } from './recipients-service';
import {
  CHECKS,
  ERRORS,
  ZCorrectionRecipient,
  ZDocumentReply,
  ZFields,
  ZIdParam,
  ZNewRecipient,
  ZSettingsPatch,
  client,
  security,
  tags,
} from './route-schemas';

const ZRecipientBody = z.object({ document_user_id: z.string({ error: 'Required' }).max(100) });

/** Correct, add recipients, resend to a recipient, a recipient's signing link. */
export function registerRecipientRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const auth = requirePermission(platform);

  r.post(
    '/documents/:id/correct',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Correct a document out for signature',
        description:
          '`document_users` lists every recipient the document will have: those already on it by `_id` (left out: ' +
          'removed), new ones without `_id` (give a `key` for new fields to name). Recipients who have finished must ' +
          'be listed unchanged and keep their signatures and values; pending ones may change name, email, role ' +
          'type, order and verification. `fields`, when given, is the whole new field list (the fields of finished ' +
          'recipients unchanged); otherwise fields stay, less those of removed recipients. `settings` change in part ' +
          '(the signing order included; a new expiry counts from `sent_at`). The result is checked like a send (422, ' +
          'keys `document_users.2.email`, `fields.5.recipient_key`). Then everyone whose turn it is and who has not ' +
          'finished is mailed the document again with a new link (the links they were mailed before keep working, ' +
          'up to 5; a changed email starts over: every link ends, no verified code or typed values carry over), recipients whose turn is no longer due lose their ' +
          'link until it is, and if nobody required is left the document is sealed. Logged `document.corrected`. ' +
          `Needs \`documents:correct\`. ${CHECKS}`,
        security,
        params: ZIdParam('id', 'Sent (employee) document id'),
        body: z.object({
          document_users: z.array(ZCorrectionRecipient).min(1, 'Add at least one recipient').max(100),
          fields: ZFields.optional(),
          settings: ZSettingsPatch.optional(),
        }),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await correctDocument(platform, accessOf(request), client(request), request.params.id, request.body),
        'Document corrected',
      ),
  );

  r.post(
    '/documents/:id/document-users',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Add recipients',
        description:
          'To a DRAFT: they join its layout (fields are placed in the editor). To a document out for signature: they ' +
          "and their `fields` (added to the document's, naming the new recipients by `key`) are checked like a send " +
          '(a signer needs a signature field; 422 keyed by the index in this request), and those whose turn it is ' +
          'are mailed their link at once; nobody else is mailed. Logged `document.recipients_added`. Needs ' +
          `\`documents:correct\`. ${CHECKS}`,
        security,
        params: ZIdParam('id', 'Sent (employee) document id'),
        body: z.object({
          document_users: z.array(ZNewRecipient).min(1, 'Add at least one recipient').max(50),
          fields: ZFields.max(500).optional(),
        }),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await addRecipients(platform, accessOf(request), client(request), request.params.id, request.body),
        'Recipients added',
      ),
  );

  r.post(
    '/documents/:document_id/document-users/resend-document',
    {
      onRequest: auth,
      config: perMinute(30),
      schema: {
        tags,
        summary: 'Send the document again to a recipient',
        description:
          'For a recipient whose turn it is and who has not finished (CC, finished or not yet due: 409). They are ' +
          'mailed a new link; like a reminder, the links they were mailed before keep working (the 5 newest). ' +
          'At most once a minute per recipient (429). Logged ' +
          `\`recipient.resent\` and \`recipient.notified\`. Needs \`documents:send\`. ${CHECKS}`,
        security,
        params: ZIdParam('document_id', 'Sent (employee) document id'),
        body: ZRecipientBody,
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await resendToRecipient(
          platform,
          accessOf(request),
          client(request),
          request.params.document_id,
          request.body.document_user_id,
        ),
        'Document sent again',
      ),
  );

  r.post(
    '/documents/:document_id/document-users/generate-document-link',
    {
      onRequest: auth,
      config: perMinute(30),
      schema: {
        tags,
        summary: "A recipient's signing link",
        description:
          'A new signing link for a recipient whose turn it is (409 for CC, finished or not yet due), handed to the ' +
          'caller to host the signing in person. Every earlier link of the recipient (mailed or generated) stops ' +
          'at once. What is done through this link is recorded as in-person signing hosted by the caller (timeline ' +
          '`recipient.signed_in_person`, certificate "In person, hosted by ..."), never as the email link; it still ' +
          "asks for the recipient's email code or representative password when the document does. Logged " +
          '`recipient.link_generated` (never the link). ' +
          `Needs \`documents:send\`. ${CHECKS}`,
        security,
        params: ZIdParam('document_id', 'Sent (employee) document id'),
        body: ZRecipientBody,
        response: {
          200: ZSuccess(z.object({ document_user_id: z.string(), email: z.string(), link: z.string() })),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(
        await generateRecipientLink(
          platform,
          accessOf(request),
          client(request),
          request.params.document_id,
          request.body.document_user_id,
        ),
      ),
  );
}
