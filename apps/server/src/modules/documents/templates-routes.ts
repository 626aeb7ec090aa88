import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZConfigurableDocument, ZPublishSettings } from '@esigns/contracts/documents';
import { ZPaged, ZPageQuery, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import {
  CONVERTIBLE_MIME_TYPES,
  MAX_DOCUMENT_FILE_BYTES,
  MAX_FILES_PER_CALL,
  ZFileInfo,
} from '@esigns/contracts/files';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { configureCompanyDocument, createFromFiles, updateConfigurable } from './configurable-service';
import { getPublishSettings, setPublishSettings } from './publish-service';
import { ERRORS, requireAny, security, ZIdParam, ZName, ZSettingsPatch, ZTemplateRow } from './route-schemas';
import {
  assertTemplateNameFree,
  deleteTemplate,
  duplicateTemplate,
  listTemplates,
  permanentlyDeleteTemplate,
  renameTemplate,
  saveAsTemplate,
  shareTemplate,
  TEMPLATE_SORTS,
} from './templates-service';
import { createTemplateUpload, templateUploadStatus } from './uploads-service';

const tags = ['templates'];

export function registerTemplateRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;

  r.post(
    '/document-templates/file-upload',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Address to upload a file to, before conversion',
        description:
          'Answers a presigned `upload_url` (15 minutes) the browser PUTs the raw bytes to with the declared ' +
          '`Content-Type` (storage refuses another type, bytes that do not match it, or a larger body), and the ' +
          '`file_ref_id` to ask `/document-templates/file-upload/status` about. Accepted: PDF, DOCX, DOC, ODT, RTF, ' +
          'PNG, JPEG up to 50 MB. Needs `documents:create` or `templates:create`.',
        security,
        body: z.object({
          file_name: z.string().trim().min(1, 'Required').max(255),
          content_type: z.enum(CONVERTIBLE_MIME_TYPES, {
            error: 'Upload a PDF, Word, OpenDocument, RTF, PNG or JPEG file',
          }),
          size: z
            .number()
            .int()
            .positive('The file is empty')
            .max(MAX_DOCUMENT_FILE_BYTES, 'A file is at most 50 MB'),
        }),
        response: {
          200: ZSuccess(
            z.object({ upload_url: z.string(), file_ref_id: z.string(), expires_at: z.string() }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const access = accessOf(request);
      requireAny(access, ['documents:create', 'templates:create']);
      return ok(await createTemplateUpload(platform, access, request.body));
    },
  );

  r.post(
    '/document-templates/file-upload/status',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Whether an upload arrived; converts it once it has',
        description:
          '`PENDING` until the bytes are stored; then the file is converted to PDF (once: asking again answers the ' +
          'same PDF) and `fileInfos` holds it with a fresh signed `url`. An unknown reference or one of another ' +
          'company is 404; a damaged file 415/422.',
        security,
        body: z.object({ file_ref_id: z.string().min(1, 'Required').max(500) }),
        response: {
          200: ZSuccess(
            z.object({ status: z.enum(['PENDING', 'UPLOADED']), fileInfos: z.array(ZFileInfo).optional() }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const access = accessOf(request);
      requireAny(access, ['documents:create', 'templates:create']);
      return ok(await templateUploadStatus(platform, access, request.body.file_ref_id));
    },
  );

  r.post(
    '/document-templates',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Create a document or template from converted files',
        description:
          "Merges the converted PDFs (`file_ref_ids`, in order; each must be a PDF of the caller's company, else " +
          '404) into one, and creates the company document and its configurable document; a one-off document ' +
          "(`is_template: false`) also gets its DRAFT (`employee_document_id`). Settings start from the user's expiry " +
          'and reminder defaults. Needs `templates:create` for a template, `documents:create` otherwise.',
        security,
        body: z.object({
          name: ZName,
          file_ref_ids: z
            .array(z.string().min(1).max(500))
            .min(1, 'Add at least one file')
            .max(MAX_FILES_PER_CALL, `At most ${MAX_FILES_PER_CALL} files`),
          is_template: z.boolean().default(false),
        }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createFromFiles(platform, accessOf(request), request.body), 'Document created'),
  );

  r.post(
    '/document-templates/:id/configure',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'The configurable document of a company document (created if missing)',
        description:
          "`{id}` is the company document id (the editor route's `document_id`). Every configurable document has its " +
          'own company document, so the answer is unambiguous. `is_template` only matters when it is created.',
        security,
        params: ZIdParam('id', 'Company document id'),
        body: z.object({ is_template: z.boolean().optional() }).default({}),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await configureCompanyDocument(
          platform,
          accessOf(request),
          request.params.id,
          request.body.is_template,
        ),
      ),
  );

  r.get(
    '/document-templates',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Templates, paged',
        description:
          "Live (not deleted) templates: all of the company's with `templates:view`, otherwise those the user owns or " +
          'that are shared with them. `search` matches the name; `sort` is `name`, `updated_at` or `created_at`, ' +
          '`-` first for descending (default `-updated_at`); `status` filters ACTIVE/INACTIVE.',
        security,
        querystring: ZPageQuery.extend({
          search: z.string().trim().max(100).optional(),
          sort: z.enum(TEMPLATE_SORTS).optional(),
          status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
        }),
        response: { 200: ZSuccess(ZPaged(ZTemplateRow)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listTemplates(platform, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.put(
    '/document-templates/:id',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Rename a template or document, or change its settings',
        description:
          '`{id}` is the configurable document id. Settings are given in part. A template name used by another live ' +
          'template is 409. A one-off document already sent is 409.',
        security,
        params: ZIdParam('id', 'Configurable document id'),
        body: z.object({ name: ZName.optional(), settings: ZSettingsPatch.optional() }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateConfigurable(platform, accessOf(request), request.params.id, request.body, {
          assertTemplateNameFree: (name, row) => assertTemplateNameFree(db, row.companyId, name, row.id),
        }),
        'Saved',
      ),
  );

  r.post(
    '/document-templates/:id/rename',
    {
      onRequest: requirePermission(platform, 'templates:update'),
      schema: {
        tags,
        summary: 'Rename a template',
        description:
          "`{id}` is the template's configurable document id or its company document id; `configId`, when sent, names " +
          'the configurable document and must belong to `{id}`. A name used by another live template is 409. Needs ' +
          '`templates:update`.',
        security,
        params: ZIdParam('id', 'Configurable or company document id'),
        body: z.object({ name: ZName, configId: z.string().max(100).optional() }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await renameTemplate(platform, accessOf(request), request.params.id, request.body),
        'Template renamed',
      ),
  );

  r.post(
    '/document-templates/:id/duplicate',
    {
      onRequest: requirePermission(platform, 'templates:duplicate'),
      schema: {
        tags,
        summary: 'Copy a template under a new name',
        description:
          'The copy is owned by the caller and not published. A name used by another live template is 409 ' +
          "(duplicate names are checked on the server). `isShareTemplate: true` keeps the original's sharing; " +
          '`is_duplicate` is accepted and has no effect. Needs `templates:duplicate`.',
        security,
        params: ZIdParam('id', 'Configurable or company document id'),
        body: z.object({
          name: ZName,
          isShareTemplate: z.boolean().optional(),
          is_duplicate: z.boolean().optional(),
        }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await duplicateTemplate(platform, accessOf(request), request.params.id, request.body),
        'Template duplicated',
      ),
  );

  r.post(
    '/share-template',
    {
      onRequest: requirePermission(platform, 'templates:share'),
      schema: {
        tags,
        summary: 'Share a template with company users',
        description:
          '`user_ids` replaces the list of users the template is shared with (they see and can send it). Ids that are ' +
          'not active users of the company are 422 (`user_ids.{i}`). Needs `templates:share`.',
        security,
        body: z.object({
          template_id: z.string().max(100),
          user_ids: z.array(z.string().max(100)).max(500),
        }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) => ok(await shareTemplate(platform, accessOf(request), request.body), 'Template shared'),
  );

  r.delete(
    '/document-templates/:id',
    {
      onRequest: requirePermission(platform, 'templates:delete'),
      schema: {
        tags,
        summary: 'Delete a template (soft)',
        description:
          'The template leaves every list and its public link stops working; documents sent from it are not touched. ' +
          'Needs `templates:delete`.',
        security,
        params: ZIdParam('id', 'Configurable document id'),
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteTemplate(platform, accessOf(request), request.params.id), 'Template deleted'),
  );

  r.delete(
    '/document-templates/:company_document_id/:configurable_document_id/permanentdelete',
    {
      onRequest: requirePermission(platform, 'templates:delete'),
      schema: {
        tags,
        summary: 'Delete a template for good',
        description:
          'Removes the template (also one deleted before) and its company document. Documents sent from it keep their ' +
          'own files. Needs `templates:delete`.',
        security,
        params: z.object({
          company_document_id: z.string().max(100),
          configurable_document_id: z.string().max(100),
        }),
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await permanentlyDeleteTemplate(
          platform,
          accessOf(request),
          request.params.company_document_id,
          request.params.configurable_document_id,
        ),
        'Template deleted permanently',
      ),
  );

  r.post(
    '/document-templates/:employee_document_id/saveastemplate',
    {
      onRequest: requirePermission(platform, 'templates:create'),
      schema: {
        tags,
        summary: 'Save a document as a template',
        description:
          'A new template from a document (sent or draft): a copy of its PDF, its fields, and its recipients as roles ' +
          'without people. A name used by another live template is 409. Needs `templates:create`.',
        security,
        params: ZIdParam('employee_document_id', 'Sent (employee) document id'),
        body: z.object({ name: ZName }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await saveAsTemplate(platform, accessOf(request), request.params.employee_document_id, request.body),
        'Template saved',
      ),
  );

  r.get(
    '/document-templates/:configurable_document_id/published',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        summary: 'Publish settings of a template',
        security,
        params: ZIdParam('configurable_document_id', 'Template id'),
        response: { 200: ZSuccess(ZPublishSettings), ...ERRORS },
      },
    },
    async (request) =>
      ok(await getPublishSettings(platform, accessOf(request), request.params.configurable_document_id)),
  );

  r.post(
    '/document-templates/:configurable_document_id/published',
    {
      onRequest: requirePermission(platform, 'templates:publish'),
      schema: {
        tags,
        summary: 'Publish or unpublish a template',
        description:
          'Publishing gives the template a public address `url` (`/published-templates/{token}`, a 256-bit random ' +
          'token) where a visitor enters their email and name and gets a document to sign in the first signing role ' +
          'without a person (`POST /published-templates/{token}/start`). The template must have no layout problems ' +
          'and such a role (422). `secure_access: true`: the visitor only gets the link by mail and confirms a ' +
          'mailed code before signing. Unpublishing kills the token for good. Needs `templates:publish`.',
        security,
        params: ZIdParam('configurable_document_id', 'Template id'),
        body: z.object({ published: z.boolean(), secure_access: z.boolean().default(false) }),
        response: { 200: ZSuccess(ZPublishSettings), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await setPublishSettings(
          platform,
          accessOf(request),
          request.params.configurable_document_id,
          request.body,
        ),
        request.body.published ? 'Template published' : 'Template unpublished',
      ),
  );
}
