import { AUTH_HEADERS } from '@esigns/contracts/headers';
import type { TSuccess } from '@esigns/contracts/envelope';
import { sessionStore, type AuthDetails, type SessionTokens } from '../session/session-store';
import { ApiError, errorFromResponse } from './api-error';

export const API_BASE = '/api';
/** Call time-out of spec 1 §9. */
export const API_TIMEOUT_MS = 100_000;
/** A token with this much life or less left is refreshed before the call (spec 1 §9). */
export const TOKEN_REFRESH_MARGIN_MS = 30_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, unknown>;

export type ApiRequest = {
  method?: HttpMethod;
  /** Path under the base, e.g. '/outbox'. An absolute http(s) address is used as it is. */
  path: string;
  /**
   * Query parameters, the way GET calls carry their input; other methods carry it in `body`
   * (but may still name e.g. `company_id` here). Undefined and null values are left out.
   */
  params?: QueryParams;
  /** JSON body (or FormData / Blob, sent as they are) for every method except GET. */
  body?: unknown;
  /** Extra headers for this call; they win over the automatic ones. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** '' for the document service, which lives at the root rather than under /api. */
  base?: string;
  /** Never refresh and replay this call on a 401 (the refresh call itself, sign-in forms). */
  skipAuthRefresh?: boolean;
  /**
   * Let the request outlive the page (a tab being closed): the browser's `keepalive`, which it
   * grants only to bodies under 64 KB; a larger body is sent the ordinary way.
   */
  keepalive?: boolean;
};

/** The browser refuses a `keepalive` request whose body is over 64 KB: stay under it. */
const KEEPALIVE_MAX_BODY = 60_000;

/** Everything the client may turn into headers: the spec's auth details plus the token. */
export type AuthDetailsSnapshot = AuthDetails & { access_token?: string | null; usertimezone?: number };

export type RefreshHandler = (refreshToken: string) => Promise<SessionTokens>;
export type SessionEndReason = 'refresh-failed' | 'refresh-expired' | 'inactive-workspace' | 'sso-logout';
export type SessionEndHandler = (reason: SessionEndReason) => void;

/** The session's token and the signer/guest details kept beside it. */
export function readSessionAuthDetails(): AuthDetailsSnapshot {
  const state = sessionStore.getState();
  return { ...state.auth_details, access_token: state.tokens?.access_token ?? null };
}

let authDetailsProvider: () => AuthDetailsSnapshot = readSessionAuthDetails;
let refreshHandler: RefreshHandler | null = null;
let sessionExpiredHandler: SessionEndHandler = () => {};
let ssoLogoutHandler: SessionEndHandler | null = null;
let refreshInFlight: Promise<string> | null = null;

export function setAuthDetailsProvider(provider: () => AuthDetailsSnapshot): void {
  authDetailsProvider = provider;
}

/** Plugged in by the auth area: `POST /api/revoke-token { token }` answering a new token pair. */
export function setRefreshHandler(handler: RefreshHandler | null): void {
  refreshHandler = handler;
}

/** Called after the session is cleared because it cannot continue (navigate to /signin). */
export function setSessionExpiredHandler(handler: SessionEndHandler): void {
  sessionExpiredHandler = handler;
}

/** Called after the session is cleared for SSO_USER_LOGOUT; defaults to the expired handler. */
export function setSsoLogoutHandler(handler: SessionEndHandler | null): void {
  ssoLogoutHandler = handler;
}

/** Restores the defaults (tests). */
export function resetApiClient(): void {
  authDetailsProvider = readSessionAuthDetails;
  refreshHandler = null;
  sessionExpiredHandler = () => {};
  ssoLogoutHandler = null;
  refreshInFlight = null;
}

/** 401s of these calls are answers (wrong password, expired link), not an expired session. */
const REFRESH_EXEMPT = [
  /\/signin$/i,
  /\/verify-reset-password/i,
  /\/verify\/forgot-password/i,
  /\/verify-email/i,
  /\/email\/verify/i,
  /\/verifyEmail\//i,
  /\/verify-password/i,
  /\/revoke-token/i,
];

export function isRefreshExempt(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  return REFRESH_EXEMPT.some((pattern) => pattern.test(bare));
}

