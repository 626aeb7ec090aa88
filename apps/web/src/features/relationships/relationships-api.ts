import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TEntityRecord } from '@esigns/contracts/entities';
import type {
  TEntityRelationship,
  TRecordRelationship,
  TRelatedRecordsPage,
  TRelationship,
  TRelationshipSide,
  TRelationshipType,
} from '@esigns/contracts/relationships';
import { api } from '../../shared/api/api-client';

/** The relationship calls of spec 3 §7, shaped by the shared contracts; each answers `data`. */

const segment = encodeURIComponent;

/** Query keys: everything under `all`, so a link or unlink refreshes every tab and count. */
export const RELATIONSHIP_KEYS = {
  all: ['relationships'] as const,
  ofEntity: (entityId: string) => ['relationships', 'entity', entityId] as const,
  ofRecord: (entityId: string, recordId: string) => ['relationships', 'record', entityId, recordId] as const,
  page: (entityId: string, recordId: string, query: RelatedQuery) =>
    ['relationships', 'record', entityId, recordId, 'page', query] as const,
};

export async function fetchEntityRelationships(
  entityId: string,
  signal?: AbortSignal,
): Promise<TEntityRelationship[]> {
  return (
    await api.get<TEntityRelationship[]>(`/entities/${segment(entityId)}/relationships`, undefined, {
      signal,
    })
  ).data;
}

export type NewRelationship = {
  child_entity_id: string;
  relationship_type: TRelationshipType;
  parent_label?: string | undefined;
  child_label?: string | undefined;
};

export async function createRelationship(parentId: string, body: NewRelationship): Promise<TRelationship> {
  return (await api.post<TRelationship>(`/entities/${segment(parentId)}/relationships`, body)).data;
}

export async function deleteRelationship(entityId: string, relationshipId: string) {
  const path = `/entities/${segment(entityId)}/relationships/${segment(relationshipId)}`;
  return (await api.delete<{ _id: string; links_removed: number }>(path)).data;
}

export async function fetchRecordRelationships(
  entityId: string,
  recordId: string,
  signal?: AbortSignal,
): Promise<TRecordRelationship[]> {
  const path = `/entities/${segment(entityId)}/relationships-data/${segment(recordId)}`;
  return (await api.get<TRecordRelationship[]>(path, { limit: 1 }, { signal })).data;
}

export type RelatedQuery = { otherId: string; page: number; limit: number; search: string };

export async function fetchRelatedRecords(
  entityId: string,
  recordId: string,
  query: RelatedQuery,
  signal?: AbortSignal,
): Promise<TRelatedRecordsPage> {
  const path = `/entities/${segment(entityId)}/relationships-data/${segment(recordId)}/${segment(query.otherId)}`;
  const params = { page: query.page, limit: query.limit, search: query.search || undefined };
  return (await api.get<TRelatedRecordsPage>(path, params, { signal })).data;
}

/** Names the relationship and the open record, as every relationships-data write does. */
export type LinkTarget = { entity_relationship_id: string; parent_entity_data_id: string };

/** What the "Add new" and "Link existing" dialogs of a relationship tab are given. */
export type LinkDialogProps = {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  target: LinkTarget;
  relationship: TRelationshipSide;
  onDone: () => Promise<unknown>;
};

export async function assignRecords(entityId: string, target: LinkTarget, ids: string[]) {
  const path = `/entities/${segment(entityId)}/relationships-data/assign`;
  return (
    await api.post<{ linked: number; already_linked: number }>(path, { ...target, entity_data_ids: ids })
  ).data;
}

export async function assignNewRecord(
  entityId: string,
  target: LinkTarget,
  values: Record<string, Record<string, unknown>>,
) {
  const path = `/entities/${segment(entityId)}/relationships-data/assign-fields-data`;
  return (await api.post<{ relationship_id: string; record: TEntityRecord }>(path, { ...target, values }))
    .data;
}

export async function detachRecords(entityId: string, target: LinkTarget, ids: string[]) {
  const path = `/entities/${segment(entityId)}/relationships-data/detach`;
  return (await api.post<{ detached: number }>(path, { ...target, entity_data_ids: ids })).data;
}

export const useEntityRelationships = (entityId: string) =>
  useQuery({
    queryKey: RELATIONSHIP_KEYS.ofEntity(entityId),
    queryFn: ({ signal }) => fetchEntityRelationships(entityId, signal),
    enabled: Boolean(entityId),
  });

export const useRecordRelationships = (entityId: string, recordId: string) =>
  useQuery({
    queryKey: RELATIONSHIP_KEYS.ofRecord(entityId, recordId),
    queryFn: ({ signal }) => fetchRecordRelationships(entityId, recordId, signal),
    enabled: Boolean(entityId && recordId),
  });

export const useRelatedRecords = (entityId: string, recordId: string, query: RelatedQuery) =>
  useQuery({
    queryKey: RELATIONSHIP_KEYS.page(entityId, recordId, query),
    queryFn: ({ signal }) => fetchRelatedRecords(entityId, recordId, query, signal),
    placeholderData: keepPreviousData,
  });
