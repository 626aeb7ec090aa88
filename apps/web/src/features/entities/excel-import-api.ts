import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_JOB_MAX_BYTES,
  IMPORT_PROGRESS_EVENT,
  importProblemOfDetail,
  type TExcelHeaders,
  type TImportJob,
  type TImportMapping,
  type TImportProblem,
  type TSavedMapping,
  type TStartImportRequest,
  type TStoredUpload,
} from '@esigns/contracts/entity-import';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';
import { isApiError } from '../../shared/api/api-error';
import { useRealtimeEvent } from '../../shared/realtime/socket';

/*
 * Records from a spreadsheet (spec 3 §7 "Imports"), the calls of `/entity/{id}/excel/add`: the
 * file is stored once (and can be picked again), any sheet's columns are read, mappings are saved
 * per entity, and the import runs as a job whose progress arrives as `import.progress`.
 */

export const excelImportPath = (entityId: string) => `/entity/${encodeURIComponent(entityId)}/excel/add`;

export const SPREADSHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const IMPORT_KEYS = {
  uploads: (entityId: string) => ['entity-imports', 'uploads', entityId] as const,
  mappings: (entityId: string) => ['entity-imports', 'mappings', entityId] as const,
  headers: (uploadId: string, sheet: string) => ['entity-imports', 'headers', uploadId, sheet] as const,
  job: (jobId: string) => ['entity-imports', 'job', jobId] as const,
};

const id = encodeURIComponent;

/** '1,250 rows', '1 row'. */
export const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The browser's own check of a chosen file, before it is sent. */
export function importFileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose an Excel (.xlsx) or CSV file';
  if (file.size === 0) return 'The file is empty';
  if (file.size > IMPORT_JOB_MAX_BYTES) {
    return `The file is larger than ${IMPORT_JOB_MAX_BYTES / 1024 / 1024} MB: split it into several files`;
  }
  return null;
}

/** `POST /import/store-uploaded-file`: keeps the file and answers its sheets. */
export async function storeUpload(entityId: string, file: File): Promise<TStoredUpload> {
  const form = new FormData();
  form.append('entity_id', entityId);
  form.append('file', file);
  return (await api.post<TStoredUpload>('/import/store-uploaded-file', form, { timeoutMs: 300_000 })).data;
}

/** `GET /get/import/UploadedFiles/{entity_id}`: the entity's stored uploads, newest first. */
export async function fetchStoredUploads(entityId: string, signal?: AbortSignal): Promise<TStoredUpload[]> {
  return (await api.get<TStoredUpload[]>(`/get/import/UploadedFiles/${id(entityId)}`, undefined, { signal }))
    .data;
}

/** `POST /get-excel-headers-app`: one sheet's columns, first rows and suggested (or saved) mapping. */
export async function readSheetHeaders(uploadId: string, sheet: string): Promise<TExcelHeaders> {
  return (
    await api.post<TExcelHeaders>(
      '/get-excel-headers-app',
      { upload_id: uploadId, sheet },
      { timeoutMs: 300_000 },
    )
  ).data;
}

/** `POST /get/mappedFieldsData`: the entity's saved mappings. */
export async function fetchSavedMappings(entityId: string): Promise<TSavedMapping[]> {
  return (await api.post<TSavedMapping[]>('/get/mappedFieldsData', { entity_id: entityId })).data;
}

/** `POST /update/mapped-fields/{entity_id}`: saves a mapping under a name (the same name replaces it). */
export async function saveMapping(
  entityId: string,
  name: string,
  mapping: TImportMapping,
): Promise<TSavedMapping> {
  return (await api.post<TSavedMapping>(`/update/mapped-fields/${id(entityId)}`, { name, mapping })).data;
}

/** `POST /map-entities-data`: starts the import job (202). */
export async function startImport(request: TStartImportRequest): Promise<TImportJob> {
  return (await api.post<TImportJob>('/map-entities-data', request)).data;
}

/** `GET /imports/{id}`: a job's state. */
export async function fetchImportJob(jobId: string, signal?: AbortSignal): Promise<TImportJob> {
  return (await api.get<TImportJob>(`/imports/${id(jobId)}`, undefined, { signal })).data;
}

/** A saved mapping applied to this sheet: its fields for the headers it knows, the rest as they were. */
export function applySavedMapping(
  headers: string[],
  current: TImportMapping,
  saved: TImportMapping,
): TImportMapping {
  return Object.fromEntries(
    headers.map((header) => [header, header in saved ? (saved[header] ?? null) : (current[header] ?? null)]),
  );
}

/** How often a running job is read when no socket event came. */
export const IMPORT_POLL_MS = 5_000;
const isFinished = (job: TImportJob) => job.status === 'DONE' || job.status === 'FAILED';

/** One import job as it runs: `import.progress` events, and a slow read as a fallback. */
export function useImportJob(initial: TImportJob) {
  const queryClient = useQueryClient();
  useRealtimeEvent<TImportJob>(IMPORT_PROGRESS_EVENT, (job) => {
    if (job?._id === initial._id) queryClient.setQueryData(IMPORT_KEYS.job(job._id), job);
  });
  return useQuery({
    queryKey: IMPORT_KEYS.job(initial._id),
    queryFn: ({ signal }) => fetchImportJob(initial._id, signal),
    initialData: initial,
    staleTime: IMPORT_POLL_MS,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : IMPORT_POLL_MS),
  });
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
