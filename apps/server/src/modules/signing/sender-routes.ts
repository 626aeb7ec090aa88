import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import {
  ZCompletionStatus,
  ZDocumentLogsReply,
  ZDownloadLink,
  ZESignRecord,
  ZResendCompletedRequest,
} from '@esigns/contracts/signing';
import { notFound } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { formatContentDisposition } from '../../platform/storage/storage';
import { findListedDocument, type EmployeeRow } from '../documents';
import { accessOf, requirePermission } from '../permissions';
import { checkCompletion } from './completion-service';
import { findVisibleDocument, requireStaffOrSigner } from './document-access';
import { downloadLink, openDownload, resendCompletedCopy, type Downloader } from './downloads-service';
import { previewAsRecipient } from './esign-record';
import { readDocumentLogs } from './logs-service';
import { askToSignAgain } from './sign-again-service';
import {
  clientOf,
  ERRORS,
  perMinute,
  STAFF_SECURITY,
  TAGS,
  ZDocumentIdParams,
  ZIdParams,
  ZSignerHeaders,
} from './route-common';

const STAFF_SEES =
  'Staff see a sent document when they sent it, it is shared with them, or (BUSINESS workspaces) they are an ' +
  'OWNER or hold `documents:view-all` / `documents:manage-all`; any other id (unknown, a draft, another ' +
  "company's): 404.";

const LISTED_SEES =
  'Answers whoever the document shows for in their document lists: its sender, users it is shared with, ' +
  '(BUSINESS workspaces) an OWNER or a holder of `documents:view-all` / `documents:manage-all`, and a ' +
  'member who is one of its recipients other than CC (`findListedDocument` of documents); ' +
  "any other id (unknown, a draft, another company's, a colleague's document they have no part in): 404.";

const DOWNLOADERS =
  'For staff with `documents:download` who see the document (bearer), or for its recipient (the signer headers, ' +
  "or a bearer token of a user with the recipient's email) once their gates are open; declined, rejected, voided " +
  'or expired documents: 409 for recipients.';

