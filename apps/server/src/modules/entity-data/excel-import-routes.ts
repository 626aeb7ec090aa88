import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ENTITY_IMPORT_MAX_ERRORS,
  ENTITY_IMPORT_MAX_ROWS,
  ENTITY_IMPORT_MAX_BYTES,
  ZExcelHeaders,
  ZImportResult,
} from '@esigns/contracts/entity-import';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import { validationError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { enableMultipart, readUpload, type Upload } from '../../platform/http/file-upload';
import type { Platform } from '../../platform/platform';
import { offsetOf } from '../dashboard';
import { loadEntityDefinition } from '../entities';
import { accessOf, requirePermission } from '../permissions';
import { excelHeaders, importExcelData } from './excel-import-service';
import { stagedImports, useStagedImports } from './staged-imports';
import { countOf } from '@esigns/contracts/wording';

const ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  422: ZErrorBody,
};

/** The `entity_id` field of the upload: 422 when missing or not an id. */
function entityIdOf(upload: Upload): string {
  const id = upload.fields.entity_id?.trim() ?? '';
  if (!isUuid(id)) {
    const message = id ? 'Use an entity id' : 'Name the entity';
    throw validationError([{ key: 'entity_id', message, path: ['entity_id'] }], message);
  }
  return id;
}

/**
 * Spec 3 §7 "Imports": records of an entity from a spreadsheet (`POST /get-excel-headers`, then
 * `POST /import-excel-data`), in a scope of their own with the multipart parser.
 */
export function registerEntityExcelImportRoutes(api: FastifyInstance, platform: Platform): void {
  const db = platform.database.db;
  // PGlite's one connection is not held for a whole import: records are written staged.
  useStagedImports(platform.database.kind === 'pglite');
  const pacing = { staged: stagedImports(), giveWay: platform.database.giveWay };
  const tags = ['entity-data'];
  const security = [{ bearer: [] }];
  const maxBytes = Math.min(ENTITY_IMPORT_MAX_BYTES, platform.config.uploadLimitBytes);
  const fileDoc =
    `the spreadsheet in \`file\` (CSV or XLSX, told by its content; at most ${maxBytes / 1024 / 1024} MB: 413 ` +
    'above; Excel 97-2003 and other kinds of file: 415; empty or damaged: 422 keyed `file`). The first sheet is ' +
    'read; its first non-empty row names the columns (an empty header is `Column C`, a repeated one `Price (2)`), ' +
    `every non-empty row below it is a row (more than ${ENTITY_IMPORT_MAX_ROWS.toLocaleString('en-US')}: 422 ` +
    "`file`). Needs `entity-data:create`; an unknown or another company's entity is 404.";

  void api.register(async (scope) => {
    await enableMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/get-excel-headers',
      {
        onRequest: requirePermission(platform, 'entity-data:create'),
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: "A spreadsheet's columns, its first rows and the fields they fill",
          description:
            `\`multipart/form-data\`: \`entity_id\` and ${fileDoc} Answers \`headers\`, \`sample\` (the first 5 ` +
            'rows, one cell per header: text, numbers, true/false or null; dates as ISO text), `row_count` and ' +
            "`mapping`: for each header the entity's field (`<template_id>#<key>`, non-repeatable templates, " +
            'fields a cell can fill) whose label, else key, it names ignoring case, spaces and punctuation ' +
            '(each field once), or null.',
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(ZExcelHeaders), ...ERRORS },
        },
      },
      async (request) => {
        const upload = await readUpload(request, maxBytes, 'spreadsheet');
        const def = await loadEntityDefinition(db, accessOf(request).companyId, entityIdOf(upload));
        return ok(await excelHeaders(def, upload.bytes), 'Spreadsheet read');
      },
    );

    r.post(
      '/import-excel-data',
      {
        onRequest: requirePermission(platform, 'entity-data:create'),
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: "Add an entity's records from a spreadsheet",
          description:
            `\`multipart/form-data\`: \`entity_id\`, \`mapping\` (JSON text \`{ "<header>": "<template_id>#<key>" | null }\`; ` +
            'a column left out or null is not imported; a header not in the file, an unknown field, one a cell ' +
            'cannot fill (files, computed fields) or a field named twice: 422 keyed `mapping.<header>`; a required ' +
            'field no column fills (without a default): 422 `mapping`), `skip_invalid` (`true` or `false`, default ' +
            `false) and ${fileDoc} Each row becomes a record: cells are converted to the field's type (numbers and ` +
            'amounts with separators or currency signs, dates from Excel dates or YYYY-MM-DD / DD-MM-YYYY / 12 Jan 2025 ' +
            "text, date-times without a zone in the caller's `usertimezone`, yes/no words, options by value or label " +
            'ignoring case, multi-select lists split on commas, linked records by id or exact title), then checked by ' +
            'the record validator and created as `POST /entities-datas` does, all or nothing (no record is shown ' +
            'before the last is written) ' +
            '(BLOCK duplicate rules apply to records there and to earlier rows of the file). With `skip_invalid` false, ' +
            'one row with a problem refuses the file: 422 with details keyed `rows.<row>.<template_id>.<key>` ' +
            `(\`rows.<row>\` for the row as a whole; <row> is the row's number in the sheet; up to ` +
            `${ENTITY_IMPORT_MAX_ERRORS}) and nothing is added. With \`skip_invalid\` true the valid rows are added ` +
            'and the others listed. Answers `inserted`, `skipped`, `errors` (`[{row, field, column, message}]`, up to ' +
            `${ENTITY_IMPORT_MAX_ERRORS}) and \`errors_total\`.`,
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(ZImportResult), ...ERRORS },
        },
      },
      async (request) => {
        const offsetMinutes = offsetOf(request);
        const upload = await readUpload(request, maxBytes, 'spreadsheet');
        const access = accessOf(request);
        const def = await loadEntityDefinition(db, access.companyId, entityIdOf(upload));
        const skip = upload.fields.skip_invalid?.trim().toLowerCase() ?? 'false';
        if (skip !== 'true' && skip !== 'false' && skip !== '') {
          const message = 'Send skip_invalid as true or false';
          throw validationError([{ key: 'skip_invalid', message, path: ['skip_invalid'] }], message);
        }
        const result = await importExcelData(
          db,
          access,
          def,
          upload.bytes,
          { mapping: upload.fields.mapping, skipInvalid: skip === 'true', offsetMinutes },
          pacing,
        );
        return ok(result, `${countOf(result.inserted, 'record')} added`);
      },
    );
  });
}
