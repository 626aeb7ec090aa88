import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TSharePointConnection,
  TSharePointCopy,
  TSharePointCredentials,
  TSharePointDrive,
  TSharePointSettings,
  TSharePointSite,
  TSharePointTestResult,
} from '@esigns/contracts/sharepoint';
import { api } from '../../shared/api/api-client';

/** The SharePoint calls (apps/server/src/modules/sharepoint/README.md). */

export const SHAREPOINT_KEYS = {
  connection: ['sharepoint', 'connection'] as const,
  sites: (search: string) => ['sharepoint', 'sites', search] as const,
  drives: (siteId: string) => ['sharepoint', 'drives', siteId] as const,
  copies: (page: number, limit: number) => ['sharepoint', 'copies', page, limit] as const,
  allCopies: ['sharepoint', 'copies'] as const,
};

export async function fetchConnection(signal?: AbortSignal): Promise<TSharePointConnection | null> {
  return (await api.get<TSharePointConnection | null>('/sharepoint/connection', undefined, { signal })).data;
}

/** Checked with Microsoft before it is saved: a refusal is a 422 on the field. */
export async function saveCredentials(body: TSharePointCredentials): Promise<TSharePointConnection> {
  return (await api.put<TSharePointConnection>('/sharepoint/connection', body)).data;
}

export async function saveSettings(body: TSharePointSettings): Promise<TSharePointConnection> {
  return (await api.patch<TSharePointConnection>('/sharepoint/connection', body)).data;
}

export async function disconnect(): Promise<void> {
  await api.delete<null>('/sharepoint/connection');
}

export async function testConnection(): Promise<TSharePointTestResult> {
  return (await api.post<TSharePointTestResult>('/sharepoint/connection/test')).data;
}

export async function fetchSites(search: string, signal?: AbortSignal): Promise<TSharePointSite[]> {
  return (await api.get<TSharePointSite[]>('/sharepoint/sites', search ? { search } : undefined, { signal }))
    .data;
}

export async function fetchDrives(siteId: string, signal?: AbortSignal): Promise<TSharePointDrive[]> {
  return (
    await api.get<TSharePointDrive[]>(`/sharepoint/sites/${encodeURIComponent(siteId)}/drives`, undefined, {
      signal,
    })
  ).data;
}

export async function fetchCopies(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<TPaged<TSharePointCopy>> {
  return (await api.get<TPaged<TSharePointCopy>>('/sharepoint/copies', { page, limit }, { signal })).data;
}

export async function retryCopy(id: string): Promise<TSharePointCopy> {
  return (await api.post<TSharePointCopy>(`/sharepoint/copies/${id}/retry`)).data;
}

export async function startBackfill(): Promise<TSharePointConnection> {
  return (await api.post<TSharePointConnection>('/sharepoint/backfill')).data;
}