function serialiseParam(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null) search.append(key, serialiseParam(item));
    } else {
      search.append(key, serialiseParam(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function buildUrl(path: string, params?: QueryParams, base: string = API_BASE): string {
  const query = buildQuery(params);
  if (/^https?:\/\//i.test(path))
    return `${path}${query && path.includes('?') ? `&${query.slice(1)}` : query}`;
  const joined = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return `${joined}${query && joined.includes('?') ? `&${query.slice(1)}` : query}`;
}

/** Header name -> auth detail it comes from (spec 1 §7). */
const DETAIL_HEADERS: ReadonlyArray<[keyof AuthDetails, string]> = [
  ['user_id', AUTH_HEADERS.userId],
  ['anonymous_user_id', AUTH_HEADERS.anonymousUserId],
  ['password', AUTH_HEADERS.password],
  ['document_id', AUTH_HEADERS.documentId],
  ['workflow_data_id', AUTH_HEADERS.workflowDataId],
  ['passcode', AUTH_HEADERS.passcode],
  ['approver_company_user_id', AUTH_HEADERS.approverCompanyUserId],
  ['approver_contact_id', AUTH_HEADERS.approverContactId],
  ['formbuilder_id', AUTH_HEADERS.formBuilderId],
];

/**
 * The spec's headers for the known details. `usertimezone` is the browser's
 * `Date#getTimezoneOffset()`: minutes to add to local time to reach UTC (India: -330).
 */
export function buildAuthHeaders(details: AuthDetailsSnapshot): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [field, header] of DETAIL_HEADERS) {
    const value = details[field];
    if (value !== undefined && value !== null && value !== '') headers[header] = String(value);
  }
  if (details.access_token) headers[AUTH_HEADERS.authorization] = `Bearer ${details.access_token}`;
  headers[AUTH_HEADERS.userTimezone] = String(details.usertimezone ?? new Date().getTimezoneOffset());
  return headers;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  );
}

type RawResult = { ok: boolean; status: number; body: unknown };

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One HTTP exchange, bounded by the time-out and the caller's signal. */
async function send(request: ApiRequest, details: AuthDetailsSnapshot): Promise<RawResult> {
  const method = request.method ?? 'GET';
  const isGet = method === 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...buildAuthHeaders(details) };
  let body: BodyInit | undefined;
  if (!isGet && request.body !== undefined) {
    if (isRawBody(request.body)) body = request.body;
    else {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
  }
  Object.assign(headers, request.headers);

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, request.timeoutMs ?? API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(buildUrl(request.path, request.params, request.base), {
      method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
      keepalive: request.keepalive === true && typeof body === 'string' && body.length < KEEPALIVE_MAX_BODY,
    });
    return { ok: response.ok, status: response.status, body: await readBody(response) };
  } catch (error) {
    if (isTimedOut) {
      throw new ApiError({
        status: 0,
        message: 'The server took too long to answer. Please try again.',
        error_code: 'TIMEOUT',
      });
    }
    if (request.signal?.aborted) {
      throw new ApiError({ status: 0, message: 'The request was cancelled.', error_code: 'ABORTED' });
    }
    throw new ApiError({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
      error_code: 'NETWORK_ERROR',
      body: error,
    });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', forwardAbort);
  }
}

function endSession(reason: SessionEndReason): void {
  sessionStore.clear();
  const handler =
    reason === 'sso-logout' ? (ssoLogoutHandler ?? sessionExpiredHandler) : sessionExpiredHandler;
  handler(reason);
}

