import { useQuery } from '@tanstack/react-query';
import type { TEntityType } from '@esigns/contracts/entities';
import type { TEntitiesInputTypesRequest, TEntityInputTypes } from '@esigns/contracts/entity-input-types';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { api } from '../../../shared/api/api-client';

/*
 * What the builder's reference settings pick from: the workspace's entities (`GET /company-entity`)
 * and their fields by type (`POST /get-entities-input-types`). Keys under `entities` so whatever
 * refreshes entities refreshes these too.
 */

export type CompanyEntity = {
  _id: string;
  name: string;
  slug: string;
  entity_type: TEntityType;
  icon: string | null;
  primary_template_id: string;
};

export const REFERENCE_KEYS = {
  entities: ['entities', 'company-entity'] as const,
  fields: (entityId: string, types: readonly TFormFieldType[]) =>
    ['entities', 'input-types', entityId, [...types]] as const,
};

export async function fetchCompanyEntities(signal?: AbortSignal): Promise<CompanyEntity[]> {
  return (await api.get<CompanyEntity[]>('/company-entity', undefined, { signal })).data;
}

export async function fetchEntitiesInputTypes(
  body: TEntitiesInputTypesRequest,
  signal?: AbortSignal,
): Promise<TEntityInputTypes[]> {
  return (await api.post<TEntityInputTypes[]>('/get-entities-input-types', body, { signal })).data;
}

/** Every entity of the workspace, by name (one call, kept a minute: pickers open often). */
export function useCompanyEntities() {
  return useQuery({
    queryKey: REFERENCE_KEYS.entities,
    queryFn: ({ signal }) => fetchCompanyEntities(signal),
    staleTime: 60_000,
  });
}

/** The fields of one entity of these types (repeatable templates left out); idle without an entity. */
export function useEntityFields(entityId: string | null, types: readonly TFormFieldType[]) {
  return useQuery({
    queryKey: REFERENCE_KEYS.fields(entityId ?? '', types),
    queryFn: async ({ signal }) =>
      (await fetchEntitiesInputTypes({ entity_ids: [entityId!], input_types: [...types] }, signal))[0]
        ?.fields ?? [],
    enabled: entityId !== null,
    staleTime: 60_000,
    retry: false,
  });
}
