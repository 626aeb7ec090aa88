import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  MAX_RECORD_DOCUMENT_BYTES,
  MAX_RECORD_DOCUMENT_FILES,
  ZRecordDocument,
  ZRecordDocumentLink,
  ZRecordDocumentsOf,
  ZRecordTemplateDocumentsOf,
} from '@esigns/contracts/record-extras';
import { AppError, validationError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import type { IncomingFile } from '../documents';
import { enableMultipart, readMultipart } from '../../platform/http/file-upload';
import { accessOf, requirePermission } from '../permissions';
import {
  attachFiles,
  detachDocument,
  linkDocuments,
  listRecordDocuments,
  listRecordDocumentsOfTemplate,
  listRecordDocumentsWithoutTemplates,
  recordOf,
} from './record-documents-service';

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  422: ZErrorBody,
};
const ZIds = ZRecordDocumentsOf;

/** The fields and files of a multipart body, files read into memory within the limits. */
async function readParts(request: FastifyRequest, maxBytes: number) {
  const { fields, files } = await readMultipart(request, { maxBytes, maxFiles: MAX_RECORD_DOCUMENT_FILES });
  const incoming: IncomingFile[] = files.map((f) => ({
    name: f.name,
    contentType: f.contentType,
    data: f.data,
  }));
  return { fields, files: incoming };
}

/** The 422 of a body that does not parse, keyed like the route's own validation. */
function parsed<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    return { key: path.join('.'), path, message: issue.message };
  });
  throw validationError(details, details[0]?.message);
}

/**
 * Documents attached to a record (spec 3 §7 "Entities": uploadDocuments, getDocuments,
 * fetchEntityDocumentsNotIncludeTemplates, getEmployeeDocumentsByEntityIdAndConfigurableDocumentId).
 */
export function registerRecordDocumentRoutes(api: FastifyInstance, platform: Platform): void {
  const db = platform.database.db;
  const tags = ['entity-data'];
  const security = [{ bearer: [] }];
  const maxBytes = Math.min(MAX_RECORD_DOCUMENT_BYTES, platform.config.uploadLimitBytes);

  void api.register(async (scope) => {
    await enableMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/entities/uploadDocuments',
      {
        onRequest: [
          ...requirePermission(platform, 'entity-data:update'),
          async (request) => {
            const length = Number(request.headers['content-length'] ?? 0);
            if (length > MAX_RECORD_DOCUMENT_FILES * maxBytes + 2 ** 20) {
              throw new AppError('PAYLOAD_TOO_LARGE', {
                message: 'The upload is larger than this call accepts',
              });
            }
          },
        ],
        schema: {
          tags,
          security,
          summary: 'Attach documents to a record',
          description:
            '`multipart/form-data` with fields `entity_id` and `entity_data_id` (before the files) and up to ' +
            `${MAX_RECORD_DOCUMENT_FILES} files of at most 50 MB (413 above): PDF, images, Office, OpenDocument, RTF, ` +
            'CSV or text, recognised by content (415 otherwise; a damaged PDF or an empty file 422 keyed `file` / ' +
            '`files.<i>`). Or JSON `{ entity_id, entity_data_id, file_ref_ids?, employee_document_id? }`: files ' +
            'uploaded before with `PUT /upload/file-upload-s3`, and/or a document of the e-sign area the caller ' +
            "sees (linked once). Answers the attached documents. Another company's record, file or document: 404.",
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: ZSuccess(z.array(ZRecordDocument)), ...ERRORS },
        },
      },
      async (request) => {
        const access = accessOf(request);
        if (!request.isMultipart()) {
          return ok(
            await linkDocuments(platform, access, parsed(ZRecordDocumentLink, request.body)),
            'Attached',
          );
        }
        const { fields, files } = await readParts(request, maxBytes);
        const ids = parsed(ZIds, fields);
        const record = await recordOf(db, access, ids.entity_id, ids.entity_data_id);
        if (files.length === 0)
          throw validationError([{ key: 'file', path: ['file'], message: 'Add a file' }]);
        return ok(await attachFiles(platform, access, record, files), 'Attached');
      },
    );
  });

  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/entities/getDocuments/:entity_id/:entity_data_id',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags,
        security,
        summary: "A record's attached documents, newest first",
        description:
          'Files (`kind` FILE) come with a signed `download_url` valid one hour; documents of the e-sign area ' +
          '(`kind` DOCUMENT) with their `employee_document_id` and `document_status` (they open on their own ' +
          "page). Another company's record or an unknown id: 404.",
        params: ZIds,
        response: { 200: ZSuccess(z.array(ZRecordDocument)), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await listRecordDocuments(
          platform,
          accessOf(request),
          request.params.entity_id,
          request.params.entity_data_id,
        ),
      ),
  );

  r.post(
    '/fetchEntityDocumentsNotIncludeTemplates',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags,
        security,
        summary: "A record's attached documents not made from a document template, newest first",
        description:
          'The method is not certain in the spec (listed as POST with a `?`): POST with a JSON body ' +
          '`{ entity_id, entity_data_id }`. Answers, like `getDocuments`, the stored files and the e-sign ' +
          'documents made from an upload (`template` null); those made from a document template are left ' +
          "out. Another company's record or an unknown id: 404.",
        body: ZRecordDocumentsOf,
        response: { 200: ZSuccess(z.array(ZRecordDocument)), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await listRecordDocumentsWithoutTemplates(
          platform,
          accessOf(request),
          request.body.entity_id,
          request.body.entity_data_id,
        ),
      ),
  );

  r.post(
    '/getEmployeeDocumentsByEntityIdAndConfigurableDocumentId',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags,
        security,
        summary: "A record's attached e-sign documents made from one document template, newest first",
        description:
          'The method is not certain in the spec (listed as POST with a `?`): POST with a JSON body ' +
          '`{ entity_id, entity_data_id, configurable_document_id }`, the last a document template of the ' +
          'company (one in the bin counts). Answers the attached documents made from it, shaped like ' +
          "`getDocuments` (`template` set). Another company's record or template, a one-off document's " +
          'layout or an unknown id: 404.',
        body: ZRecordTemplateDocumentsOf,
        response: { 200: ZSuccess(z.array(ZRecordDocument)), ...ERRORS },
      },
    },
    async (request) => ok(await listRecordDocumentsOfTemplate(platform, accessOf(request), request.body)),
  );

  r.delete(
    '/entities/documents/:id',
    {
      onRequest: requirePermission(platform, 'entity-data:update'),
      schema: {
        tags,
        security,
        summary: 'Detach a document from a record',
        description:
          'Not named by the spec. The link goes; the file stays in storage (it may be used elsewhere) and a ' +
          "linked e-sign document is untouched. Another company's or an unknown id: 404.",
        params: z.object({ id: z.uuid('Use a document id') }),
        response: { 200: ZSuccess(z.object({ deleted: z.literal(true) })), ...ERRORS },
      },
    },
    async (request) => {
      await detachDocument(db, accessOf(request), request.params.id);
      return ok({ deleted: true as const }, 'Document detached');
    },
  );
}
