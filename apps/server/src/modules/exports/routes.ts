import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_DIRECT_MAX_ROWS,
  EXPORT_KEEP_DAYS,
  EXPORT_PDF_MAX_ROWS,
  ZAllEntitiesExportRequest,
  ZEntityExportRequest,
  ZEntityViewExportRequest,
  ZExportJob,
  ZExportQuery,
} from '@esigns/contracts/data-exports';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { formatContentDisposition } from '../../platform/storage/storage';
import { accessOf, requirePermission, type AccessContext } from '../permissions';
import { KIND_PERMISSION } from './jobs';
import {
  answerExport,
  findExport,
  listExports,
  openExportFile,
  toExportJob,
  type ExportAnswer,
} from './service';
import { allEntitiesPlan, entityPlan, viewPlan, type EntityExportBody } from './sources';

/*
 * The export calls (contracts: data-exports.ts) and the export jobs' list, state and download.
 * Staff only: a contact token is 403 (requireAuth's default).
 */

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  410: ZErrorBody,
  422: ZErrorBody,
};
const tags = ['exports'];
const security = [{ bearer: [] }];
const ZJob = ZExportJob.meta({ id: 'ExportJob' });
const ANSWERS = {
  200: z.any().describe('The file (xlsx or PDF), as an attachment named after what was exported'),
  202: ZSuccess(ZJob).describe('A job: progress at GET /exports/{id} and the socket event export.progress'),
  ...ERRORS,
};
const BIG =
  `Over ${EXPORT_DIRECT_MAX_ROWS} records, or with \`background: true\`, the answer is 202 with an export job ` +
  `(progress on \`GET /exports/{id}\` and the socket event \`export.progress\`; when done the file is at ` +
  `\`GET /exports/{id}/download\` for ${EXPORT_KEEP_DAYS} days and the link is mailed). `;
const CELLS =
  'Cells are typed: numbers and currency as numbers (the field currency symbol as number format), percentages ' +
  'as fractions shown with %, dates as dates, date-times as the wall clock of `tz` (named in the header), ' +
  'yes/no as TRUE/FALSE, choices by label, lists joined with ", ", linked records by title. Header bold and ' +
  'frozen. Unknown `tz`, bad filters, sort or columns: 422. ';

async function sendAnswer(reply: FastifyReply, answer: ExportAnswer) {
  if (!answer.direct) return reply.code(202).send(ok(answer.job));
  return reply
    .type(answer.contentType)
    .header('content-disposition', formatContentDisposition('attachment', answer.fileName))
    .header('cache-control', 'private, no-store')
    .send(answer.body as never);
}

