import type { TEntityGroup } from '@esigns/contracts/entity-groups';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';

/** The entity group calls of spec 3 §7 ("Entity groups"), and the lists the group dialog picks from. */

export type EntityGroupBody = {
  name: string;
  description: string;
  icon: string | null;
  entity_ids: string[];
  form_template_ids: string[];
  doc_template_ids: string[];
  global_variable_ids: string[];
};

/** One choice of a member picker. */
export type MemberOption = { value: string; label: string; group?: string };

export const ENTITY_GROUP_KEYS = {
  all: ['entity-groups'] as const,
  list: ['entity-groups', 'list'] as const,
  one: (id: string) => ['entity-groups', 'one', id] as const,
  options: (kind: string) => ['entity-groups', 'options', kind] as const,
};

/** Groups are few: the screen reads them all (the API's page limit), in their order. */
export const GROUPS_LIMIT = 500;
const OPTIONS_LIMIT = 500;
const segment = encodeURIComponent;

export async function fetchEntityGroups(signal?: AbortSignal): Promise<TPaged<TEntityGroup>> {
  return (await api.get<TPaged<TEntityGroup>>('/entity-groups', { page: 1, limit: GROUPS_LIMIT }, { signal }))
    .data;
}

export async function fetchEntityGroup(id: string, signal?: AbortSignal): Promise<TEntityGroup> {
  return (await api.get<TEntityGroup>(`/entity-groups/${segment(id)}`, undefined, { signal })).data;
}

export async function createEntityGroup(body: EntityGroupBody): Promise<TEntityGroup> {
  return (await api.post<TEntityGroup>('/entity-groups', body)).data;
}

export async function updateEntityGroup(
  id: string,
  body: Partial<EntityGroupBody> & { position?: number },
): Promise<TEntityGroup> {
  return (await api.patch<TEntityGroup>(`/entity-groups/${segment(id)}`, body)).data;
}

export async function deleteEntityGroup(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/entity-groups/${segment(id)}`)).data;
}

type Named = { _id: string; name?: string; label?: string; type?: string };

async function page(path: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<Named[]> {
  return (await api.get<TPaged<Named>>(path, { page: 1, limit: OPTIONS_LIMIT, ...params }, { signal })).data
    .data;
}

export async function fetchEntityOptions(signal?: AbortSignal): Promise<MemberOption[]> {
  return (await page('/entities', {}, signal)).map((row) => ({ value: row._id, label: row.name ?? row._id }));
}

export async function fetchFormTemplateOptions(signal?: AbortSignal): Promise<MemberOption[]> {
  return (await page('/template/list', { include_standard: true }, signal)).map((row) => ({
    value: row._id,
    label: row.name ?? row._id,
    group: row.type === 'STANDARD' ? 'Standard templates' : 'Company templates',
  }));
}

export async function fetchDocTemplateOptions(signal?: AbortSignal): Promise<MemberOption[]> {
  return (await page('/document-templates', {}, signal)).map((row) => ({
    value: row._id,
    label: row.name ?? row._id,
  }));
}

export async function fetchVariableOptions(signal?: AbortSignal): Promise<MemberOption[]> {
  const [own, standard] = await Promise.all([
    page('/global-variables', {}, signal),
    api.get<Named[]>('/standard/global-variables', undefined, { signal }).then((answer) => answer.data),
  ]);
  return [
    ...own.map((row) => ({ value: row._id, label: row.label ?? row._id, group: 'Company variables' })),
    ...standard.map((row) => ({ value: row._id, label: row.label ?? row._id, group: 'Standard variables' })),
  ];
}
