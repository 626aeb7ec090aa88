import type { TAllowedOrigin, TEmbedSessionReply } from '@esigns/contracts/embedding';
import { api } from '../../shared/api/api-client';
import { workspaceIdOf, type SessionState } from '../../shared/session/session-store';

/** The workspace's allowed host origins: cached per workspace. */
export function allowedOriginsKey(session: SessionState) {
  return ['embedding', 'allowed-origins', workspaceIdOf(session)] as const;
}

export async function fetchAllowedOrigins(): Promise<TAllowedOrigin[]> {
  return (await api.get<TAllowedOrigin[]>('/embed/allowed-origins')).data;
}

export async function addAllowedOrigin(origin: string): Promise<TAllowedOrigin> {
  return (await api.post<TAllowedOrigin>('/embed/allowed-origins', { origin })).data;
}

export async function removeAllowedOrigin(id: string): Promise<void> {
  await api.delete(`/embed/allowed-origins/${encodeURIComponent(id)}`);
}

/** The host session token for an embedded session (no bearer: the token is the credential). */
export async function exchangeHostToken(ssoAuth: string): Promise<TEmbedSessionReply> {
  return (await api.post<TEmbedSessionReply>('/embed/session', { ssoAuth }, { skipAuthRefresh: true })).data;
}