/** Epoch ms of an expiry given as ISO text, epoch seconds or epoch ms; null when unknown. */
export function expiryToMs(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const numeric = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (Number.isFinite(numeric)) return numeric < 1e12 ? numeric * 1000 : numeric;
  const parsed = Date.parse(String(value));
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Runs the single refresh: while it is under way every other caller waits for the same
 * promise. On failure the session is cleared once and the expired hook runs once.
 */
export function refreshAccessToken(): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const attempt = (async () => {
    const tokens = sessionStore.getState().tokens;
    if (!tokens?.refresh_token) throw new Error('No refresh token');
    if (!refreshHandler) throw new Error('No refresh handler');
    const next = await refreshHandler(tokens.refresh_token);
    if (!next?.access_token) throw new Error('Refresh answered without an access token');
    sessionStore.setTokens({ ...next, refresh_token: next.refresh_token || tokens.refresh_token });
    return next.access_token;
  })();
  refreshInFlight = attempt
    .catch((error: unknown) => {
      endSession('refresh-failed');
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

function sessionExpiredError(): ApiError {
  return new ApiError({
    status: 401,
    message: 'Your session has ended. Please sign in again.',
    error_code: 'SESSION_EXPIRED',
  });
}

/** Refreshes ahead of the call when a token has 30 s or less left; an expired refresh token ends the session. */
async function refreshIfExpiringSoon(sentToken: string): Promise<void> {
  const tokens = sessionStore.getState().tokens;
  if (!tokens || tokens.access_token !== sentToken || !tokens.refresh_token) return;
  const now = Date.now();
  const refreshExpiry = expiryToMs(tokens.refresh_token_expires_at);
  if (refreshExpiry !== null && refreshExpiry <= now) {
    endSession('refresh-expired');
    throw sessionExpiredError();
  }
  const accessExpiry = expiryToMs(tokens.access_token_expires_at);
  const isExpiring =
    (refreshExpiry !== null && refreshExpiry - now <= TOKEN_REFRESH_MARGIN_MS) ||
    (accessExpiry !== null && accessExpiry - now <= TOKEN_REFRESH_MARGIN_MS);
  if (!isExpiring || !refreshHandler) return;
  try {
    await refreshAccessToken();
  } catch {
    throw sessionExpiredError();
  }
}

/**
 * Refreshes now when the session's tokens have 30 s or less left. For calls that name the refresh
 * token in their body (workspace switch): a refresh on the way would otherwise rotate it away.
 */
export async function ensureFreshSession(): Promise<void> {
  const token = sessionStore.getState().tokens?.access_token;
  if (token) await refreshIfExpiringSoon(token);
}

/**
 * Sends one call and answers its parsed body. Failures throw `ApiError`: 422 carries
 * `fieldErrors`, anything else its `critical_error`. A 401 on a call that carried the session
 * token runs the single shared refresh and replays the call once with the new token.
 */
export async function apiRequest<T>(request: ApiRequest): Promise<T> {
  const canRefresh = !request.skipAuthRefresh && !isRefreshExempt(request.path);
  let details = authDetailsProvider();
  const sentToken = details.access_token ?? null;
  if (canRefresh && sentToken) {
    await refreshIfExpiringSoon(sentToken);
    details = authDetailsProvider();
  }

  const first = await send(request, details);
  if (first.ok) return first.body as T;
  const error = errorFromResponse(first.status, first.body);
  if (!canRefresh) throw error;

  const tokenOfCall = details.access_token ?? null;
  const isCurrentSession =
    Boolean(tokenOfCall) && sessionStore.getState().tokens?.access_token === tokenOfCall;

  if (error.hasCode('SSO_USER_LOGOUT')) {
    if (isCurrentSession) endSession('sso-logout');
    throw error;
  }
  if (first.status !== 401 || !tokenOfCall) throw error;
  if (error.hasCode('INACTIVE_WORKSPACE')) {
    if (isCurrentSession) endSession('inactive-workspace');
    throw error;
  }

  let freshToken: string;
  const currentToken = sessionStore.getState().tokens?.access_token;
  if (currentToken && currentToken !== tokenOfCall) {
    // Another call refreshed while this one was on the wire: replay with the token it got.
    freshToken = currentToken;
  } else {
    try {
      freshToken = await refreshAccessToken();
    } catch {
      throw error;
    }
  }

  const replay = await send(request, { ...authDetailsProvider(), access_token: freshToken });
  if (replay.ok) return replay.body as T;
  throw errorFromResponse(replay.status, replay.body);
}

type CallOptions = Omit<ApiRequest, 'method' | 'path' | 'params' | 'body'>;

/** Shorthands answering the `{ success, message?, data }` envelope of API conventions. */
export const api = {
  get<T>(path: string, params?: QueryParams, options?: CallOptions): Promise<TSuccess<T>> {
    return apiRequest<TSuccess<T>>({ ...options, method: 'GET', path, params });
  },
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<TSuccess<T>> {
    return apiRequest<TSuccess<T>>({ ...options, method: 'POST', path, body });
  },
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<TSuccess<T>> {
    return apiRequest<TSuccess<T>>({ ...options, method: 'PUT', path, body });
  },
  patch<T>(path: string, body?: unknown, options?: CallOptions): Promise<TSuccess<T>> {
    return apiRequest<TSuccess<T>>({ ...options, method: 'PATCH', path, body });
  },
  delete<T>(path: string, body?: unknown, options?: CallOptions): Promise<TSuccess<T>> {
    return apiRequest<TSuccess<T>>({ ...options, method: 'DELETE', path, body });
  },
};
