import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TEntity,
  TEntityRecord,
  TEntityRecordRead,
  TEntityTemplate,
  TEntityType,
  TDuplicateRule,
  TRecordPage,
} from '@esigns/contracts/entities';
import type { TFormFieldInput } from '@esigns/contracts/nocode-fields';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import type { TFilterGroupInput, TSort } from '@esigns/contracts/nocode-filters';
import { api } from '../../shared/api/api-client';

/** The entity and record calls of spec 3 §7, shaped by the shared contracts. */

export const ENTITY_KEYS = {
  all: ['entities'] as const,
  list: (query: EntityListQuery) => ['entities', 'list', query] as const,
  one: (id: string) => ['entities', 'one', id] as const,
  fields: (id: string) => ['entities', 'fields', id] as const,
  records: (entityId: string) => ['entities', 'records', entityId] as const,
  page: (query: RecordQuery) => ['entities', 'records', query.entity_id, query] as const,
  record: (id: string) => ['entities', 'record', id] as const,
  picker: (entityId: string, search: string) => ['entities', 'picker', entityId, search] as const,
};

const segment = encodeURIComponent;

export type EntityListQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  entity_type?: TEntityType | undefined;
};

export async function fetchEntities(query: EntityListQuery, signal?: AbortSignal): Promise<TPaged<TEntity>> {
  return (
    await api.get<TPaged<TEntity>>('/entities', { ...query, search: query.search || undefined }, { signal })
  ).data;
}

export async function fetchEntity(id: string, signal?: AbortSignal): Promise<TEntity> {
  return (await api.get<TEntity>(`/entities/${segment(id)}`, undefined, { signal })).data;
}

export type NewEntityWithFields = {
  name: string;
  description: string;
  entity_type: TEntityType;
  icon: string | null;
  fields: TFormFieldInput[];
};

export async function createEntityWithFields(body: NewEntityWithFields): Promise<TEntity> {
  return (await api.post<TEntity>('/entities/create', body)).data;
}

export type EntityDraft = {
  name: string;
  description: string;
  entity_type: TEntityType;
  icon: string | null;
  templates: Pick<TEntityTemplate, 'template_id' | 'is_primary' | 'hidden_on_add'>[];
  display_field: string | null;
  duplicate_rules: TDuplicateRule[];
  version?: number;
};

export async function createEntity(body: EntityDraft): Promise<TEntity> {
  return (await api.post<TEntity>('/entities', body)).data;
}

export async function updateEntity(id: string, body: EntityDraft): Promise<TEntity> {
  return (await api.put<TEntity>(`/entities/${segment(id)}`, body)).data;
}

export async function deleteEntity(
  id: string,
  force: boolean,
): Promise<{ records: number; relationships: number }> {
  return (
    await api.delete<{ records: number; relationships: number }>(
      `/entities/${segment(id)}${force ? '?force=true' : ''}`,
    )
  ).data;
}

/** One column of the grid: a field of one of the entity's templates. */
export type TemplateField = {
  ref: string;
  template_id: string;
  template_name: string;
  key: string;
  label: string;
  type: TFormFieldType;
  is_primary: boolean;
  required: boolean;
  options?: { value: string; label?: string | undefined }[];
};

export async function fetchTemplateFields(entityId: string, signal?: AbortSignal): Promise<TemplateField[]> {
  return (await api.get<TemplateField[]>('/template-fields', { entity_id: entityId }, { signal })).data;
}

export type RecordQuery = {
  entity_id: string;
  page: number;
  limit: number;
  sort?: TSort[];
  filters?: TFilterGroupInput | undefined;
  /** ANDed to `filters`, kept whole (a view's own group). */
  base_filters?: TFilterGroupInput | undefined;
  search?: string | undefined;
  filter_id?: string | undefined;
};

export async function fetchRecords(query: RecordQuery, signal?: AbortSignal): Promise<TRecordPage> {
  const body = { ...query, search: query.search || undefined };
  return (await api.post<TRecordPage>('/entities-data/entity/data', body, { signal })).data;
}

export async function fetchRecord(id: string, signal?: AbortSignal): Promise<TEntityRecordRead> {
  return (await api.get<TEntityRecordRead>(`/entity-data/${segment(id)}`, undefined, { signal })).data;
}

export type RecordValues = Record<string, Record<string, unknown>>;

export async function createRecord(entityId: string, values: RecordValues): Promise<TEntityRecord> {
  return (await api.post<TEntityRecord>('/entities-data', { entity_id: entityId, values })).data;
}

export async function updateRecordTemplate(
  recordId: string,
  templateId: string,
  values: Record<string, unknown>,
): Promise<TEntityRecord> {
  return (
    await api.patch<TEntityRecord>(`/templates-data/${segment(recordId)}/${segment(templateId)}`, { values })
  ).data;
}

export async function deleteRecords(entityId: string, ids: string[]): Promise<number> {
  return (await api.post<{ deleted: number }>('/entities-data/delete-many', { entity_id: entityId, ids }))
    .data.deleted;
}

export async function duplicateRecords(entityId: string, ids: string[]): Promise<number> {
  return (
    await api.post<{ created: number }>('/entities-data/selected-data-duplicate', {
      entity_id: entityId,
      ids,
    })
  ).data.created;
}

export async function bulkUpdateRecords(
  entityId: string,
  ids: string[],
  values: RecordValues,
): Promise<number> {
  return (
    await api.post<{ updated: number }>('/entities-data/bulk-update', { entity_id: entityId, ids, values })
  ).data.updated;
}

export async function fetchRecordOptions(entityId: string, search: string, signal?: AbortSignal) {
  return (
    await api.get<TPaged<{ _id: string; title: string }>>(
      `/entities/${segment(entityId)}/list`,
      { page: 1, limit: 50, search: search || undefined },
      { signal },
    )
  ).data;
}

export const useEntity = (id: string) =>
  useQuery({
    queryKey: ENTITY_KEYS.one(id),
    queryFn: ({ signal }) => fetchEntity(id, signal),
    enabled: Boolean(id),
  });

export const useTemplateFields = (entityId: string) =>
  useQuery({
    queryKey: ENTITY_KEYS.fields(entityId),
    queryFn: ({ signal }) => fetchTemplateFields(entityId, signal),
    enabled: Boolean(entityId),
  });

export const useRecords = (query: RecordQuery) =>
  useQuery({
    queryKey: ENTITY_KEYS.page(query),
    queryFn: ({ signal }) => fetchRecords(query, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(query.entity_id),
  });

export const useRecord = (id: string | null) =>
  useQuery({
    queryKey: ENTITY_KEYS.record(id ?? ''),
    queryFn: ({ signal }) => fetchRecord(id!, signal),
    enabled: Boolean(id),
  });
