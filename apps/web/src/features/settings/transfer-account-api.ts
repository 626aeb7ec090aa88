import type { TStartTransferRequest, TTransferRequest } from '@esigns/contracts/transfer-account';
import { api } from '../../shared/api/api-client';
import { workspaceIdOf, type SessionState } from '../../shared/session/session-store';
import type { TCompanyUser } from '../team/team-api';

/**
 * The transfer-account calls (`apps/server/src/modules/transfer-account`): the owner starts,
 * resends or cancels a request; the member asked reads it and accepts with the mailed code.
 */

/** The cache belongs to a user in a workspace: the keys name both. */
export const TRANSFER_KEYS = {
  all: ['transfer-account'] as const,
  pending: (session: SessionState) =>
    ['transfer-account', 'pending', session.user?._id ?? null, workspaceIdOf(session)] as const,
  request: (id: string, session: SessionState) =>
    ['transfer-account', 'request', id, session.user?._id ?? null, workspaceIdOf(session)] as const,
  members: (companyId: string | null) => ['transfer-account', 'members', companyId] as const,
};

export async function fetchPendingTransfer(signal?: AbortSignal): Promise<TTransferRequest | null> {
  return (await api.get<TTransferRequest | null>('/transfer-account', undefined, { signal })).data;
}

export async function startTransfer(body: TStartTransferRequest): Promise<TTransferRequest> {
  return (await api.post<TTransferRequest>('/transfer-account', body)).data;
}

export async function fetchTransfer(id: string, signal?: AbortSignal): Promise<TTransferRequest> {
  return (
    await api.get<TTransferRequest>(`/transfer-account/${encodeURIComponent(id)}`, undefined, { signal })
  ).data;
}

export async function cancelTransfer(id: string): Promise<TTransferRequest> {
  return (await api.delete<TTransferRequest>(`/transfer-account/${encodeURIComponent(id)}`)).data;
}

export async function resendTransferCode(id: string): Promise<TTransferRequest> {
  return (await api.post<TTransferRequest>(`/transfer-account/${encodeURIComponent(id)}/resend`)).data;
}

export async function acceptTransfer(id: string, code: string): Promise<TTransferRequest> {
  return (await api.post<TTransferRequest>(`/transfer-account/${encodeURIComponent(id)}/accept`, { code }))
    .data;
}

/** Every active member of the workspace (`GET /getAllCompanyUsers/{company_id}`), ordered by name. */
export async function fetchActiveMembers(companyId: string, signal?: AbortSignal): Promise<TCompanyUser[]> {
  return (
    await api.get<TCompanyUser[]>(`/getAllCompanyUsers/${encodeURIComponent(companyId)}`, undefined, {
      signal,
    })
  ).data;
}
