import type { TPaged } from '@esigns/contracts/envelope';
import type {
  TWorkflow,
  TWorkflowCounts,
  TWorkflowInstance,
  TWorkflowInstanceDetail,
  TWorkflowInstanceStatus,
  TWorkflowSendProgress,
  TWorkflowSettings,
  TWorkflowStatus,
  TWorkflowView,
  TWorkflowWrite,
  TResendWorkflowResult,
  TWorkflowUser,
} from '@esigns/contracts/workflows';
import { workflowDownloadPath } from '@esigns/contracts/workflows';
import {
  api,
  buildAuthHeaders,
  buildUrl,
  ensureFreshSession,
  readSessionAuthDetails,
} from '../../shared/api/api-client';
import { errorFromFetchResponse } from '../../shared/api/api-error';
import { fileNameOf } from '../signing/signing-api';

/** The staff calls of workflows (module README of apps/server workflows), shaped by the contract. */

export type WorkflowQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: TWorkflowStatus | undefined;
};
export type InstanceQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: TWorkflowInstanceStatus | undefined;
  workflow_id?: string | undefined;
};

/** Query keys: every workflow read under `all`, so one invalidation refreshes lists, counts and pages. */
export const WORKFLOW_KEYS = {
  all: ['workflows'] as const,
  page: (query: WorkflowQuery) => ['workflows', 'list', query] as const,
  instances: (query: InstanceQuery) => ['workflows', 'instances', query] as const,
  counts: (search: string, workflowId?: string) => ['workflows', 'counts', search, workflowId ?? ''] as const,
  one: (id: string) => ['workflows', 'one', id] as const,
  view: (id: string) => ['workflows', 'view', id] as const,
  instance: (id: string) => ['workflows', 'instance', id] as const,
  people: (id: string) => ['workflows', 'instance', id, 'people'] as const,
  settings: ['workflows', 'settings'] as const,
};

const segment = encodeURIComponent;
const withSearch = <Q extends { search?: string | undefined }>(query: Q) => ({
  ...query,
  search: query.search || undefined,
});

export async function fetchWorkflows(query: WorkflowQuery, signal?: AbortSignal): Promise<TPaged<TWorkflow>> {
  return (await api.get<TPaged<TWorkflow>>('/workflows', withSearch(query), { signal })).data;
}

export async function fetchInstances(
  query: InstanceQuery,
  signal?: AbortSignal,
): Promise<TPaged<TWorkflowInstance>> {
  return (await api.get<TPaged<TWorkflowInstance>>('/workflow-data/', withSearch(query), { signal })).data;
}

export async function fetchWorkflowCounts(search: string, workflowId?: string): Promise<TWorkflowCounts> {
  const body = { search: search || undefined, workflow_id: workflowId };
  return (await api.post<TWorkflowCounts>('/workflow/count', body)).data;
}

export async function fetchWorkflow(id: string, signal?: AbortSignal): Promise<TWorkflow> {
  return (await api.get<TWorkflow>(`/workflow/${segment(id)}`, undefined, { signal })).data;
}

export async function fetchWorkflowView(id: string, signal?: AbortSignal): Promise<TWorkflowView> {
  return (await api.get<TWorkflowView>(`/view-workflow/${segment(id)}`, undefined, { signal })).data;
}

export async function fetchWorkflowSettings(signal?: AbortSignal): Promise<TWorkflowSettings> {
  return (await api.get<TWorkflowSettings>('/workflows/settings', undefined, { signal })).data;
}

export async function fetchInstance(id: string, signal?: AbortSignal): Promise<TWorkflowInstanceDetail> {
  return (await api.get<TWorkflowInstanceDetail>(`/workflow-data/${segment(id)}`, undefined, { signal }))
    .data;
}

export async function createWorkflow(body: TWorkflowWrite): Promise<TWorkflow> {
  return (await api.post<TWorkflow>('/create-workflow', body)).data;
}