/** The sender's side: completion, downloads, the recipient preview and the audit trail. */
export function registerSenderRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const viewer = requirePermission(platform, 'documents:view');
  const downloader = requireStaffOrSigner(platform, 'id', 'documents:download');

  /** Who downloads, and the document: staff (checked visible) or the recipient's own. */
  const downloadContext = async (
    request: FastifyRequest,
    id: string,
  ): Promise<{ who: Downloader; document: EmployeeRow }> => {
    if (request.access) {
      return {
        who: { kind: 'staff', access: request.access },
        document: await findVisibleDocument(platform, request.access, id, 'documents:download'),
      };
    }
    if (!request.signer) throw notFound('Document');
    return { who: { kind: 'signer', signer: request.signer }, document: request.signer.document };
  };

  r.post(
    '/documents/e-sign-completed/:id',
    {
      onRequest: viewer,
      schema: {
        tags: TAGS,
        security: STAFF_SECURITY,
        summary: 'Where completion stands ("finished by sender"), retrying a failed seal',
        description:
          `Needs \`documents:view\`. ${STAFF_SEES} Answers the document's status, the recipients still awaited ` +
          "and the sealing of the final PDF (PENDING, SEALING, DONE, FAILED, with the last failure's `error`), and " +
          '`sealing`: when the seal FAILED for good, its `kind` (RETRY: a cause that may pass outlasted the ' +
          "retries; VALUE: a recipient's signature, initials or image cannot be stamped; DOCUMENT: the PDF itself " +
          'cannot be sealed), the `reason`, the `recipients` and fields a VALUE failure names, and the `fix` ' +
          '(SIGN_AGAIN or RETRY). When every signer and approver is done but the seal FAILED (other than on a ' +
          'value: retrying could not help, ask the recipient to sign again instead), was lost, or was never ' +
          "queued, this call queues it again (`requeued: true`, logged `document.seal_requeued`): the sender's " +
          '"Retry sealing". It never completes a document whose recipients have not all finished.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZCompletionStatus), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const document = await findVisibleDocument(platform, access, request.params.id, 'documents:view');
      return ok(await checkCompletion(platform, access, document, clientOf(request)));
    },
  );

  r.post(
    '/documents/:document_id/document-users/sign-again',
    {
      onRequest: requirePermission(platform, 'documents:send'),
      config: perMinute(30),
      schema: {
        tags: TAGS,
        security: STAFF_SECURITY,
        summary: 'Ask a recipient to sign again (the fix of a seal that failed on their value)',
        description:
          `Needs \`documents:send\` and rights on the document (its sender, a user it is shared with, ` +
          `\`documents:manage-all\`: else 403). ${STAFF_SEES} Only for a WAITING document whose seal FAILED on ` +
          'a value that cannot be stamped (`sealing.kind` VALUE of `GET /documents/{document_id}/recipients` or ' +
          '`e-sign-completed`); any other document or failure: 409. `document_user_id`, when given, must be ' +
          'one of the recipients the failure names (another recipient of the document: 409; not one: 404); ' +
          'without it, every named recipient is asked. For each: the values that could not be stamped are ' +
          'cleared (their other values stay), their finish is undone (status SENT), they are mailed a new ' +
          'signing link (earlier links keep working) and `recipient.sign_again_requested` is logged. When they ' +
          'finish again the document is sealed by itself. Answers where completion stands (as ' +
          '`e-sign-completed`).',
        params: ZDocumentIdParams,
        body: z
          .object({ document_user_id: z.string().max(100).optional() })
          .optional()
          .describe('Optional: the one recipient to ask; all those the failure names when left out'),
        response: { 200: ZSuccess(ZCompletionStatus), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await askToSignAgain(
          platform,
          accessOf(request),
          clientOf(request),
          request.params.document_id,
          request.body?.document_user_id,
        ),
        'Asked to sign again',
      ),
  );

  r.get(
    '/documents/:id/download-document',
    {
      config: perMinute(60),
      onRequest: downloader,
      schema: {
        tags: TAGS,
        summary: 'Download the PDF (the sealed one once completed)',
        description:
          `${DOWNLOADERS} The completed, sealed PDF once the document is COMPLETED, else the document as sent. ` +
          '`application/pdf` as an attachment. Logged (`document.downloaded`).',
        params: ZIdParams,
        headers: ZSignerHeaders,
        response: { 200: z.any().describe('The PDF bytes'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { who, document } = await downloadContext(request, request.params.id);
      const file = await openDownload(platform, document, who, clientOf(request));
      void reply
        .type('application/pdf')
        .header('content-disposition', formatContentDisposition('attachment', file.name))
        .header('cache-control', 'private, no-store');
      if (file.size !== null) void reply.header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );

  r.post(
    '/documents/:id/download-pdf-document',
    {
      config: perMinute(60),
      onRequest: downloader,
      schema: {
        tags: TAGS,
        summary: 'A short-lived link to the PDF (opened in a new tab)',
        description:
          `${DOWNLOADERS} \`data.Location\`: a signed link valid 5 minutes to the sealed PDF once completed, else ` +
          'to the document as sent (`file` says which). Logged (`document.downloaded`).',
        params: ZIdParams,
        headers: ZSignerHeaders,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZSuccess(ZDownloadLink), ...ERRORS },
      },
    },
    async (request) => {
      const { who, document } = await downloadContext(request, request.params.id);
      return ok(await downloadLink(platform, document, who, clientOf(request)));
    },
  );

  r.post(
    '/document/completed/send-mail',
    {
      config: perMinute(20),
      onRequest: requirePermission(platform, 'documents:download'),
      schema: {
        tags: TAGS,
        security: STAFF_SECURITY,
        summary: 'Mail the completed document again',
        description:
          `Needs \`documents:download\`. ${STAFF_SEES} Body \`{ document_id, emails? }\`: mails the completed ` +
          'copy (a 7-day download link, the PDF attached under 10 MB) to the sender and every recipient, CC ' +
          'included, or only to `emails` (at most 20, any address). 409 while the document is not completed. ' +
          'Logged (`document.completed_copy_sent`).',
        body: ZResendCompletedRequest,
        response: { 200: ZSuccess(z.object({ sent_to: z.number().int() })), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const document = await findVisibleDocument(
        platform,
        access,
        request.body.document_id,
        'documents:download',
      );
      return ok(
        await resendCompletedCopy(platform, access, document, request.body.emails, clientOf(request)),
        'Mail queued',
      );
    },
  );

  r.get(
    '/documents/:id/preview/:user_id',
    {
      onRequest: viewer,
      schema: {
        tags: TAGS,
        security: STAFF_SECURITY,
        summary: 'The document as one recipient sees it',
        description:
          `Needs \`documents:view\`. ${LISTED_SEES} The e-sign record of recipient \`user_id\` (a document user ` +
          'id of this document, else 404) as they see it once their gates are open: the file, their fields ' +
          'highlighted (`mine`) and the values given so far. Nothing is logged and no status changes.',
        params: ZIdParams.extend({
          user_id: z.string().max(64).describe('The document user (recipient) id'),
        }),
        response: { 200: ZSuccess(ZESignRecord), ...ERRORS },
      },
    },
    async (request) => {
      const document = await findListedDocument(db, accessOf(request), request.params.id, 'documents:view', {
        sentOnly: true,
      });
      const record = await previewAsRecipient(platform, document, request.params.user_id);
      if (!record) throw notFound('Recipient');
      return ok(record);
    },
  );

  r.get(
    '/documents/:document_id/users/logs',
    {
      onRequest: viewer,
      schema: {
        tags: TAGS,
        security: STAFF_SECURITY,
        summary: "The document's audit trail",
        description:
          `Needs \`documents:view\`. ${LISTED_SEES} Every event (sent, notified, viewed, code sent, verified or ` +
          'failed, password checks, fields saved, terms, signed, approved, declined, rejected, downloads, ' +
          'sealing, completion) oldest first, with time, IP, user agent and who acted (`actor`). The log is ' +
          "append-only and hash-chained: `chain_ok` is a fresh check of every row's hash and link, `broken_at` " +
          'the first row where it fails.',
        params: ZDocumentIdParams,
        response: { 200: ZSuccess(ZDocumentLogsReply), ...ERRORS },
      },
    },
    async (request) => {
      await findListedDocument(db, accessOf(request), request.params.document_id, 'documents:view', {
        sentOnly: true,
      });
      return ok(await readDocumentLogs(db, request.params.document_id));
    },
  );
}
