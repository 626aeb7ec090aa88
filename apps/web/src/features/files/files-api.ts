import type { QueryClient } from '@tanstack/react-query';
import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TFileLink,
  TLibraryFile,
  TLibraryFileStatus,
  TLibraryFileUpdate,
  TLibraryFolder,
  TLibraryFolderCreate,
  TLibraryFolderUpdate,
} from '@esigns/contracts/file-library';
import { recordFileType } from '@esigns/contracts/record-extras';
import {
  api,
  API_BASE,
  buildAuthHeaders,
  ensureFreshSession,
  readSessionAuthDetails,
} from '../../shared/api/api-client';
import { formatFileSize, sendWithProgress } from '../documents/upload/upload-files';

/* The file library's calls (apps/server/src/modules/files/README.md); contacts use the same ones. */

export const FILE_KEYS = {
  all: ['files'] as const,
  files: (params: object) => ['files', 'list', params] as const,
  folders: ['files', 'folders'] as const,
};

/**
 * Reads the library again after a change. A load still under way (the first list of folders, say)
 * read it before the change, and a query without data yet would join that load instead of
 * starting another: it is cancelled first.
 */
export async function refreshLibrary(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: FILE_KEYS.all });
  await queryClient.invalidateQueries({ queryKey: FILE_KEYS.all });
}

export type FilesParams = {
  page: number;
  limit: number;
  search?: string | undefined;
  folder_id?: string | undefined;
  status?: TLibraryFileStatus | '' | undefined;
};

export async function fetchFiles(params: FilesParams, signal?: AbortSignal): Promise<TPaged<TLibraryFile>> {
  const query = { ...params, status: params.status || undefined, search: params.search || undefined };
  return (await api.get<TPaged<TLibraryFile>>('/fileManagement/all-files', query, { signal })).data;
}

export async function fetchFolders(signal?: AbortSignal): Promise<TLibraryFolder[]> {
  return (await api.get<TLibraryFolder[]>('/fileManagement/folders', undefined, { signal })).data;
}

export async function fileLink(id: string, download = false): Promise<TFileLink> {
  const params = download ? { download: 'true' } : undefined;
  return (await api.get<TFileLink>(`/fileManagement/file-path/${encodeURIComponent(id)}`, params)).data;
}

export const updateFile = async (id: string, body: TLibraryFileUpdate) =>
  (await api.put<TLibraryFile>(`/fileManagement/update/${encodeURIComponent(id)}`, body)).data;

export const deleteFile = (id: string) => api.delete(`/fileManagement/delete/${encodeURIComponent(id)}`);

export const approveFiles = async (ids: string[]) =>
  (await api.post<TLibraryFile[]>('/approve-files', { ids })).data;

export const rejectFiles = async (ids: string[], reason: string) =>
  (await api.post<TLibraryFile[]>('/reject-files', { ids, reason })).data;

export const createFolder = async (body: TLibraryFolderCreate) =>
  (await api.post<TLibraryFolder>('/fileManagement/folders', body)).data;

export const updateFolder = async (id: string, body: TLibraryFolderUpdate) =>
  (await api.put<TLibraryFolder>(`/fileManagement/folders/${encodeURIComponent(id)}`, body)).data;

export const deleteFolder = (id: string) => api.delete(`/fileManagement/folders/${encodeURIComponent(id)}`);

/**
 * Uploads one file with `POST /fileManagement/create` through XMLHttpRequest (fetch reports no
 * upload progress), calling `onProgress` with 0..1. A refusal rejects with the `ApiError` of its
 * body (413, 415, 402...); a network failure or `signal` abort with status 0.
 */
export async function uploadLibraryFile(
  file: File,
  {
    folderId,
    ...options
  }: { folderId?: string | null; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<TLibraryFile> {
  await ensureFreshSession();
  const headers = buildAuthHeaders(readSessionAuthDetails());
  const form = new FormData();
  if (folderId) form.append('folder_id', folderId);
  // The type its extension names (browsers disagree); the server checks the content anyway.
  form.append('file', new File([file], file.name, { type: recordFileType(file) }));
  const answer = await sendWithProgress('POST', `${API_BASE}/fileManagement/create`, form, {
    ...options,
    headers,
  });
  return (answer as { data: TLibraryFile }).data;
}

export const formatSize = formatFileSize;

export const STATUS_LABELS: Record<TLibraryFileStatus, string> = {
  APPROVED: 'Approved',
  PENDING: 'Waiting for approval',
  REJECTED: 'Rejected',
};
export const STATUS_COLORS: Record<TLibraryFileStatus, string> = {
  APPROVED: 'teal',
  PENDING: 'yellow',
  REJECTED: 'red',
};
