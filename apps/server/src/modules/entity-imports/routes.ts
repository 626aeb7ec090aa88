import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_JOB_MAX_BYTES,
  IMPORT_JOB_MAX_ROWS,
  IMPORT_UPLOAD_KEEP_DAYS,
  ZImportJob,
  ZMappedFieldsRequest,
  ZSaveMappingRequest,
  ZSavedMapping,
  ZStartImportRequest,
  ZStoredHeaders,
  ZStoredHeadersRequest,
  ZStoredUpload,
  ZTemplatesByMappedFields,
  ZTemplatesByMappedFieldsRequest,
} from '@esigns/contracts/entity-import';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import { notFound, validationError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { enableMultipart } from '../../platform/http/file-upload';
import type { Platform } from '../../platform/platform';
import { offsetOf } from '../dashboard';
import { loadEntityDefinition } from '../entities';
import { accessOf, requirePermission } from '../permissions';
import { listJobs, loadJob, startImport, type StartInput } from './jobs';
import { listMappings, saveMapping, templatesByMappedFields } from './mappings';
import { toImportJob } from './presenters';
import { rejectedCsv } from './rejected-csv';
import {
  discardUpload,
  listUploads,
  loadUpload,
  receiveUpload,
  storeUpload,
  storedHeaders,
  toStoredUpload,
  type ReceivedUpload,
} from './uploads';

const ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  422: ZErrorBody,
};

const fieldError = (key: string, message: string) =>
  validationError([{ key, message, path: [key] }], message);

/** A multipart text field as JSON (the mapping): 422 keyed by the field when it is not. */
function jsonField(upload: ReceivedUpload, key: string): unknown {
  const text = upload.fields[key]?.trim() ?? '';
  if (!text) throw fieldError(key, 'Send the mapping of columns to fields');
  try {
    return JSON.parse(text);
  } catch {
    throw fieldError(key, 'The mapping is not valid JSON');
  }
}

