import {
  ENTITY_IMPORT_MAX_BYTES,
  importProblemOfDetail,
  type TExcelHeaders,
  type TImportMapping,
  type TImportProblem,
  type TImportResult,
} from '@esigns/contracts/entity-import';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';
import { isApiError } from '../../shared/api/api-error';

/** Records from a spreadsheet (spec 3 §7 "Imports"): the two calls of `/entity/{id}/excel/add`. */

export const excelImportPath = (entityId: string) => `/entity/${encodeURIComponent(entityId)}/excel/add`;

export const SPREADSHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The browser's own check of a chosen file, before it is sent. */
export function importFileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose an Excel (.xlsx) or CSV file';
  if (file.size === 0) return 'The file is empty';
  if (file.size > ENTITY_IMPORT_MAX_BYTES) {
    return `The file is larger than ${ENTITY_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into several files`;
  }
  return null;
}

/** `POST /get-excel-headers`: the file's columns, first rows and the suggested fields. */
export async function readExcelHeaders(entityId: string, file: File): Promise<TExcelHeaders> {
  const form = new FormData();
  form.append('entity_id', entityId);
  form.append('file', file);
  return (await api.post<TExcelHeaders>('/get-excel-headers', form, { timeoutMs: 300_000 })).data;
}

/** `POST /import-excel-data`. A big file takes a while: up to five minutes. */
export async function importExcelData(
  entityId: string,
  file: File,
  mapping: TImportMapping,
  skipInvalid: boolean,
): Promise<TImportResult> {
  const form = new FormData();
  form.append('entity_id', entityId);
  form.append('mapping', JSON.stringify(mapping));
  form.append('skip_invalid', skipInvalid ? 'true' : 'false');
  form.append('file', file);
  return (await api.post<TImportResult>('/import-excel-data', form, { timeoutMs: 300_000 })).data;
}

/**
 * The row problems of an import refused as a whole (422 keyed `rows.<row>.<template_id>.<key>`),
 * with the column that filled each field; null when the refusal is not about rows.
 */
export function refusedRows(
  error: unknown,
  columnOf: (field: string) => string | null,
): { problems: TImportProblem[]; message: string } | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const details = ((error.body as { errors?: { details?: TValidationDetail[] } } | undefined)?.errors
    ?.details ?? []) as TValidationDetail[];
  const problems = details.flatMap((detail) => {
    const problem = importProblemOfDetail(detail);
    return problem ? [{ ...problem, column: problem.field ? columnOf(problem.field) : null }] : [];
  });
  return problems.length > 0 ? { problems, message: error.message } : null;
}
