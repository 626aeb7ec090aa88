import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZConfigurableDocument, ZDocumentLayout } from '@esigns/contracts/documents';
import { ZSuccess } from '@esigns/contracts/envelope';
import {
  MAX_DOCUMENT_FILE_BYTES,
  MAX_DOCUMENT_PAGES,
  MAX_FILES_PER_CALL,
  ZFileInfo,
  ZPageEdit,
} from '@esigns/contracts/files';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { createDraft, saveDraft } from './drafts-service';
import { enableMultipart } from '../../platform/http/file-upload';
import { readFiles } from './multipart';
import { addNewPage, attachFiles, duplicateFile, editFile } from './page-ops-service';
import { ERRORS, requireAny, security, ZIdParam, ZName, ZPageOpResult } from './route-schemas';
import { convertAttachments } from './uploads-service';

const tags = ['documents'];
const ZConfigurableId = z.string({ error: 'Required' }).max(100);

export async function registerEditorRoutes(api: FastifyInstance, platform: Platform): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/document-templates/documents/draft',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['templates'],
        summary: 'Autosave the layout (fields, recipients or roles, settings)',
        description:
          'Wrong types are 422 with dotted keys (`fields.3.width`). Saving checks only what makes a layout wrong in ' +
          'any state: a field on a page that does not exist or outside its page (`fields.{i}.page`, `fields.{i}.x`), ' +
          'two fields or recipients with one key. Missing emails, signature fields and the like are checked when ' +
          'sending. `representative_password` is write-only: stored hashed (argon2id), answered as ' +
          '`has_representative_password`; send `has_representative_password: true` without a password to keep the ' +
          'stored one. A one-off document already sent is 409.',
        security,
        body: ZDocumentLayout.extend({ configurable_document_id: ZConfigurableId }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) => ok(await saveDraft(platform, accessOf(request), request.body), 'Saved'),
  );

  r.post(
    '/document-templates/documents/draft',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['templates'],
        summary: 'A one-off document to edit and send',
        description:
          'From a template: a new one-off document (own company document on the same PDF, the roles as recipients, ' +
          'the settings) with its DRAFT; needs `documents:create`; an inactive template is 409. From a one-off ' +
          'document: that document, with its DRAFT (created again if it was discarded); `name` renames it.',
        security,
        body: z.object({ configurable_document_id: ZConfigurableId, name: ZName.optional() }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) => ok(await createDraft(platform, accessOf(request), request.body)),
  );

  r.post(
    '/documents/addNewPage',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Insert a blank page',
        description:
          'After page `after_page` (0: before the first), the size of the page before it. The PDF is replaced by a ' +
          'new one (files are immutable); fields after the new page move down one page.',
        security,
        body: z.object({
          configurable_document_id: ZConfigurableId,
          after_page: z.number().int().min(0).max(MAX_DOCUMENT_PAGES),
        }),
        response: { 200: ZSuccess(ZPageOpResult), ...ERRORS },
      },
    },
    async (request) => ok(await addNewPage(platform, accessOf(request), request.body)),
  );

  r.post(
    '/documents/editFile',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Rotate, delete and reorder pages',
        description:
          'Edits apply in order (pages are 1-based, positive degrees turn clockwise). Fields follow their pages, turn ' +
          'with a rotated page, and are removed with a deleted page: `all_document_fields_removed` is then true. An ' +
          'edit naming a page that does not exist is 422 `edits.{i}.page`; an order that does not list every page ' +
          'once is 422 `edits.{i}.order`; the last page cannot be deleted.',
        security,
        body: z.object({
          configurable_document_id: ZConfigurableId,
          edits: z.array(ZPageEdit).min(1).max(1000),
        }),
        response: { 200: ZSuccess(ZPageOpResult), ...ERRORS },
      },
    },
    async (request) => ok(await editFile(platform, accessOf(request), request.body)),
  );

  r.post(
    '/documents/attachFiles',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Append converted files after the last page',
        description:
          "`file_ref_ids` are PDFs from `POST /attachments` (or the document service) of the caller's company (else " +
          '404). Fields stay where they are.',
        security,
        body: z.object({
          configurable_document_id: ZConfigurableId,
          file_ref_ids: z.array(z.string().min(1).max(500)).min(1).max(MAX_FILES_PER_CALL),
        }),
        response: { 200: ZSuccess(ZPageOpResult), ...ERRORS },
      },
    },
    async (request) => ok(await attachFiles(platform, accessOf(request), request.body)),
  );

  r.post(
    '/documents/duplicateFile/:id',
    {
      onRequest: requirePermission(platform, 'documents:create'),
      schema: {
        tags,
        summary: 'Copy a document into a new one-off document',
        description:
          'A new one-off document (with its DRAFT) on a copy of the PDF, with the same fields, recipients and ' +
          'settings, named "<name> (copy)". Needs `documents:create`.',
        security,
        params: ZIdParam('id', 'Configurable document id'),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(await duplicateFile(platform, accessOf(request), request.params.id), 'Document copied'),
  );

  await api.register(async (scope) => {
    await enableMultipart(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/attachments',
      {
        onRequest: requirePermission(platform),
        schema: {
          tags,
          summary: 'Upload and convert files to attach',
          description:
            `multipart/form-data, field \`files\` (one or more, at most ${MAX_FILES_PER_CALL}, 50 MB each): PDF, DOCX, ` +
            'DOC, ODT, RTF, PNG, JPEG. Answers one converted PDF per file (`fileInfos`), for `/documents/attachFiles`. ' +
            'Needs `documents:create` or `templates:create`.',
          security,
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(z.object({ fileInfos: z.array(ZFileInfo) })), ...ERRORS },
        },
      },
      async (request) => {
        const access = accessOf(request);
        requireAny(access, ['documents:create', 'templates:create']);
        const files = await readFiles(request, {
          field: 'files',
          maxFiles: MAX_FILES_PER_CALL,
          maxBytes: MAX_DOCUMENT_FILE_BYTES,
        });
        return ok({ fileInfos: await convertAttachments(platform, access, files) });
      },
    );
  });
}
