import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_STATUSES } from '@esigns/contracts/documents';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { archiveDocument, discardDraft, permanentlyDeleteDocument, restoreDocument } from './archive-service';
import { cloneVoidedDocument, duplicateDocument } from './copy-service';
import {
  CHECKS,
  ERRORS,
  ZDeletedReply,
  ZDocumentReply,
  ZIdParam,
  ZName,
  client,
  security,
  tags,
} from './route-schemas';
import { renameDocument } from './settings-service';
import { changeStatus, markCompleted, voidDocument } from './status-service';

const ZId = ZIdParam('id', 'Sent (employee) document id');

/** Void, status changes, completion, archive, restore, delete, discard, rename, duplicate, clone. */
export function registerLifecycleRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const auth = requirePermission(platform);

  r.post(
    '/documents/:id/void',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Void a document out for signature',
        description:
          'WAITING only. The document becomes VOIDED with `voided_at` and the reason; recipients who had been asked ' +
          'to act are mailed the reason, and their links open only a "voided" notice (every signing action is 409). ' +
          `Logged \`document.voided\`; realtime \`document.voided\`. Needs \`documents:void\`. ${CHECKS}`,
        security,
        params: ZId,
        body: z.object({
          reason: z
            .string({ error: 'Required' })
            .trim()
            .min(1, 'Give a reason')
            .max(500, 'At most 500 characters'),
        }),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await voidDocument(
          platform,
          accessOf(request),
          client(request),
          request.params.id,
          request.body.reason,
        ),
        'Document voided',
      ),
  );

  r.patch(
    '/documents/:id/status/:status',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Change the status by hand',
        description:
          'Only the changes of `STATUS_TRANSITIONS`: WAITING -> EXPIRED (signing ends now), WAITING -> VOIDED (a void ' +
          'without a reason; needs `documents:void` too), EXPIRED -> WAITING (signing opens again with a new expiry ' +
          'date from the settings). Any other change is 409; an unknown status value is 422. Logged ' +
          `\`document.status_changed\`. Needs \`documents:update\`. ${CHECKS}`,
        security,
        params: z.object({
          id: z.string().max(100),
          status: z.enum(DOCUMENT_STATUSES, { error: `Use one of ${DOCUMENT_STATUSES.join(', ')}` }),
        }),
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await changeStatus(
          platform,
          accessOf(request),
          client(request),
          request.params.id,
          request.params.status,
        ),
        'Status changed',
      ),
  );

  r.patch(
    '/documents/:id/completed',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Complete a document whose signers and approvers have all finished',
        description:
          'WAITING only, and only when no SIGNER or APPROVER is left to act (409 naming them otherwise); viewers who ' +
          'have not looked are not waited for. Like the last finish, it logs `document.all_finished` and queues the ' +
          'seal: the answer is still WAITING, `document.completed` follows when the sealed PDF is stored. Needs ' +
          `\`documents:update\`. ${CHECKS}`,
        security,
        params: ZId,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await markCompleted(platform, accessOf(request), client(request), request.params.id),
        'Completing the document',
      ),
  );

  for (const path of ['/documents/:id/archive', '/documents/:id/archivedoc']) {
    r.delete(
      path,
      {
        onRequest: auth,
        schema: {
          tags,
          summary: path.endsWith('archivedoc')
            ? 'Archive a document (same as `archive`)'
            : 'Archive a document',
          description:
            'Archive is a flag (`archived_at`), not a status: the document leaves its lists for the archived list. A ' +
            'document out for signature cannot be archived (409: void it first). `archive` and `archivedoc` are the ' +
            'same call (the spec names both; clients use either). Logged `document.archived`. Needs ' +
            `\`documents:archive\`. ${CHECKS}`,
          security,
          params: ZId,
          response: { 200: ZDocumentReply, ...ERRORS },
        },
      },
      async (request) =>
        ok(
          await archiveDocument(platform, accessOf(request), client(request), request.params.id),
          'Document archived',
        ),
    );
  }

  r.post(
    '/documents/:id/undoDocument',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Restore an archived document',
        description: `Back in its lists, in the status it had. Logged \`document.restored\`. Needs \`documents:archive\`. ${CHECKS}`,
        security,
        params: ZId,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await restoreDocument(platform, accessOf(request), client(request), request.params.id),
        'Document restored',
      ),
  );

  r.post(
    '/documents/:id/parmanentdelete',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Delete an archived document for good',
        description:
          'Archived documents only (409 otherwise). In one transaction: the document, its recipients, values, seal, ' +
          'notes and log (a draft also takes its one-off layout); after commit its own PDF and sealed copy are ' +
          'deleted from storage. The server log records who deleted it. Needs `documents:delete`. ' +
          CHECKS,
        security,
        params: ZId,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZDeletedReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await permanentlyDeleteDocument(
          platform,
          accessOf(request),
          client(request),
          request.params.id,
          request.log,
        ),
        'Document deleted',
      ),
  );

  r.delete(
    '/documents/:configurable_document_id/:company_document_id/discard',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Discard a draft',
        description:
          'A draft is stored as a one-off layout (configurable document) on its company document, with its DRAFT: the ' +
          'path names both ids of the layout (ids that do not belong together, or a template, are 404). The draft ' +
          'and its layout are deleted (the PDF stays: files are shared by reference). A sent document is 409. Needs ' +
          `\`documents:delete\`. ${CHECKS}`,
        security,
        params: z.object({
          configurable_document_id: z.string().max(100),
          company_document_id: z.string().max(100),
        }),
        response: { 200: ZDeletedReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await discardDraft(
          platform,
          accessOf(request),
          request.params.configurable_document_id,
          request.params.company_document_id,
        ),
        'Draft discarded',
      ),
  );

  r.post(
    '/documents/:id/rename',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Rename a document',
        description: `Any status, not archived. A draft's layout takes the name too. Logged \`document.renamed\`. Needs \`documents:update\`. ${CHECKS}`,
        security,
        params: ZId,
        body: z.object({ name: ZName }),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await renameDocument(
          platform,
          accessOf(request),
          client(request),
          request.params.id,
          request.body.name,
        ),
        'Document renamed',
      ),
  );

  r.post(
    '/documents/:id/duplicate',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Duplicate a document as a new draft',
        description:
          "A new DRAFT owned by the caller: its own copy of the PDF, the fields without anyone's values, the recipients " +
          'and the settings. Open it in the editor with its `company_document_id`. Logged on the source ' +
          `(\`document.duplicated\`). Needs \`documents:create\`. ${CHECKS}`,
        security,
        params: ZId,
        body: z.object({ name: ZName }),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await duplicateDocument(
          platform,
          accessOf(request),
          client(request),
          request.params.id,
          request.body.name,
        ),
        'Draft created',
      ),
  );

  r.post(
    '/documents/:id/cloneVoidDoc',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Clone a voided document into a new draft',
        description:
          'VOIDED only. A new DRAFT with the same name, its own copy of the PDF, the fields (no values) and the ' +
          `recipients, to fix and send again. Logged on the source (\`document.cloned\`). Needs \`documents:void\`. ${CHECKS}`,
        security,
        params: ZId,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZDocumentReply, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await cloneVoidedDocument(platform, accessOf(request), client(request), request.params.id),
        'Draft created',
      ),
  );
}
