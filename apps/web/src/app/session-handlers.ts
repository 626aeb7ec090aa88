import { notifications } from '@mantine/notifications';
import { connectTokenRefresh } from '../features/auth/auth-session';
import {
  setSessionExpiredHandler,
  setSsoLogoutHandler,
  type SessionEndReason,
} from '../shared/api/api-client';
import { signinRedirectUrl } from './guard-decision';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/** What the visitor is told when the API client ends the session (one table, spec 1 §8). */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  'refresh-failed': 'Your session has ended. Please sign in again.',
  'refresh-expired': 'Your session has expired. Please sign in again.',
  'inactive-workspace': 'This workspace is no longer active. Please sign in again.',
  'sso-logout': 'You were signed out by single sign-on.',
};

/**
 * Wires the session into the API client: the token refresh (POST /revoke-token), and what
 * happens when a session cannot continue: go to /signin, keeping the page to return to. For
 * SSO_USER_LOGOUT the external accounts service logs out too, when configured, and sends the
 * visitor back to /signin.
 */
export function connectSessionHandlers(
  navigate: Navigate,
  accountsUrl: string | undefined = import.meta.env.VITE_ACCOUNTS_URL,
): void {
  connectTokenRefresh();
  const toSignin = (reason: SessionEndReason) => {
    notifications.show({ id: 'session-ended', color: 'orange', message: SESSION_END_MESSAGES[reason] });
    const { pathname, search, hash } = window.location;
    if (pathname.startsWith('/signin')) {
      void navigate('/signin', { replace: true });
      return;
    }
    void signinRedirectUrl({ pathname, search, hash }).then((target) => navigate(target, { replace: true }));
  };
  setSessionExpiredHandler(toSignin);
  setSsoLogoutHandler((reason) => {
    if (!accountsUrl) {
      toSignin(reason);
      return;
    }
    const back = `${window.location.origin}/signin`;
    window.location.assign(
      `${accountsUrl.replace(/\/+$/, '')}/logout?redirect_url=${encodeURIComponent(back)}`,
    );
  });
}
