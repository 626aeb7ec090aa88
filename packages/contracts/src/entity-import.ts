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
