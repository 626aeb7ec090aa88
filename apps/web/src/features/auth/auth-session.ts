import type { TSessionReply } from '@esigns/contracts/auth';
import type { QueryClient } from '@tanstack/react-query';
import { setRefreshHandler } from '../../shared/api/api-client';
import { clearCache } from '../../shared/cache/startup-cache';
import {
  USER_TYPES,
  createEmptySession,
  isSignedIn,
  sessionStore,
  workspaceIdOf,
  type SessionState,
  type SessionTokens,
  type UserType,
} from '../../shared/session/session-store';
import { requestWorkspaceSession, revokeSession, rotateTokens } from './auth-api';

function toUserType(value: unknown): UserType | null {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value)
    ? (value as UserType)
    : null;
}

/** The session fields a sign-in, second-factor or workspace answer sets (spec 1 §3, §4). */
export function sessionFromReply(reply: TSessionReply, now: Date = new Date()): Partial<SessionState> {
  const user = reply.user_details;
  const workspace = user.current_workspace;
  const tokens: SessionTokens = {
    access_token: reply.access_token,
    refresh_token: reply.refresh_token,
    access_token_expires_at: reply.access_token_expires_at,
    refresh_token_expires_at: reply.refresh_token_expires_at,
  };
  return {
    tokens,
    user,
    is_contact: user.is_contact === true,
    user_type: toUserType(user.activeRole?.userType_name) ?? toUserType(user.user_type),
    company: workspace ? { _id: workspace.company_id, slug: workspace.company_slug } : null,
    login_at: now.toISOString(),
  };
}

function assertSession(reply: TSessionReply | null | undefined): asserts reply is TSessionReply {
  if (!reply?.access_token || !reply.user_details?._id) {
    throw new Error('The server answered without a session');
  }
}

/**
 * Stores a new session as one replacement: nothing of a previous user or workspace survives
 * (spec 1 §4: switching first clears the user and authenticated status, then stores the new
 * tokens and user). Signer and guest details kept beside the session are left alone.
 */
export function startSession(reply: TSessionReply): void {
  assertSession(reply);
  sessionStore.setState((current) => ({
    ...createEmptySession(),
    auth_details: current.auth_details,
    ...sessionFromReply(reply),
  }));
}

/** The refresh of the API client: POST /revoke-token with the stored refresh token. */
export function refreshSessionTokens(refreshToken: string): Promise<SessionTokens> {
  return rotateTokens(refreshToken);
}

export function connectTokenRefresh(): void {
  setRefreshHandler(refreshSessionTokens);
}

/**
 * Data that belongs to the signed-in user and workspace beyond the session itself: the query
 * cache (company documents, groups, lists) and the startup lookups kept in localStorage.
 */
export function clearSignedInData(queryClient?: QueryClient): void {
  queryClient?.clear();
  clearCache();
}

export type SignOutOptions = {
  queryClient?: QueryClient;
  /** The sign-in page to land on: /signin, or /ap/signin for contacts. */
  to?: string;
  /** Opens `to`; a full page load by default, so that no in-memory state survives. */
  leaveTo?: (path: string) => void;
};

/** A full page load: every in-memory store of the previous session is gone afterwards. */
export function loadPage(path: string): void {
  window.location.assign(path);
}

/**
 * Signs out (spec 1 §4 "Sign-out resets auth, company, company documents and document groups"):
 * revokes the session on the server, then, whatever the server answered, clears the session,
 * the query cache and the startup cache, and loads the sign-in page afresh. The full load also
 * keeps the staff guard from sending the visitor to /signin?redirect_url=<the page they left>.
 */
export async function signOut({
  queryClient,
  to = '/signin',
  leaveTo = loadPage,
}: SignOutOptions = {}): Promise<void> {
  const refreshToken = sessionStore.getState().tokens?.refresh_token;
  try {
    if (refreshToken) await revokeSession(refreshToken);
  } catch (error) {
    // The server may already have ended the session; signing out locally still has to happen.
    console.warn('Sign-out: the server did not confirm the revocation', error);
  }
  sessionStore.clear();
  clearSignedInData(queryClient);
  leaveTo(to);
}

/**
 * Moves the session to another workspace (spec 1 §4): the new tokens and user replace the old
 * ones, the previous workspace's cached lookups are dropped, and the caller reloads /dashboard.
 */
export async function switchWorkspace(companyId: string): Promise<void> {
  const reply = await requestWorkspaceSession(companyId);
  startSession(reply);
  clearCache();
}

/** Who the data in memory belongs to: user and workspace, or null while signed out. */
export function sessionOwnerKey(state: SessionState): string | null {
  if (!isSignedIn(state)) return null;
  return `${state.user?._id ?? ''}|${workspaceIdOf(state) ?? ''}`;
}

/**
 * When the session ends another way (refresh failure, sign-out in another tab) or changes hands,
 * the previous owner's cached data is dropped too. Answers the unsubscribe function.
 */
export function watchSessionOwner(queryClient: QueryClient): () => void {
  let owner = sessionOwnerKey(sessionStore.getState());
  return sessionStore.subscribe((state) => {
    const previous = owner;
    owner = sessionOwnerKey(state);
    if (previous === null || owner === previous) return;
    // Tokens adopted from a link get their user record later: still the same owner.
    if (owner !== null && previous.startsWith('|')) return;
    // After the current render, so that the screens of the old session unmount first.
    setTimeout(() => clearSignedInData(queryClient), 0);
  });
}
