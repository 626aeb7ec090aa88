import type {
  TOAuthAuthorizedApp,
  TOAuthClientApp,
  TOAuthClientAppInput,
  TOAuthClientAppWithSecret,
  TOAuthConsentDetails,
} from '@esigns/contracts/oauth';
import { api } from '../../shared/api/api-client';
import { workspaceIdOf, type SessionState } from '../../shared/session/session-store';

/** The workspace's client apps: cached per workspace. */
export function clientAppsKey(session: SessionState) {
  return ['oauth', 'client-apps', workspaceIdOf(session)] as const;
}

export async function fetchClientApps(): Promise<TOAuthClientApp[]> {
  return (await api.get<TOAuthClientApp[]>('/fetch-clients')).data;
}

export async function createClientApp(body: TOAuthClientAppInput): Promise<TOAuthClientAppWithSecret> {
  return (await api.post<TOAuthClientAppWithSecret>('/create-client', body)).data;
}

export async function rotateClientSecret(appId: string): Promise<TOAuthClientAppWithSecret> {
  return (await api.post<TOAuthClientAppWithSecret>(`/rotate-client-secret/${encodeURIComponent(appId)}`))
    .data;
}

export async function deleteClientApp(appId: string): Promise<void> {
  await api.delete(`/delete-client/${encodeURIComponent(appId)}`);
}

export async function fetchConsent(uid: string): Promise<TOAuthConsentDetails> {
  return (await api.get<TOAuthConsentDetails>('/oauth2/signin/details', { uid })).data;
}

export async function answerConsent(uid: string, decision: 'allow' | 'deny'): Promise<string> {
  return (await api.post<{ redirectTo: string }>('/oauth2/signin', { uid, decision })).data.redirectTo;
}

/** The apps the signed-in user has authorized: cached per user. */
export function authorizedAppsKey(session: SessionState) {
  return ['oauth', 'authorized-apps', session.user?._id ?? null] as const;
}

export async function fetchAuthorizedApps(): Promise<TOAuthAuthorizedApp[]> {
  return (await api.get<TOAuthAuthorizedApp[]>('/oauth2/authorized-apps')).data;
}

export async function revokeAuthorizedApp(appId: string): Promise<void> {
  await api.delete(`/oauth2/authorized-apps/${encodeURIComponent(appId)}`);
}