export function registerExportRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const ZEntityParams = z.object({ id: z.string().describe('The entity id') });
  const exportEntity = async (
    entityId: string,
    tz: string | undefined,
    given: EntityExportBody | null | undefined,
    format: 'XLSX' | 'PDF',
    access: AccessContext,
  ) => {
    const zone = tz || 'UTC';
    const body = given ?? ZEntityExportRequest.parse({});
    const plan = await entityPlan(db, access, entityId, body, zone);
    const request = { entity_id: entityId, body, tz: zone };
    return answerExport(
      platform,
      access,
      plan,
      { kind: 'ENTITY', format, background: body.background, request },
      zone,
    );
  };

  r.post(
    '/export/entities-data/:id',
    {
      onRequest: requirePermission(platform, KIND_PERMISSION.ENTITY),
      schema: {
        tags,
        security,
        summary: "An entity's records as xlsx (named after the entity)",
        description:
          'The records as the grid asks them (`filters`, `filter_id`, `search`, `apply_global_filters`, ' +
          '`sort`, `ids`), the `columns` asked (default: every field of its templates, then Created and ' +
          'Updated), one sheet, streamed as written. ' +
          BIG +
          CELLS +
          "Needs `entity-data:export`; another company's entity: 404.",
        params: ZEntityParams,
        querystring: ZExportQuery,
        body: ZEntityExportRequest.nullish(),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
        response: ANSWERS,
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await exportEntity(request.params.id, request.query.tz, request.body, 'XLSX', accessOf(request)),
      ),
  );

  r.post(
    '/export/entities-data/pdf/:id',
    {
      onRequest: requirePermission(platform, KIND_PERMISSION.ENTITY),
      schema: {
        tags,
        security,
        summary: "An entity's records as a PDF table",
        description:
          'The same records and columns as the xlsx export, as a table with the header repeated on every page ' +
          '(landscape beyond six columns), long text wrapped, the company name, logo and colour, page numbers. ' +
          `At most ${EXPORT_PDF_MAX_ROWS} records (beyond: 422). With \`background: true\` a job (202). ` +
          "Needs `entity-data:export`; another company's entity: 404.",
        params: ZEntityParams,
        querystring: ZExportQuery,
        body: ZEntityExportRequest.nullish(),
        produces: ['application/pdf', 'application/json'],
        response: ANSWERS,
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await exportEntity(request.params.id, request.query.tz, request.body, 'PDF', accessOf(request)),
      ),
  );

  r.post(
    '/export/all-entities-data',
    {
      onRequest: requirePermission(platform, KIND_PERMISSION.ALL_ENTITIES),
      schema: {
        tags,
        security,
        summary: 'Every entity of the company as one xlsx (named after the company), a sheet per entity',
        description:
          'Every entity (or `entity_ids`, all of this company), by name, each sheet named after its entity ' +
          '(at most 31 characters, without []:*?/\\, unique). ' +
          BIG +
          CELLS +
          "Needs `exports:company-data`; another company's entity id: 404.",
        querystring: ZExportQuery,
        body: ZAllEntitiesExportRequest.nullish(),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
        response: ANSWERS,
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const zone = request.query.tz || 'UTC';
      const body = request.body ?? ZAllEntitiesExportRequest.parse({});
      const plan = await allEntitiesPlan(db, access, body, zone);
      const answer = await answerExport(
        platform,
        access,
        plan,
        { kind: 'ALL_ENTITIES', format: 'XLSX', background: body.background, request: { body, tz: zone } },
        zone,
      );
      return sendAnswer(reply, answer);
    },
  );

  r.post(
    '/entity-views/export-pdf',
    {
      onRequest: requirePermission(platform, KIND_PERMISSION.ENTITY_VIEW),
      schema: {
        tags,
        security,
        summary: 'An entity view as a PDF table (named after the view)',
        description:
          "Per entity of the view: its columns, its filters (with the caller's `filters` and `search` ANDed), " +
          "its sorts, the caller's global filters; a table per entity. " +
          `At most ${EXPORT_PDF_MAX_ROWS} records (beyond: 422). With \`background: true\` a job (202). ` +
          "Needs `exports:entity-views`; another company's view: 404; a view whose filters no longer fit: 422.",
        querystring: ZExportQuery,
        body: ZEntityViewExportRequest,
        produces: ['application/pdf', 'application/json'],
        response: ANSWERS,
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const zone = request.query.tz || 'UTC';
      const plan = await viewPlan(db, access, request.body, zone);
      const answer = await answerExport(
        platform,
        access,
        plan,
        {
          kind: 'ENTITY_VIEW',
          format: 'PDF',
          background: request.body.background,
          request: { body: request.body, tz: zone },
        },
        zone,
      );
      return sendAnswer(reply, answer);
    },
  );

  r.get(
    '/exports',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        security,
        summary: 'Export jobs, newest first',
        description:
          "The caller's export jobs; with `all=true` an OWNER or ADMIN sees every job of the company " +
          '(others still see only their own).',
        querystring: ZPageQuery.extend({ all: z.stringbool().default(false) }),
        response: { 200: ZSuccess(ZPaged(ZJob)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listExports(db, accessOf(request), request.query);
      return ok(toPaged(rows.map(toExportJob), total, request.query));
    },
  );

  const ZIdParams = z.object({ id: z.string().describe('The export id') });

  r.get(
    '/exports/:id',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        security,
        summary: 'One export job (status, progress, download link when done)',
        description: 'Only the user who asked, or an OWNER/ADMIN of the company; anyone else: 404.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZJob), ...ERRORS },
      },
    },
    async (request) => ok(toExportJob(await findExport(db, accessOf(request), request.params.id))),
  );

  r.get(
    '/exports/:id/download',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags,
        security,
        summary: "A finished export's file",
        description:
          'Only the user who asked, or an OWNER/ADMIN of the company (anyone else: 404). Not finished: 409; ' +
          `past its ${EXPORT_KEEP_DAYS} days: 410.`,
        params: ZIdParams,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
        response: { 200: z.any().describe('The file'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const file = await openExportFile(platform, accessOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', formatContentDisposition('attachment', file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
