import { z } from 'zod';
import type { TFormFieldType } from './nocode-field-types';

/*
 * Records of an entity from a spreadsheet (spec 3 §7 "Imports": `POST /get-excel-headers`,
 * `POST /import-excel-data`; screen `/entity/{entity_id}/excel/add`). The columns of the file's
 * first sheet are mapped to fields (`<template_id>#<key>`), each row becomes a record, checked by
 * the same validator as records added one by one.
 */

/** Data rows a file may have (below its header row). */
export const ENTITY_IMPORT_MAX_ROWS = 50_000;
/** Largest file (the server's upload limit applies too when lower). */
export const ENTITY_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows shown under each column while mapping. */
export const ENTITY_IMPORT_SAMPLE_ROWS = 5;
/** Problems answered at most (the counts are always whole). */
export const ENTITY_IMPORT_MAX_ERRORS = 200;

/**
 * Field types a column can fill. Files, images, signatures and data tables have no cell form;
 * computed fields (auto-increment, formula, aggregate, global variable, pay button) are filled
 * by the server.
 */
export const IMPORTABLE_FIELD_TYPES: readonly TFormFieldType[] = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'RICH_TEXT',
  'NUMBER',
  'CURRENCY',
  'PERCENTAGE',
  'DATE',
  'TIME',
  'DATE_TIME',
  'YES_OR_NO',
  'CHECKBOX',
  'SELECT',
  'MULTI_SELECT',
  'RADIO',
  'EMAIL',
  'PHONE',
  'URL',
  'LOCATION',
  'BARCODE',
  'ENTITY',
];

export const isImportableFieldType = (type: TFormFieldType): boolean => IMPORTABLE_FIELD_TYPES.includes(type);

/** A cell as answered: text, number, yes/no or empty (dates as ISO text). */
export const ZImportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TImportCell = z.infer<typeof ZImportCell>;

/** `POST /get-excel-headers`: the columns of the file, a few rows, and the suggested mapping. */
export const ZExcelHeaders = z.object({
  /** Column names from the first non-empty row; an empty one is `Column C`, a repeated one `Price (2)`. */
  headers: z.array(z.string()),
  /** The first rows below the header, one cell per header. */
  sample: z.array(z.array(ZImportCell)),
  /** Non-empty rows below the header. */
  row_count: z.number().int(),
  /** For each header, the field whose label or key it names (`<template_id>#<key>`), or null. */
  mapping: z.record(z.string(), z.string().nullable()),
});
export type TExcelHeaders = z.infer<typeof ZExcelHeaders>;

/** The `mapping` of `POST /import-excel-data` (sent as JSON text): header -> field, or null to skip. */
export type TImportMapping = Record<string, string | null>;

/** One problem of one row: its row number in the sheet, the field (`<template_id>#<key>`) and column. */
export const ZImportProblem = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type TImportProblem = z.infer<typeof ZImportProblem>;

