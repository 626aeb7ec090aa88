import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TCreatePipelineRequest,
  TPipeline,
  TPipelineEntityActions,
  TPipelineRun,
  TUpdatePipelineRequest,
} from '@esigns/contracts/pipelines';
import { api } from '../../shared/api/api-client';

/** The automation pipeline calls (server module `pipelines`); each answers the envelope's `data`. */

export type PipelineQuery = { page: number; limit: number; search?: string | undefined };
export type RunQuery = { page: number; limit: number; pipelineId: string };

export const PIPELINE_KEYS = {
  all: ['pipelines'] as const,
  page: (query: PipelineQuery) => ['pipelines', 'list', query] as const,
  one: (id: string) => ['pipelines', 'one', id] as const,
  runs: (query: RunQuery) => ['pipelines', 'runs', query.pipelineId, query] as const,
  entityActions: (entityId: string | null) => ['pipelines', 'entity-actions', entityId ?? ''] as const,
  entities: ['pipelines', 'entities'] as const,
};

const segment = encodeURIComponent;

export async function fetchPipelines(query: PipelineQuery, signal?: AbortSignal): Promise<TPaged<TPipeline>> {
  const params = { page: query.page, limit: query.limit, search: query.search || undefined };
  return (await api.get<TPaged<TPipeline>>('/automation-pipeline/list', params, { signal })).data;
}

export async function fetchPipeline(id: string, signal?: AbortSignal): Promise<TPipeline> {
  return (await api.get<TPipeline>(`/automation-pipeline/${segment(id)}`, undefined, { signal })).data;
}

export async function fetchEntityActions(
  entityId: string | null,
  signal?: AbortSignal,
): Promise<TPipelineEntityActions> {
  const params = entityId ? { entity_id: entityId } : undefined;
  return (await api.get<TPipelineEntityActions>('/automation-pipeline/entity-actions', params, { signal }))
    .data;
}

/** The company's entities for the pickers (name order, the first 500). */
export async function fetchEntityChoices(signal?: AbortSignal): Promise<{ value: string; label: string }[]> {
  const page = (
    await api.get<TPaged<{ _id: string; name: string }>>('/entities', { page: 1, limit: 500 }, { signal })
  ).data;
  return page.data
    .map((e) => ({ value: e._id, label: e.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export async function createPipeline(body: TCreatePipelineRequest): Promise<TPipeline> {
  return (await api.post<TPipeline>('/automation-pipeline/create', body)).data;
}

export async function updatePipeline(id: string, body: TUpdatePipelineRequest): Promise<TPipeline> {
  return (await api.patch<TPipeline>(`/automation-pipeline/update/${segment(id)}`, body)).data;
}

export async function deletePipeline(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/automation-pipeline/delete/${segment(id)}`)).data;
}

export async function fetchRuns(query: RunQuery, signal?: AbortSignal): Promise<TPaged<TPipelineRun>> {
  const params = { page: query.page, limit: query.limit };
  return (
    await api.get<TPaged<TPipelineRun>>(`/automation-pipeline/${segment(query.pipelineId)}/runs`, params, {
      signal,
    })
  ).data;
}

export async function rerunRun(runId: string): Promise<TPipelineRun> {
  return (await api.post<TPipelineRun>(`/automation-pipeline/runs/${segment(runId)}/rerun`, {})).data;
}
