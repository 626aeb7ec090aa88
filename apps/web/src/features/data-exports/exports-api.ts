import type { TEntityExportRequest, TExportFormat, TExportJob } from '@esigns/contracts/data-exports';
import type { TFilterGroupInput } from '@esigns/contracts/nocode-filters';
import type { TPaged } from '@esigns/contracts/envelope';
import {
  api,
  buildAuthHeaders,
  buildUrl,
  ensureFreshSession,
  readSessionAuthDetails,
} from '../../shared/api/api-client';
import { errorFromFetchResponse } from '../../shared/api/api-error';
import { fileNameOf } from '../signing/signing-api';

/*
 * Exports (contract `data-exports`): an entity's records, every entity, an entity view. A small
 * export answers the file itself (downloaded here as a blob, named by Content-Disposition); a
 * large one answers 202 with a job whose progress arrives as `export.progress` and at
 * `GET /exports/{id}`, then a download link.
 */

export const EXPORT_KEYS = {
  all: ['exports'] as const,
  list: () => ['exports', 'list'] as const,
  one: (id: string) => ['exports', 'one', id] as const,
};

/** The IANA zone of this browser: the export writes its dates and times in it. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** What an export call answered: the file, or a job that will make it. */
export type ExportOutcome = { kind: 'file'; blob: Blob; fileName: string } | { kind: 'job'; job: TExportJob };

const JSON_TYPE = /application\/json/i;

/**
 * One export call. A plain fetch (the answer may be a file, not JSON) with the session's headers,
 * after making sure the token is fresh; a JSON answer with status 202 is a job.
 */
async function postExport(path: string, body: unknown, fallbackName: string): Promise<ExportOutcome> {
  await ensureFreshSession();
  const response = await fetch(buildUrl(path, { tz: browserZone() }), {
    method: 'POST',
    headers: { ...buildAuthHeaders(readSessionAuthDetails()), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorFromFetchResponse(response);
  if (response.status === 202 || JSON_TYPE.test(response.headers.get('content-type') ?? '')) {
    const answer = (await response.json()) as { data: TExportJob };
    return { kind: 'job', job: answer.data };
  }
  const name = fileNameOf(response.headers.get('content-disposition'));
  return {
    kind: 'file',
    blob: await response.blob(),
    fileName: name === 'document.pdf' ? fallbackName : name,
  };
}

/** What the records grid shows: its filters (the view's and the person's), search, sort, columns, selection. */
export type GridExportQuery = {
  baseFilters?: TFilterGroupInput | undefined;
  filters?: TFilterGroupInput | undefined;
  filterId?: string | undefined;
  search?: string | undefined;
  sort?: TEntityExportRequest['sort'];
  columns?: string[] | undefined;
  ids?: string[] | undefined;
};

/**
 * The grid's two filter groups as the one group an export takes: null when they cannot be one
 * (a view's "any of" group beside the person's own conditions).
 */
export function combineFilters(
  base: TFilterGroupInput | undefined,
  own: TFilterGroupInput | undefined,
): TFilterGroupInput | undefined | null {
  const baseRules = base?.rules ?? [];
  const ownRules = own?.rules ?? [];
  if (baseRules.length === 0) return ownRules.length > 0 ? own : undefined;
  if (ownRules.length === 0) return base;
  const isAll = (group: TFilterGroupInput | undefined) => (group?.match ?? 'ALL') === 'ALL';
  if (isAll(base) && isAll(own)) return { match: 'ALL', rules: [...baseRules, ...ownRules] };
  return null;
}

/** The body of an entity export for what the grid shows; the selection wins over the filters. */
export function entityExportBody(query: GridExportQuery): TEntityExportRequest {
  if (query.ids && query.ids.length > 0) {
    return { ids: query.ids, sort: query.sort, columns: query.columns };
  }
  const filters = combineFilters(query.baseFilters, query.filters);
  return {
    filters: filters ?? undefined,
    filter_id: query.filterId,
    search: query.search || undefined,
    sort: query.sort && query.sort.length > 0 ? query.sort : undefined,
    columns: query.columns && query.columns.length > 0 ? query.columns : undefined,
  };
}

/** `POST /export/entities-data/{id}?tz` (xlsx) or `POST /export/entities-data/pdf/{id}?tz`. */
export function exportEntity(
  entityId: string,
  format: TExportFormat,
  body: TEntityExportRequest,
  entityName: string,
): Promise<ExportOutcome> {
  const id = encodeURIComponent(entityId);
  return format === 'PDF'
    ? postExport(`/export/entities-data/pdf/${id}`, body, `${entityName}.pdf`)
    : postExport(`/export/entities-data/${id}`, body, `${entityName}.xlsx`);
}

/** `POST /export/all-entities-data?tz`: a workbook named after the company, a sheet per entity. */
export function exportAllEntities(body: { entity_ids?: string[]; background?: boolean }) {
  return postExport('/export/all-entities-data', body, 'All data.xlsx');
}

/** `POST /entity-views/export-pdf?tz`: an entity view as a PDF (the viewer's search and filters on top). */
export function exportEntityView(
  body: { entity_view_id: string; filters?: TFilterGroupInput | undefined; search?: string | undefined },
  viewName: string,
) {
  return postExport('/entity-views/export-pdf', body, `${viewName}.pdf`);
}

/** `GET /exports`: the caller's recent export jobs, newest first. */
export async function fetchExportJobs(signal?: AbortSignal): Promise<TExportJob[]> {
  const answer = (await api.get<TExportJob[] | TPaged<TExportJob>>('/exports', { limit: 20 }, { signal }))
    .data;
  return Array.isArray(answer) ? answer : answer.data;
}

/** `GET /exports/{id}`: one job's state. */
export async function fetchExportJob(id: string, signal?: AbortSignal): Promise<TExportJob> {
  return (await api.get<TExportJob>(`/exports/${encodeURIComponent(id)}`, undefined, { signal })).data;
}

/**
 * A stored file behind the session (a finished export, an import's rejected rows): fetched with
 * the session's headers, since a bare link would not carry them.
 */
export async function downloadStored(
  url: string,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  await ensureFreshSession();
  const path = /^https?:\/\//i.test(url) || url.startsWith('/api/') ? url : buildUrl(url);
  const response = await fetch(path, {
    headers: buildAuthHeaders(readSessionAuthDetails()),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorFromFetchResponse(response);
  const name = fileNameOf(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName: name === 'document.pdf' ? fallbackName : name };
}
