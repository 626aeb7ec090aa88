import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { MAX_BULK_ROWS, sampleCsv } from './bulk-sheet';
import { BULK_PREVIEW_ROWS, createBulkSend, getBulkSend, previewBulkSend } from './bulk-send';
import { requireSlug } from './lookups';
import { enableMultipart } from '../../platform/http/file-upload';
import { readFiles } from './multipart';
import { ERRORS, security, ZIdParam } from './route-schemas';
import { findSendableTemplate } from './send-routes-service';

const tags = ['templates'];
const MAX_SHEET_BYTES = 10 * 1024 * 1024;

/** The one sheet of a bulk-send upload (multipart field `file`, at most 10 MB). */
async function readSheetFile(
  request: FastifyRequest,
): Promise<{ name: string; contentType: string; data: Buffer }> {
  const [file] = await readFiles(request, { field: 'file', maxFiles: 1, maxBytes: MAX_SHEET_BYTES });
  return { name: file!.name, contentType: file!.contentType, data: file!.data };
}

export async function registerBulkSendRoutes(api: FastifyInstance, platform: Platform): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();

  await api.register(async (scope) => {
    await enableMultipart(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/document-templates/:configurable_document_id/bulk-send',
      {
        onRequest: requirePermission(platform, 'documents:send'),
        schema: {
          tags,
          summary: 'Send a template to every row of a sheet',
          description:
            'multipart/form-data, field `file`: a CSV or XLSX (first sheet; 10 MB, ' +
            `${MAX_BULK_ROWS} rows) with an optional \`Document Name\` column (empty: the template's name and the ` +
            "row's first person), and, per role, the columns `<Role> Email`, `<Role> First Name`, " +
            '`<Role> Last Name` (an unnamed role is "Recipient n"; optional for roles whose person the template holds), ' +
            'and one column per label of a fillable field (its value prefills every field with that label). Every row ' +
            'is checked first: any bad row makes the call 422 with `rows.{sheet row}.{column}` details (the header is ' +
            'row 1) and nothing is sent. Otherwise a job sends one document per row through the same code as ' +
            'send-template, each with its own idempotency key, and `GET /bulk-sends/{id}` shows progress. Needs ' +
            '`documents:send` and `templates:send`.',
          security,
          consumes: ['multipart/form-data'],
          params: ZIdParam('configurable_document_id', 'Template id'),
          response: {
            200: ZSuccess(z.object({ bulk_send_id: z.string(), total: z.number().int() })),
            ...ERRORS,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        requireSlug(access, 'templates:send');
        return ok(
          await createBulkSend(
            platform,
            access,
            request.params.configurable_document_id,
            await readSheetFile(request),
          ),
          'Bulk send started',
        );
      },
    );
  });

  await api.register(async (scope) => {
    await enableMultipart(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/document-templates/:configurable_document_id/bulk-send/preview',
      {
        onRequest: requirePermission(platform, 'documents:send'),
        schema: {
          tags,
          summary: 'Check a bulk-send sheet and show what would be sent',
          description:
            'The same multipart `file` as `.../bulk-send`, checked the same way (the same 422s), but nothing is ' +
            `stored or sent: \`total\` documents would go, and the first ${BULK_PREVIEW_ROWS} rows show each ` +
            "document's name (the `Document Name` column, or the template's name and the row's first person) and " +
            'its recipients, for the sender to confirm before sending. Needs `documents:send` and `templates:send`.',
          security,
          consumes: ['multipart/form-data'],
          params: ZIdParam('configurable_document_id', 'Template id'),
          response: {
            200: ZSuccess(
              z.object({
                total: z.number().int(),
                rows: z.array(
                  z.object({
                    row: z.number().int(),
                    name: z.string(),
                    recipients: z.array(z.object({ role: z.string(), name: z.string(), email: z.string() })),
                  }),
                ),
              }),
            ),
            ...ERRORS,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        requireSlug(access, 'templates:send');
        return ok(
          await previewBulkSend(
            platform,
            access,
            request.params.configurable_document_id,
            await readSheetFile(request),
          ),
        );
      },
    );
  });

  r.get(
    '/bulk-sends/:id',
    {
      onRequest: requirePermission(platform, 'documents:send'),
      schema: {
        tags,
        summary: 'Progress of a bulk send',
        description:
          '`status` QUEUED, RUNNING, DONE or FAILED; `sent` documents so far, `failed` rows with their `errors` ' +
          '(row number in the sheet and message). Needs `documents:send`.',
        security,
        params: ZIdParam('id', 'Bulk send id'),
        response: {
          200: ZSuccess(
            z.object({
              _id: z.string(),
              configurable_document_id: z.string(),
              status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
              total: z.number().int(),
              sent: z.number().int(),
              failed: z.number().int(),
              errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
              created_at: z.string(),
              finished_at: z.string().nullable(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await getBulkSend(platform, accessOf(request), request.params.id)),
  );

  r.get(
    '/document-templates/:configurable_document_id/bulk-send/sample',
    {
      onRequest: requirePermission(platform, 'documents:send'),
      schema: {
        tags,
        summary: 'Sample sheet (CSV) for a bulk send of this template',
        description:
          'The header row with every column of the template and one example row. Needs `documents:send`.',
        security,
        params: ZIdParam('configurable_document_id', 'Template id'),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const template = await findSendableTemplate(
        platform,
        accessOf(request),
        request.params.configurable_document_id,
      );
      const fileName = `${template.name.replace(/[^A-Za-z0-9 _.-]/g, '').trim() || 'template'} - bulk send.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(`\uFEFF${sampleCsv(template)}`);
    },
  );
}