export async function updateWorkflow(id: string, body: TWorkflowWrite): Promise<TWorkflow> {
  return (await api.put<TWorkflow>(`/workflow/${segment(id)}`, body)).data;
}

export async function setWorkflowStatus(id: string, status: 'ACTIVE' | 'INACTIVE'): Promise<TWorkflow> {
  return (await api.post<TWorkflow>(`/workflow/${segment(id)}/status`, { status })).data;
}

export async function archiveWorkflow(id: string): Promise<TWorkflow> {
  return (await api.delete<TWorkflow>(`/workflow/${segment(id)}/DeleteWorkflow`)).data;
}

export async function deleteArchivedWorkflow(id: string): Promise<unknown> {
  return (await api.delete<unknown>(`/workflow/${segment(id)}/DeleteArchivedStatusWorkflow`)).data;
}

/** A DRAFT instance of the current version: the send screen gives it its contacts. */
export async function createInstance(workflowId: string): Promise<TWorkflowInstance> {
  return (await api.post<TWorkflowInstance>(`/create-workflow-data/${segment(workflowId)}`, {})).data;
}

export async function addInstanceContacts(workflowDataId: string, contactIds: string[]): Promise<unknown> {
  return (
    await api.post<unknown>('/addWorkflow-contacts', {
      workflow_data_id: workflowDataId,
      contact_ids: contactIds,
    })
  ).data;
}

export async function sendInstance(workflowDataId: string): Promise<TWorkflowSendProgress> {
  return (
    await api.post<TWorkflowSendProgress>('/documents/send-workflow', {
      workflow_data_id: workflowDataId,
      whole_batch: true,
    })
  ).data;
}

export async function voidInstance(id: string, reason: string): Promise<TWorkflowInstance> {
  return (await api.put<TWorkflowInstance>(`/workflow-data/${segment(id)}`, { status: 'VOIDED', reason }))
    .data;
}

/** Where the workflow screens are. */
export const workflowPaths = {
  list: '/workflows',
  edit: (id: string) => `/workflow/edit/${segment(id)}`,
  view: (id: string) => `/workflow/${segment(id)}`,
  instance: (workflowId: string, instanceId: string) =>
    `/workflow/${segment(workflowId)}?instance=${segment(instanceId)}`,
  send: (instanceId: string) => `/workflow/send/${segment(instanceId)}`,
};

/** Delete a DRAFT instance for good (`POST /workflow/{id}/PermanentDeleteDraftDocument`, id: the instance). */
export async function deleteDraftInstance(id: string): Promise<unknown> {
  return (await api.post<unknown>(`/workflow/${segment(id)}/PermanentDeleteDraftDocument`, {})).data;
}

/** `POST /resend-workflow/{id}` (id: the instance): its DUE steps' links mailed again (only `stepIds` when given). */
export async function resendInstance(id: string, stepIds: string[]): Promise<TResendWorkflowResult> {
  return (await api.post<TResendWorkflowResult>(`/resend-workflow/${segment(id)}`, { step_ids: stepIds }))
    .data;
}

/** `POST /workflow/users`: the people of an instance, each with their steps' states. */
export async function fetchInstancePeople(id: string, signal?: AbortSignal): Promise<TWorkflowUser[]> {
  return (await api.post<TWorkflowUser[]>('/workflow/users', { workflow_data_id: id }, { signal })).data;
}

/**
 * `GET /workflow-data/{id}/download`: the packet's ZIP. A plain fetch with the session's headers
 * (the answer is a file, and a link cannot carry the bearer token), after making sure the token is fresh.
 */
export async function downloadInstanceZip(id: string): Promise<{ blob: Blob; fileName: string }> {
  await ensureFreshSession();
  const response = await fetch(buildUrl(workflowDownloadPath(id)), {
    headers: buildAuthHeaders(readSessionAuthDetails()),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorFromFetchResponse(response);
  const name = fileNameOf(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName: name === 'document.pdf' ? 'packet.zip' : name };
}
