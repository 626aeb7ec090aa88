import { useQuery } from '@tanstack/react-query';
import { AUTH_HEADERS } from '@esigns/contracts/headers';
import type { TWorkflowUserStatus, TWorkflowUserStatusRequest } from '@esigns/contracts/workflows';
import { api } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';

/*
 * The recipient's own packet (`POST /workflow/user-status`), asked with the credentials of the
 * page that shows it: a step's link (signing headers, a request link's `requestid`/`password`, a
 * form guest's headers) or the signed-in caller's bearer, which the server takes only with the
 * packet named in `workflowdataid`.
 */

export type PacketAccess = {
  /** The page's link headers; empty for the session's bearer token. */
  headers: Record<string, string>;
  /** The packet, when the page knows it (required with the bearer). */
  workflowDataId?: string | null;
};

/** With the bearer alone the server cannot tell the packet: no call then. */
export const canAskPacket = (access: PacketAccess | null): access is PacketAccess =>
  access !== null && (Object.keys(access.headers).length > 0 || Boolean(access.workflowDataId));

const isLink = (access: PacketAccess) => Object.keys(access.headers).length > 0;

/** The page's credentials as headers; a 401 for a link is an answer about the link, not a session to refresh. */
const requestOptions = (access: PacketAccess, signal?: AbortSignal) => ({
  headers: {
    ...access.headers,
    ...(access.workflowDataId ? { [AUTH_HEADERS.workflowDataId]: access.workflowDataId } : {}),
  },
  skipAuthRefresh: isLink(access),
  signal,
});

export async function fetchPacketStatus(
  access: PacketAccess,
  body: TWorkflowUserStatusRequest = {},
  signal?: AbortSignal,
): Promise<TWorkflowUserStatus> {
  const options = requestOptions(access, signal);
  return (await api.post<TWorkflowUserStatus>('/workflow/user-status', body, options)).data;
}

/** Not part of a packet (404), or nothing the caller may see of one (401, 403): no banner. */
const isNoPacket = (error: unknown) => isApiError(error) && [401, 403, 404].includes(error.status);

export const PACKET_KEYS = {
  all: ['workflow-packet'] as const,
  status: (access: PacketAccess) => ['workflow-packet', access.headers, access.workflowDataId ?? ''] as const,
};

/** How often a page whose step was just finished reads the packet again, and how many times. */
const POLL_MS = 3000;
const MAX_POLLS = 20;

/**
 * The packet of the page's credentials: null when it is not part of one. `watchStep` names a step
 * the page just finished: while the server still has it DUE, the packet is read again.
 */
export function usePacketStatus(access: PacketAccess | null, { watchStep = false } = {}) {
  return useQuery({
    queryKey: access ? PACKET_KEYS.status(access) : PACKET_KEYS.all,
    queryFn: async ({ signal }) => {
      try {
        return await fetchPacketStatus(access!, {}, signal);
      } catch (error) {
        if (isNoPacket(error)) return null;
        throw error;
      }
    },
    enabled: canAskPacket(access),
    // Each page asks afresh: the page before (the landing, the upload) may have finished the step.
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const current = query.state.data ? currentStepOf(query.state.data) : null;
      if (!watchStep || current?.status !== 'DUE' || query.state.dataUpdateCount >= MAX_POLLS) return false;
      return POLL_MS;
    },
  });
}

export type PacketStep = TWorkflowUserStatus['steps'][number];

/** The step the caller came by: the only one whose `open_url` a plain read answers. */
export function currentStepOf(status: TWorkflowUserStatus): PacketStep | null {
  return status.steps.find((step) => step.open_url !== null) ?? null;
}

/** The step to offer next: a DUE one other than the page's own, once the page's own is finished. */
export function nextStepOf(status: TWorkflowUserStatus): PacketStep | null {
  const current = currentStepOf(status);
  if (current?.status === 'DUE') return null;
  return status.steps.find((step) => step.status === 'DUE' && step.step_id !== current?.step_id) ?? null;
}

/** The step the page is for, when it is a read-and-acknowledge step still waiting for the caller. */
export function stepToAcknowledge(status: TWorkflowUserStatus | null | undefined): PacketStep | null {
  const current = status ? currentStepOf(status) : null;
  return current?.must_acknowledge ? current : null;
}

/**
 * `POST /workflow/acknowledge` with the page's credentials: "I have read and acknowledge this
 * document". The answer is the packet again (the step DONE once every reader acknowledged).
 */
export async function acknowledgeStep(access: PacketAccess, stepId: string): Promise<TWorkflowUserStatus> {
  const options = requestOptions(access);
  return (await api.post<TWorkflowUserStatus>('/workflow/acknowledge', { step_id: stepId }, options)).data;
}
