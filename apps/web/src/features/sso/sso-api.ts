import type {
  TSsoConfig,
  TSsoConfigWrite,
  TSsoSessionReply,
  TSsoSignupRequest,
  TSsoStartReply,
  TSsoStartRequest,
  TSsoTokenReply,
  TSsoTokenRequest,
} from '@esigns/contracts/sso';
import { api } from '../../shared/api/api-client';

/** The single sign-on calls (apps/server/src/modules/sso/README.md). Guest calls never refresh a session. */
const GUEST = { skipAuthRefresh: true } as const;

export const SSO_KEYS = { config: ['sso', 'config'] as const };

export async function startSso(body: TSsoStartRequest): Promise<TSsoStartReply> {
  return (await api.post<TSsoStartReply>('/sso/start', body, GUEST)).data;
}

/** `POST /sso/token`: EXISTED_USER_LOGIN_SUCCESS or NEW_USER; HOLD_WORKSPACE is a 403 with that code. */
export async function exchangeSsoCode(body: TSsoTokenRequest): Promise<TSsoTokenReply> {
  return (await api.post<TSsoTokenReply>('/sso/token', body, GUEST)).data;
}

export async function completeSsoSignup(body: TSsoSignupRequest): Promise<TSsoSessionReply> {
  return (await api.post<TSsoSessionReply>('/sso/signup', body, GUEST)).data;
}

export async function fetchSsoConfig(signal?: AbortSignal): Promise<TSsoConfig> {
  return (await api.get<TSsoConfig>('/sso/config', undefined, { signal })).data;
}

export async function saveSsoConfig(body: TSsoConfigWrite): Promise<TSsoConfig> {
  return (await api.put<TSsoConfig>('/sso/config', body)).data;
}
