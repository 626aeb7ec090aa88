import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDocumentListFilter, ZDocumentListItem, ZDocumentListQuery } from '@esigns/contracts/document-lists';
import { FIELD_TYPES } from '@esigns/contracts/documents';
import { ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { ERRORS, security, ZIdParam } from '../documents';
import { accessOf, requirePermission } from '../permissions';
import { documentGroups } from './groups-service';
import { offsetOf } from './offset';
import {
  listTemplateDocuments,
  MAX_CSV_ROWS,
  templateDocumentsCsv,
  templateDocumentsData,
} from './template-documents';

const ZId = z.string({ error: 'Required' }).max(100);
const ZFieldType = z.enum(FIELD_TYPES);
const ZCompanyParam = ZIdParam('id', "Company id (the caller's workspace; another is 404)");

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

/**
 * The sent documents by template (spec 2 §7): a template's documents as the lists show them, the
 * data collected in them (a table or CSV), and the caller's documents grouped by template.
 */
export function registerTemplateListRoutes(api: FastifyInstance, platform: Platform): void {
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

  r.get(
    '/documents/groups/:id',
    {
      onRequest: requirePermission(platform, 'documents:view'),
      schema: {
        tags: ['employee-documents'],
        summary: 'Sent documents grouped by the template they came from',
        description:
          'The sent documents the caller sees (as in `/all-documents/all-documents`: not drafts, not archived), ' +
          'grouped by template; documents not sent from a template form "One-off documents" (`template_id` null). ' +
          'Each group counts its documents, those WAITING, COMPLETED and the rest, with the last sending time. ' +
          'Largest first. Needs `documents:view`.',
        security,
        params: ZCompanyParam,
        response: {
          200: ZSuccess(
            z.array(
              z.object({
                template_id: z.string().nullable(),
                name: z.string(),
                total: z.number().int(),
                waiting: z.number().int(),
                completed: z.number().int(),
                other: z.number().int(),
                last_sent_at: z.string().nullable(),
              }),
            ),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await documentGroups(platform, accessOf(request), request.params.id)),
  );
}
