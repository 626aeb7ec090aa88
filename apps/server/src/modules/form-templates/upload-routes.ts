import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  DOCUMENT_ASSET_MAX_BYTES,
  TEMPLATE_EXCEL_MAX_BYTES,
  TEMPLATE_EXCEL_SAMPLE_ROWS,
  ZDocumentAsset,
  ZFormTemplate,
  ZTemplateFromExcelPreview,
} from '@esigns/contracts/form-templates';
import { ok } from '../../platform/http/envelope';
import { enableMultipart, readUpload } from '../../platform/http/file-upload';
import type { Platform } from '../../platform/platform';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import { createTemplateFromExcel, saveDocumentAsset } from './import-service';

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  422: ZErrorBody,
};

const isTrue = (value: string | undefined): boolean => value === 'true' || value === '1';

/** The multipart routes of form templates, in a scope of their own (the parser stays here). */
export function registerFormTemplateUploadRoutes(api: FastifyInstance, platform: Platform): void {
  const tags = ['form-templates'];
  const security = [{ bearer: [] }];
  void api.register(async (scope) => {
    await enableMultipart(scope, {
      fileSize: Math.max(TEMPLATE_EXCEL_MAX_BYTES, DOCUMENT_ASSET_MAX_BYTES),
      files: 1,
      fields: 10,
      parts: 20,
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/template/create-from-excel',
      {
        onRequest: requirePermission(platform, 'form-templates:create'),
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: 'Create a form template from a spreadsheet (CSV or XLSX)',
          description:
            '`multipart/form-data`: the spreadsheet in `file` (at most ' +
            `${TEMPLATE_EXCEL_MAX_BYTES / 1024 / 1024} MB; XLSX: the first sheet), optional \`name\` (default: the ` +
            'file name, made unique) and `preview=true` to get the inferred template without creating it. Each ' +
            'column of the header row becomes a field labelled by the header; its type is inferred from up to ' +
            `${TEMPLATE_EXCEL_SAMPLE_ROWS} values: yes/no, date, date and time, time, email, URL, phone (a phone ` +
            'header or a leading +), percentage (% sign or header), currency (a currency sign or a money header ' +
            'such as price or amount: INR by default), number, multi select (comma lists of a few recurring words), ' +
            'select (a few recurring values), multi-line text (long or multi-line), else single-line text; codes and ' +
            'ids (PIN, zip, account, id) stay text. Needs `form-templates:create`. No file or an empty header: 422 on ' +
            '`file`; too large: 413; not CSV/XLSX: 415.',
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(z.union([ZFormTemplate, ZTemplateFromExcelPreview])), ...ERRORS },
        },
      },
      async (request) => {
        const upload = await readUpload(request, TEMPLATE_EXCEL_MAX_BYTES, 'spreadsheet');
        const preview = isTrue(upload.fields.preview);
        const result = await createTemplateFromExcel(platform, accessOf(request), upload.bytes, {
          name: upload.fields.name,
          fileName: upload.fileName,
          preview,
        });
        return ok(result, preview ? 'Template preview' : 'Template created');
      },
    );

    r.post(
      '/document-assets/',
      {
        onRequest: requireAnyPermission(platform, ['form-templates:update', 'form-templates:create']),
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: 'Upload an image or PDF for a form template',
          description:
            '`multipart/form-data`: the file in `file` (PNG, JPEG, WebP, GIF or PDF, told by its bytes; at most ' +
            `${DOCUMENT_ASSET_MAX_BYTES / 1024 / 1024} MB) and optional \`template_id\` (a template of the company: ` +
            'unknown 404, standard 403). Answers `file_ref_id` (keep it in the template) and a link valid one hour. ' +
            'Needs `form-templates:update` or `form-templates:create`. Other types: 415; too large: 413.',
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(ZDocumentAsset), ...ERRORS },
        },
      },
      async (request) => {
        const upload = await readUpload(request, DOCUMENT_ASSET_MAX_BYTES, 'file');
        const asset = await saveDocumentAsset(platform, accessOf(request), upload.bytes, {
          fileName: upload.fileName,
          templateId: upload.fields.template_id || undefined,
        });
        return ok(asset, 'File uploaded');
      },
    );
  });
}
