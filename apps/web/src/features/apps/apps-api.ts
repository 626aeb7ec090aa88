import type {
  TApp,
  TAppDetail,
  TAppListQuery,
  TAppManifestInput,
  TExcelSheetPreview,
  TIndustryType,
  TInstallResult,
  TInstalledApp,
} from '@esigns/contracts/apps';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';

/** The app calls (server module `apps`, README there). */

export const APP_KEYS = {
  all: ['apps'] as const,
  list: (query: Partial<TAppListQuery>) => ['apps', 'list', query] as const,
  one: (id: string) => ['apps', 'one', id] as const,
  installed: ['apps', 'installed'] as const,
  industries: ['apps', 'industries'] as const,
};

export type IndustryCount = { value: TIndustryType; label: string; apps: number };

export async function fetchApps(query: Partial<TAppListQuery>, signal?: AbortSignal): Promise<TPaged<TApp>> {
  return (await api.get<TPaged<TApp>>('/fetchAllApps', { limit: 100, ...query }, { signal })).data;
}

export async function fetchApp(id: string, signal?: AbortSignal): Promise<TAppDetail> {
  return (await api.get<TAppDetail>(`/app-details/${encodeURIComponent(id)}`, undefined, { signal })).data;
}

export async function fetchInstalled(signal?: AbortSignal): Promise<TInstalledApp[]> {
  return (await api.get<TInstalledApp[]>('/fetchInstalledApplications', undefined, { signal })).data;
}

export async function fetchIndustries(signal?: AbortSignal): Promise<IndustryCount[]> {
  return (await api.get<IndustryCount[]>('/get-all-industry-types', undefined, { signal })).data;
}

export type CreateAppBody = {
  entity_group_id?: string;
  manifest?: TAppManifestInput | unknown;
  name?: string;
  version?: string;
  description?: string;
  industry_type?: TIndustryType;
  release_notes?: string;
  include_records?: boolean;
};

export async function createApp(body: CreateAppBody): Promise<TAppDetail> {
  return (await api.post<TAppDetail>('/create-application', body)).data;
}

export type AppAction = 'PUBLISH' | 'WITHDRAW' | 'APPROVE' | 'REJECT';

export async function decideApp(id: string, action: AppAction, note?: string): Promise<TAppDetail> {
  return (await api.post<TAppDetail>(`/createApp/${encodeURIComponent(id)}`, { action, note })).data;
}

export async function updatePublishedApp(body: { _id: string; version: string; release_notes: string }) {
  return (await api.patch<TAppDetail>('/updatePublishedApp', body)).data;
}

export async function deleteApp(id: string): Promise<void> {
  await api.delete(`/delete-application-permanently/${encodeURIComponent(id)}`);
}

export async function installApp(appId: string, includeRecords = true): Promise<TInstallResult> {
  return (
    await api.post<TInstallResult>('/create-entities-templates', {
      app_id: appId,
      include_records: includeRecords,
    })
  ).data;
}

export async function uninstallApp(id: string, keepRecords: boolean): Promise<void> {
  await api.delete(`/uninstallApplication/${encodeURIComponent(id)}?keep_records=${keepRecords}`);
}

export async function readWorkbook(file: File): Promise<TExcelSheetPreview[]> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<TExcelSheetPreview[]>('/apps/excel-sheets', form)).data;
}