/** The fields of `PUT /import/upload-entities-data/{entity_id}` as `POST /map-entities-data` takes them. */
function startFields(upload: ReceivedUpload): StartInput {
  const parsed = ZStartImportRequest.omit({ upload_id: true }).safeParse({
    mapping: jsonField(upload, 'mapping'),
    skip_invalid: (upload.fields.skip_invalid?.trim().toLowerCase() ?? 'false') === 'true',
    ...(upload.fields.sheet ? { sheet: upload.fields.sheet } : {}),
    ...(upload.fields.save_mapping_as ? { save_mapping_as: upload.fields.save_mapping_as } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw validationError(
      parsed.error.issues.map((i) => ({
        key: i.path.join('.'),
        message: i.message,
        path: i.path.map(String),
      })),
      issue.message,
    );
  }
  const skip = upload.fields.skip_invalid?.trim().toLowerCase() ?? '';
  if (skip !== '' && skip !== 'true' && skip !== 'false') {
    throw fieldError('skip_invalid', 'Send skip_invalid as true or false');
  }
  return parsed.data;
}

/**
 * Spec 3 §7 "Imports": stored uploads, saved mappings and import jobs (README). Every call needs
 * `entity-data:create`; another company's entity, upload or import is 404.
 */
export function registerEntityImportRoutes(api: FastifyInstance, platform: Platform): void {
  const db = platform.database.db;
  const tags = ['entity-imports'];
  const security = [{ bearer: [] }];
  const guard = requirePermission(platform, 'entity-data:create');
  const maxBytes = Math.min(IMPORT_JOB_MAX_BYTES, platform.config.uploadLimitBytes);
  const id = z.string().max(64);
  const entityOf = (request: FastifyRequest, entityId: string) =>
    loadEntityDefinition(db, accessOf(request).companyId, entityId);
  const uploadOf = (request: FastifyRequest, uploadId: string) => {
    if (!isUuid(uploadId)) throw notFound('Upload');
    return loadUpload(db, accessOf(request).companyId, uploadId);
  };
  const jobOf = (request: FastifyRequest, jobId: string) => {
    if (!isUuid(jobId)) throw notFound('Import');
    return loadJob(db, accessOf(request).companyId, jobId);
  };
  const fileDoc =
    `\`file\`: CSV or XLSX told by its content, at most ${maxBytes / 1024 / 1024} MB (413 above; other kinds 415; ` +
    `empty or damaged 422 keyed \`file\`); every sheet is read and counted (more than ` +
    `${IMPORT_JOB_MAX_ROWS.toLocaleString('en-US')} rows in a sheet: 422 \`file\`). The file is kept ` +
    `${IMPORT_UPLOAD_KEEP_DAYS} days.`;

  void api.register(async (scope) => {
    await enableMultipart(scope, { fileSize: maxBytes });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/import/store-uploaded-file',
      {
        onRequest: guard,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: 'Store a spreadsheet to import into an entity',
          description: `\`multipart/form-data\`: \`entity_id\` and ${fileDoc} Answers the stored upload with its sheets.`,
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(ZStoredUpload), ...ERRORS },
        },
      },
      async (request) => {
        const upload = await receiveUpload(request, maxBytes);
        try {
          const entityId = upload.fields.entity_id?.trim() ?? '';
          if (!isUuid(entityId))
            throw fieldError('entity_id', entityId ? 'Use an entity id' : 'Name the entity');
          const def = await entityOf(request, entityId);
          const row = await storeUpload(platform, accessOf(request), def, upload);
          return ok(toStoredUpload(row), 'File stored');
        } finally {
          await discardUpload(upload.path);
        }
      },
    );

    r.get(
      '/get/import/UploadedFiles/:entity_id',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: "An entity's stored uploads",
          description: `Newest first, at most 100; uploads older than ${IMPORT_UPLOAD_KEEP_DAYS} days are gone.`,
          params: z.object({ entity_id: id }),
          response: { 200: ZSuccess(z.array(ZStoredUpload)), ...ERRORS },
        },
      },
      async (request) => ok(await listUploads(db, await entityOf(request, request.params.entity_id))),
    );

    r.post(
      '/get-excel-headers-app',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: "A stored upload's sheet: columns, first rows and the suggested mapping",
          description:
            'Any sheet of the upload (`sheet`, default the first with rows; unknown: 422 `sheet`). `mapping` is the ' +
            "entity's saved mapping that fits these headers best (every column it maps is a header; most columns, then " +
            'newest; `saved_mapping_id`), completed by label, else the label match.',
          body: ZStoredHeadersRequest,
          response: { 200: ZSuccess(ZStoredHeaders), ...ERRORS },
        },
      },
      async (request) => {
        const upload = await uploadOf(request, request.body.upload_id);
        const def = await entityOf(request, upload.entityId);
        return ok(await storedHeaders(platform, def, upload, request.body.sheet));
      },
    );

    r.post(
      '/update/mapped-fields/:entity_id',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'Save a mapping of columns to fields for an entity',
          description:
            'By name: the same name replaces. Every field named must be a field of the entity a cell can fill, each ' +
            'once (422 keyed `mapping.<column>`); at least one column mapped (422 `mapping`).',
          params: z.object({ entity_id: id }),
          body: ZSaveMappingRequest,
          response: { 200: ZSuccess(ZSavedMapping), ...ERRORS },
        },
      },
      async (request) => {
        const def = await entityOf(request, request.params.entity_id);
        return ok(await saveMapping(db, accessOf(request), def, request.body), 'Mapping saved');
      },
    );

    r.post(
      '/get/mappedFieldsData',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: "An entity's saved mappings",
          body: ZMappedFieldsRequest,
          response: { 200: ZSuccess(z.array(ZSavedMapping)), ...ERRORS },
        },
      },
      async (request) => ok(await listMappings(db, await entityOf(request, request.body.entity_id))),
    );

    r.post(
      '/get/templatesByMappedFields',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: "An entity's templates and fields a column can fill, and the mapping for these headers",
          body: ZTemplatesByMappedFieldsRequest,
          response: { 200: ZSuccess(ZTemplatesByMappedFields), ...ERRORS },
        },
      },
      async (request) => {
        const def = await entityOf(request, request.body.entity_id);
        return ok(await templatesByMappedFields(db, def, request.body.headers));
      },
    );

    const jobDoc =
      'Answers 202 with the import job (`GET /imports/{id}`; progress also as the socket event `import.progress`). ' +
      'The mapping is checked against the sheet first (422 keyed `mapping.<column>` / `mapping`, `sheet`). ' +
      'Rows are written in batches of 1,000, each batch once even after a crash. `skip_invalid` false: the whole ' +
      'file is checked first and the job ends FAILED with the problems when a row has one (nothing written); true: ' +
      'the good rows are written and the others listed (`GET /imports/{id}/rejected`).';

    r.post(
      '/map-entities-data',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'Import a stored upload into its entity (a job)',
          description: jobDoc,
          body: ZStartImportRequest,
          response: { 202: ZSuccess(ZImportJob), ...ERRORS },
        },
      },
      async (request, reply) => {
        const upload = await uploadOf(request, request.body.upload_id);
        const def = await entityOf(request, upload.entityId);
        const job = await startImport(
          platform,
          accessOf(request),
          def,
          upload,
          request.body,
          offsetOf(request),
        );
        return reply.code(202).send(ok(toImportJob(job), 'Import started'));
      },
    );

    r.put(
      '/import/upload-entities-data/:entity_id',
      {
        onRequest: guard,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: 'Store a spreadsheet and import it (a job)',
          description:
            `\`multipart/form-data\`: ${fileDoc} \`mapping\` (JSON text \`{ "<column>": "<template_id>#<key>" | null }\`), ` +
            '`skip_invalid` (`true`/`false`), `sheet` (default the first with rows), `save_mapping_as` (optional). ' +
            jobDoc,
          params: z.object({ entity_id: id }),
          consumes: ['multipart/form-data'],
          response: { 202: ZSuccess(ZImportJob), ...ERRORS },
        },
      },
      async (request, reply) => {
        const file = await receiveUpload(request, maxBytes);
        try {
          const def = await entityOf(request, request.params.entity_id);
          const input = startFields(file);
          const access = accessOf(request);
          const upload = await storeUpload(platform, access, def, file);
          const job = await startImport(platform, access, def, upload, input, offsetOf(request));
          return reply.code(202).send(ok(toImportJob(job), 'Import started'));
        } finally {
          await discardUpload(file.path);
        }
      },
    );

    r.get(
      '/imports',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: "An entity's recent import jobs",
          description: 'Newest first, at most 50.',
          querystring: z.object({ entity_id: id }),
          response: { 200: ZSuccess(z.array(ZImportJob)), ...ERRORS },
        },
      },
      async (request) => {
        const def = await entityOf(request, request.query.entity_id);
        return ok((await listJobs(db, def.row.id)).map(toImportJob));
      },
    );

    r.get(
      '/imports/:id',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'An import job: its state and counts',
          params: z.object({ id }),
          response: { 200: ZSuccess(ZImportJob), ...ERRORS },
        },
      },
      async (request) => ok(toImportJob(await jobOf(request, request.params.id))),
    );

    r.get(
      '/imports/:id/rejected',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'The rows an import left out, with their problems (CSV)',
          description: 'A UTF-8 CSV attachment: `Row`, the columns of the file, then `Problems`.',
          params: z.object({ id }),
          produces: ['text/csv'],
          response: ERRORS,
        },
      },
      async (request, reply) => {
        const job = await jobOf(request, request.params.id);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="rejected-rows-${job.id}.csv"`)
            // A stream is sent as it is: the response schemas describe the error answers only.
            .send(rejectedCsv(db, job) as never)
        );
      },
    );
  });
}
