import type { TEntity, TRecordPage } from '@esigns/contracts/entities';
import type { TEntityView, TEntityViewDraft, TViewDataQueryInput } from '@esigns/contracts/entity-views';
import type { TPaged } from '@esigns/contracts/envelope';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { api } from '../../shared/api/api-client';

/**
 * The entity view calls of spec 3 §7 ("Entity views"), the records of a view, and the entity
 * reads the view editor needs. Each answers the envelope's `data`.
 */

/** One column of an entity as `GET /template-fields?entity_id=` answers it. */
export type TTemplateField = {
  ref: string;
  label: string;
  type: TFormFieldType;
  options?: { value: string; label?: string | undefined }[] | undefined;
  template_id?: string;
  template_name?: string;
  key?: string;
  is_primary?: boolean;
  required?: boolean;
};

export type EntityViewQuery = { page: number; limit: number; search?: string | undefined };

export const ENTITY_VIEW_KEYS = {
  all: ['entity-views'] as const,
  page: (query: EntityViewQuery) => ['entity-views', 'list', query] as const,
  one: (id: string) => ['entity-views', 'one', id] as const,
  data: (query: TViewDataQueryInput) => ['entity-views', 'data', query] as const,
  fields: (entityId: string) => ['template-fields', entityId] as const,
  entities: ['entity-views', 'entities'] as const,
};

const segment = encodeURIComponent;

export async function fetchEntityViews(
  query: EntityViewQuery,
  signal?: AbortSignal,
): Promise<TPaged<TEntityView>> {
  const params = { page: query.page, limit: query.limit, search: query.search || undefined };
  return (await api.get<TPaged<TEntityView>>('/entity-view-configuration', params, { signal })).data;
}

export async function fetchEntityView(id: string, signal?: AbortSignal): Promise<TEntityView> {
  return (await api.get<TEntityView>(`/entity-view-configuration/${segment(id)}`, undefined, { signal }))
    .data;
}

export async function createEntityView(draft: TEntityViewDraft): Promise<TEntityView> {
  return (await api.post<TEntityView>('/entity-view-configuration', draft)).data;
}

export async function updateEntityView(id: string, draft: TEntityViewDraft): Promise<TEntityView> {
  return (await api.patch<TEntityView>(`/entity-view-configuration/${segment(id)}`, draft)).data;
}

export async function deleteEntityView(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/entity-view-configuration/${segment(id)}`)).data;
}

export async function fetchViewData(query: TViewDataQueryInput, signal?: AbortSignal): Promise<TRecordPage> {
  return (await api.post<TRecordPage>('/entities-data/entity/view/data', query, { signal })).data;
}

export async function fetchTemplateFields(entityId: string, signal?: AbortSignal): Promise<TTemplateField[]> {
  return (await api.get<TTemplateField[]>('/template-fields', { entity_id: entityId }, { signal })).data;
}

/** The company's entities for pickers (the first 200 by the list's order). */
export async function fetchEntityChoices(signal?: AbortSignal): Promise<TEntity[]> {
  return (await api.get<TPaged<TEntity>>('/entities', { page: 1, limit: 200 }, { signal })).data.data;
}
