import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TGlobalVariable,
  TGlobalVariableTag,
  TGlobalVariableType,
  TGlobalVariableTypeInfo,
} from '@esigns/contracts/global-variables';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import { api } from '../../shared/api/api-client';

/** The global variable calls of spec 3 §7 ("Global variables"); each answers the envelope's `data`. */

export type GlobalVariableQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  tags?: string[] | undefined;
};

/** What the form sends (create: every part; update: the same, the server keeps the key). */
export type GlobalVariableBody = {
  label: string;
  input_type: TGlobalVariableType;
  settings: Record<string, unknown>;
  value: unknown;
  is_fixed: boolean;
  tags: string[];
  description: string;
};

export const GLOBAL_VARIABLE_KEYS = {
  all: ['global-variables'] as const,
  page: (query: GlobalVariableQuery) => ['global-variables', 'list', query] as const,
  one: (id: string) => ['global-variables', 'one', id] as const,
  standard: ['global-variables', 'standard'] as const,
  types: ['global-variables', 'types'] as const,
  tags: ['global-variables', 'tags'] as const,
};

const segment = encodeURIComponent;

export async function fetchGlobalVariables(
  query: GlobalVariableQuery,
  signal?: AbortSignal,
): Promise<TPaged<TGlobalVariable>> {
  const params = {
    page: query.page,
    limit: query.limit,
    search: query.search || undefined,
    tags: query.tags && query.tags.length > 0 ? query.tags.join(',') : undefined,
  };
  return (await api.get<TPaged<TGlobalVariable>>('/global-variables', params, { signal })).data;
}

export async function fetchStandardVariables(signal?: AbortSignal): Promise<TGlobalVariable[]> {
  return (await api.get<TGlobalVariable[]>('/standard/global-variables', undefined, { signal })).data;
}

export async function fetchGlobalVariable(id: string, signal?: AbortSignal): Promise<TGlobalVariable> {
  return (await api.get<TGlobalVariable>(`/global-variables/${segment(id)}`, undefined, { signal })).data;
}

export async function fetchVariableTypes(signal?: AbortSignal): Promise<TGlobalVariableTypeInfo[]> {
  return (await api.get<TGlobalVariableTypeInfo[]>('/global-variables/types', undefined, { signal })).data;
}

export async function fetchVariableTags(signal?: AbortSignal): Promise<TGlobalVariableTag[]> {
  return (await api.get<TGlobalVariableTag[]>('/global-variable-tags', undefined, { signal })).data;
}

export async function createGlobalVariable(body: GlobalVariableBody): Promise<TGlobalVariable> {
  return (await api.post<TGlobalVariable>('/global-variables', body)).data;
}

export async function updateGlobalVariable(id: string, body: GlobalVariableBody): Promise<TGlobalVariable> {
  return (await api.patch<TGlobalVariable>(`/global-variables/${segment(id)}`, body)).data;
}

export async function deleteGlobalVariable(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/global-variables/${segment(id)}`)).data;
}

export async function createVariableTag(name: string): Promise<TGlobalVariableTag> {
  return (await api.post<TGlobalVariableTag>('/global-variable-tags', { name })).data;
}

/** An uploaded image (`POST /document-assets/`): the file reference to keep and a link to show. */
export type UploadedImage = { file: TFileRef; url: string };

export async function uploadVariableImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  const asset = (
    await api.post<{ file_ref_id: string; name: string; mime_type: string; size: number; url: string }>(
      '/document-assets/',
      form,
    )
  ).data;
  return {
    file: { file_ref_id: asset.file_ref_id, name: asset.name, size: asset.size, mime_type: asset.mime_type },
    url: asset.url,
  };
}