export const ZImportResult = z.object({
  inserted: z.number().int(),
  /** Rows left out because of a problem (skip_invalid=true). */
  skipped: z.number().int(),
  /** Up to 200 problems, by row. */
  errors: z.array(ZImportProblem),
  /** Problems in all (more than `errors` when it was cut). */
  errors_total: z.number().int(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** Row details of a refused import are keyed `rows.<row>.<template_id>.<key>` (or `rows.<row>`). */
export function importProblemOfDetail(detail: { key: string; message: string }): {
  row: number;
  field: string | null;
  message: string;
} | null {
  const match = /^rows\.(\d+)(?:\.([^.]+)\.([^.]+))?/.exec(detail.key);
  if (!match) return null;
  return {
    row: Number(match[1]),
    field: match[2] && match[3] ? `${match[2]}#${match[3]}` : null,
    message: detail.message,
  };
}

// ---------------------------------------------------------------------------------------------
// Stored uploads, saved mappings and import jobs (spec 3 §7 "Imports": the `/import/...` calls,
// `/get/mappedFieldsData`, `/get/templatesByMappedFields`, `/map-entities-data`,
// `/get-excel-headers-app`; ../shared/DOMAIN-PLATFORM.md "Data in and out").
//
// 1. `POST /import/store-uploaded-file` (multipart `entity_id`, `file`) stores the file and answers
//    a TStoredUpload (its sheets and their row counts). `GET /get/import/UploadedFiles/{entity_id}`
//    lists an entity's stored uploads (newest first; files are kept IMPORT_UPLOAD_KEEP_DAYS days).
// 2. `POST /get-excel-headers-app` ({upload_id, sheet}) answers TExcelHeaders for one sheet of a
//    stored upload (any sheet, not just the first); its `mapping` is the entity's saved mapping
//    when one fits these headers, else the label match.
// 3. Saved mappings per entity: `POST /update/mapped-fields/{entity_id}` saves one (by name;
//    same name replaces), `POST /get/mappedFieldsData` ({entity_id}) lists them,
//    `POST /get/templatesByMappedFields` ({entity_id, headers}) answers, for these headers, the
//    entity's templates with their importable fields and the best saved mapping.
// 4. `POST /map-entities-data` ({upload_id, sheet, mapping, skip_invalid, save_mapping_as?})
//    starts an import job and answers 202 with TImportJob; `PUT /import/upload-entities-data/{entity_id}`
//    (multipart `file`, `mapping`, `skip_invalid`, `sheet`) stores and starts in one call.
//    The job writes rows in batches, each batch with its rows' numbers (a row number key per
//    upload: a batch re-run after a crash never adds a row twice); progress arrives as the socket
//    event `import.progress` and at `GET /imports/{id}`. Skipped rows and their reasons are a CSV
//    at `GET /imports/{id}/rejected` (the row's cells, then `Problems`).
//    All or nothing (`skip_invalid` false): nothing is kept when any row has a problem; the job
//    ends FAILED with the problems. Percentage cells are read as 0-100 (25 % -> 25).
// ---------------------------------------------------------------------------------------------

/** Days a stored upload (and its rejected-rows file) is kept. */
export const IMPORT_UPLOAD_KEEP_DAYS = 14;
/** Rows a job-run import may have (the one-request `/import-excel-data` keeps ENTITY_IMPORT_MAX_ROWS). */
export const IMPORT_JOB_MAX_ROWS = 1_000_000;
/** Largest file a stored upload may be. */
export const IMPORT_JOB_MAX_BYTES = 200 * 1024 * 1024;
/** Rows written per batch of an import job (each batch one transaction, keyed by row numbers). */
export const IMPORT_JOB_BATCH_ROWS = 1_000;

export const ZStoredUpload = z.object({
  _id: z.string(),
  entity_id: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  /** Every sheet of the workbook (one for CSV, named after the file). */
  sheets: z.array(z.object({ name: z.string(), row_count: z.number().int() })),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TStoredUpload = z.infer<typeof ZStoredUpload>;

const ZUploadId = z.guid({ error: 'Invalid upload id' });
const ZEntityIdRef = z.guid({ error: 'Choose an entity' });
/** A mapping: header -> `<template_id>#<key>`, or null to leave the column out. */
export const ZImportMappingValue = z.record(z.string().max(300), z.string().max(200).nullable());

/** `POST /get-excel-headers-app`. */
export const ZStoredHeadersRequest = z.object({
  upload_id: ZUploadId,
  /** A sheet name of the upload (default: the first). */
  sheet: z.string().max(200).optional(),
});

/** The answer of `POST /get-excel-headers-app`: the sheet read and the saved mapping suggested (or null). */
export const ZStoredHeaders = ZExcelHeaders.extend({
  sheet: z.string(),
  saved_mapping_id: z.string().nullable(),
});
export type TStoredHeaders = z.infer<typeof ZStoredHeaders>;

export const ZSavedMapping = z.object({
  _id: z.string(),
  entity_id: z.string(),
  name: z.string(),
  mapping: ZImportMappingValue,
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type TSavedMapping = z.infer<typeof ZSavedMapping>;

/** `POST /update/mapped-fields/{entity_id}`. */
export const ZSaveMappingRequest = z.object({
  name: z.string().trim().min(1, 'Name the mapping').max(120, 'At most 120 characters'),
  mapping: ZImportMappingValue,
});

/** `POST /get/mappedFieldsData`. */
export const ZMappedFieldsRequest = z.object({ entity_id: ZEntityIdRef });

/** `POST /get/templatesByMappedFields`. */
export const ZTemplatesByMappedFieldsRequest = z.object({
  entity_id: ZEntityIdRef,
  headers: z.array(z.string().max(300)).max(1_000),
});
export const ZTemplatesByMappedFields = z.object({
  templates: z.array(
    z.object({
      template_id: z.string(),
      name: z.string(),
      primary: z.boolean(),
      fields: z.array(
        z.object({
          ref: z.string(),
          key: z.string(),
          label: z.string(),
          type: z.string(),
          required: z.boolean(),
        }),
      ),
    }),
  ),
  /** Header -> field for these headers (a saved mapping's when one fits, else by label). */
  mapping: z.record(z.string(), z.string().nullable()),
  /** The saved mapping used, when one. */
  saved_mapping_id: z.string().nullable(),
});
export type TTemplatesByMappedFields = z.infer<typeof ZTemplatesByMappedFields>;

/** `POST /map-entities-data`. */
export const ZStartImportRequest = z.object({
  upload_id: ZUploadId,
  sheet: z.string().max(200).optional(),
  mapping: ZImportMappingValue,
  skip_invalid: z.boolean().default(false),
  /** Also save this mapping under this name for the entity. */
  save_mapping_as: z.string().trim().min(1).max(120).optional(),
});
export type TStartImportRequest = z.input<typeof ZStartImportRequest>;

export const IMPORT_JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type TImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export const ZImportJob = z.object({
  _id: z.string(),
  entity_id: z.string(),
  upload_id: z.string(),
  sheet: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  skip_invalid: z.boolean(),
  total: z.number().int(),
  processed: z.number().int(),
  inserted: z.number().int(),
  skipped: z.number().int(),
  /** The first problems (up to ENTITY_IMPORT_MAX_ERRORS); `errors_total` counts them all. */
  errors: z.array(ZImportProblem),
  errors_total: z.number().int(),
  /** `GET /imports/{id}/rejected` when rows were skipped or refused. */
  rejected_url: z.string().nullable(),
  /** Why a FAILED job ended (row problems, an expired upload, an entity that changed); else null. */
  message: z.string().nullable().optional(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TImportJob = z.infer<typeof ZImportJob>;

/** Socket event to the importing user while the job runs and when it ends (payload TImportJob). */
export const IMPORT_PROGRESS_EVENT = 'import.progress';
