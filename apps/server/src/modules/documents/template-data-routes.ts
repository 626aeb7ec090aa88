import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDocumentListFilter, ZDocumentListItem, ZDocumentListQuery } from '@esigns/contracts/document-lists';
import { FIELD_TYPES, ZConfigurableDocument } from '@esigns/contracts/documents';
import { ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { MAX_FILES_PER_CALL } from '@esigns/contracts/files';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { offsetOf } from '../document-lists';
import { accessOf, requirePermission } from '../permissions';
import { updateUploadedData } from './replace-file-service';
import { ERRORS, security, ZIdParam, ZName } from './route-schemas';
import {
  listTemplateDocuments,
  MAX_CSV_ROWS,
  templateDocumentsCsv,
  templateDocumentsData,
} from './template-data-service';
import { CHEQUE_PARTS, chequeKeys, sendDataToTemplate } from './template-fill-service';

const ZId = z.string({ error: 'Required' }).max(100);
const ZFieldType = z.enum(FIELD_TYPES);

const ZTemplateData = z
  .object({
    template: z.object({ _id: z.string(), name: z.string() }),
    columns: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        type: ZFieldType,
        recipient_key: z.string(),
        role_name: z.string(),
      }),
    ),
    data: z.array(
      z.object({
        document_id: z.string(),
        name: z.string(),
        status: ZDocumentListItem.shape.status,
        sent_at: z.string().nullable(),
        completed_at: z.string().nullable(),
        recipients: z.array(z.object({ name: z.string(), email: z.string(), status: z.string() })),
        values: z.record(z.string(), z.string().nullable()),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    total_pages: z.number().int(),
  })
  .meta({ id: 'TemplateDocumentsData' });

const ZPerson = z.object({
  key: z.string().min(1).max(64),
  email: z.string().max(254),
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  contact_id: z.string().max(100).nullable().optional(),
});

/**
 * Spec 2 §7 calls around templates and uploads that the editor and sending screens do not make:
 * the documents and data of a template, data put into a template, cheque keys, and replacing the
 * uploaded files of a document not yet sent.
 */
export function registerTemplateDataRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/documents/template-documents',
    {
      onRequest: requirePermission(platform, 'documents:view'),
      schema: {
        tags: ['templates'],
        summary: 'Documents sent from a template, paged',
        description:
          '`template_id`: a template of the company the caller sees (else 404). Lists the documents sent from it ' +
          '(send-template, bulk send, its public link) that the caller sees, exactly as `/all-documents/{status}` ' +
          'lists documents: `status` is a list filter (default `all-documents`), with the same `search`, `sort`, date ' +
          'range, paging (`limit` at most 100) and per-row `actions`. One-off documents started from the template and ' +
          'edited (`/document-templates/documents/draft`) are documents of their own and not listed. Needs `documents:view`.',
        security,
        body: ZDocumentListQuery.extend({ template_id: ZId, status: ZDocumentListFilter.optional() }),
        response: { 200: ZSuccess(ZPaged(ZDocumentListItem)), ...ERRORS },
      },
    },
    async (request) => {
      const { template_id: id, status, ...query } = request.body;
      const page = await listTemplateDocuments(
        platform,
        accessOf(request),
        id,
        status ?? 'all-documents',
        query,
        offsetOf(request),
      );
      return ok(toPaged(page.rows, page.total, query));
    },
  );

  r.get(
    '/documents/template-documents-data/:id',
    {
      onRequest: requirePermission(platform, 'documents:view'),
      schema: {
        tags: ['templates'],
        summary: 'The data collected by the documents of a template (a table, or CSV)',
        description:
          '`{id}`: a template the caller sees (else 404). `columns` are its fields except signatures, initials and ' +
          'images (those are in the signed PDF); `data` has one row per document sent from it (those ' +
          '`/documents/template-documents` lists, same query), each with `values` by field key: what the recipient ' +
          'entered, else the value prefilled when it was sent, else null. `format=csv` answers every row (at most ' +
          `${MAX_CSV_ROWS.toLocaleString('en')}) as a UTF-8 CSV download (cells a spreadsheet would run as a formula ` +
          "start with `'`). Needs `documents:view`.",
        security,
        params: ZIdParam('id', 'Template (configurable document) id'),
        querystring: ZDocumentListQuery.extend({
          status: ZDocumentListFilter.optional(),
          format: z.enum(['json', 'csv']).default('json'),
        }),
        produces: ['application/json', 'text/csv'],
        response: { 200: ZSuccess(ZTemplateData), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { status, format, ...query } = request.query;
      const args = [
        platform,
        accessOf(request),
        request.params.id,
        status ?? 'all-documents',
        query,
        offsetOf(request),
      ] as const;
      if (format === 'csv') {
        const { name, csv } = await templateDocumentsCsv(...args);
        const file = `${name.replace(/[^\w .-]+/g, '_').trim() || 'template'} data.csv`;
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${file}"`)
            // A text body is sent as it is: the JSON schema of 200 describes the default format only.
            .send(csv as never)
        );
      }
      return ok(await templateDocumentsData(...args));
    },
  );

  r.post(
    '/send-data-to-template',
    {
      onRequest: requirePermission(platform, 'documents:create'),
      schema: {
        tags: ['templates'],
        summary: 'Start a document from a template with data filled in',
        description:
          'Makes a one-off DRAFT document from an ACTIVE template the caller sees (404 otherwise, 409 when inactive), ' +
          'for the sender to review and send (`/company-documents/documents/send`): `data` maps a field key, or a ' +
          'field label (case and punctuation ignored; every field with that label), to its value (text, number, ' +
          "boolean; null leaves it empty), checked like a signer's entry (422 on `data.{key}`: no such field, a field " +
          'filled in at signing such as the full name or date signed, a bad value); `document_users` puts people on ' +
          'roles by role key (422 on `document_users.{i}.key` for an unknown role). Needs `documents:create`.',
        security,
        body: z.object({
          template_id: ZId,
          name: ZName.optional(),
          data: z.record(
            z.string().min(1).max(200),
            z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]),
          ),
          document_users: z.array(ZPerson).max(100).optional(),
        }),
        response: { 200: ZSuccess(ZConfigurableDocument), ...ERRORS },
      },
    },
    async (request) =>
      ok(await sendDataToTemplate(platform, accessOf(request), request.body), 'Document created'),
  );

  r.post(
    '/getKeysForPrintChequeFields',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['templates'],
        summary: 'Field keys of a template or document, and those printed on a cheque',
        description:
          '`configurable_document_id`: a template or document the caller sees (else 404). Answers its printable ' +
          'fields (every field but signatures, initials, images and checkboxes) and, for each part of a cheque ' +
          `(${CHEQUE_PARTS.join(', ')}), the key of the field whose label names it ("Amount in words", "Pay to", ` +
          '"Date"...), or null when none does.',
        security,
        body: z.object({ configurable_document_id: ZId }),
        response: {
          200: ZSuccess(
            z.object({
              document: z.object({ _id: z.string(), name: z.string(), is_template: z.boolean() }),
              fields: z.array(
                z.object({
                  key: z.string(),
                  label: z.string(),
                  type: ZFieldType,
                  page: z.number().int(),
                  recipient_key: z.string(),
                }),
              ),
              cheque: z.object(
                Object.fromEntries(CHEQUE_PARTS.map((p) => [p, z.string().nullable()])) as Record<
                  (typeof CHEQUE_PARTS)[number],
                  z.ZodNullable<z.ZodString>
                >,
              ),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await chequeKeys(platform, accessOf(request), request.body.configurable_document_id)),
  );

  r.post(
    '/documents/update-uploaded-data',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['documents'],
        summary: 'Replace the uploaded files of a document or template not yet sent',
        description:
          "`file_ref_ids`: converted PDFs of the caller's company (from `/attachments`, `/document-templates/file-upload/" +
          'status` or the document service; else 404), in order: they are merged into the new file and become the ' +
          'uploaded files. Fields that still fit their page stay; the others are removed and listed in ' +
          '`removed_field_keys`. `name` renames it (409 for a template name already used). Same rights as editing the ' +
          'layout; a document already sent is 409.',
        security,
        body: z.object({
          configurable_document_id: ZId,
          file_ref_ids: z
            .array(z.string().min(1).max(500))
            .min(1, 'Add at least one file')
            .max(MAX_FILES_PER_CALL, `At most ${MAX_FILES_PER_CALL} files`),
          name: ZName.optional(),
        }),
        response: {
          200: ZSuccess(
            z.object({
              document: ZConfigurableDocument,
              removed_field_keys: z.array(z.string()),
              all_document_fields_removed: z.boolean(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await updateUploadedData(platform, accessOf(request), request.body), 'Files updated'),
  );
}
