import type { TEmbedSessionReply } from '@esigns/contracts/embedding';
import { setSessionExpiredHandler } from '../../shared/api/api-client';
import {
  createEmptySession,
  sessionStore,
  USER_TYPES,
  type UserType,
} from '../../shared/session/session-store';
import { emitHostEvent } from './host-bridge';

/** The frame's session bits the session store has no field for. */
let sessionFacts: { allowedOrigins: string[]; companyName: string } | null = null;

export function embeddedSessionFacts() {
  return sessionFacts;
}

function toUserType(value: unknown): UserType | null {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value)
    ? (value as UserType)
    : null;
}

/**
 * Stores the embedded session in the session store, which in a frame lives in memory only
 * (`sessionStore.keepInMemoryOnly()` at start-up): never read from or written to the app's stored
 * session. No refresh token: when the access token ends, the frame asks the host to reload.
 */
export function startEmbeddedSession(reply: TEmbedSessionReply): void {
  const user = reply.user_details;
  const workspace = user.current_workspace;
  sessionFacts = { allowedOrigins: reply.allowed_origins, companyName: reply.company.name };
  sessionStore.setState({
    ...createEmptySession(),
    tokens: {
      access_token: reply.access_token,
      refresh_token: '',
      access_token_expires_at: reply.access_token_expires_at,
      refresh_token_expires_at: null,
    },
    user,
    user_type: toUserType(user.activeRole?.userType_name) ?? toUserType(user.user_type),
    company: workspace ? { _id: workspace.company_id, slug: workspace.company_slug } : null,
    login_at: new Date().toISOString(),
  });
}

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/**
 * What ends a frame's session (the API client's 401 without a refresh token): the host is told
 * `session.expired` and the frame shows its sign-in screen, which asks the host page to reload.
 */
export function connectEmbeddedSessionHandlers(navigate: Navigate): void {
  setSessionExpiredHandler((reason) => {
    emitHostEvent('session.expired', { reason });
    void navigate('/iFrameSignin?ended=1', { replace: true });
  });
}
