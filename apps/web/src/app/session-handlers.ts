import { notifications } from '@mantine/notifications';
import { connectTokenRefresh } from '../features/auth/auth-session';
import {
  setSessionExpiredHandler,
  setSsoLogoutHandler,
  type SessionEndReason,
} from '../shared/api/api-client';
import { contactSigninPath, rememberedContactCompany } from '../features/contact-account/contact-session';
import { takeSsoLogoutUrl } from '../features/sso/sso-storage';
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
 * SSO_USER_LOGOUT the company's identity provider ends its session too (its end-session URL kept
 * at the SSO sign-in), else the external accounts service when configured, and sends the visitor
 * back to /signin.
 */
export function connectSessionHandlers(
  navigate: Navigate,
  accountsUrl: string | undefined = import.meta.env.VITE_ACCOUNTS_URL,
  /** Leaves the app for another site (the provider's or accounts' logout); a seam for tests. */
  leaveTo: (url: string) => void = (url) => window.location.assign(url),
): void {
  connectTokenRefresh();
  const toSignin = (reason: SessionEndReason) => {
    notifications.show({ id: 'session-ended', color: 'orange', message: SESSION_END_MESSAGES[reason] });
    void signinAfterSessionEnd(window.location).then((target) => navigate(target, { replace: true }));
  };
  setSessionExpiredHandler(toSignin);
  setSsoLogoutHandler((reason) => {
    // The identity provider's end-session URL kept at the SSO sign-in (it returns to /signin).
    const providerLogout = takeSsoLogoutUrl();
    if (providerLogout) {
      leaveTo(providerLogout);
      return;
    }
    if (!accountsUrl) {
      toSignin(reason);
      return;
    }
    const back = `${window.location.origin}/signin`;
    leaveTo(`${accountsUrl.replace(/\/+$/, '')}/logout?redirect_url=${encodeURIComponent(back)}`);
  });
}

/**
 * Where a visitor goes when the session ends: the sign-in page with the way back. Already on the
 * sign-in page (several refused calls end the same session one after another), it stays there
 * with its query, so the `redirect_url` the first one set is kept.
 */
export async function signinAfterSessionEnd(location: {
  pathname: string;
  search: string;
  hash: string;
}): Promise<string> {
  const { pathname, search, hash } = location;
  if (pathname.startsWith('/signin')) return `/signin${search}${hash}`;
  // A contact's session ended in the contact area: the company's contact sign-in page.
  if (pathname === '/ap' || pathname.startsWith('/ap/')) {
    if (pathname.startsWith('/ap/signin')) return `${pathname}${search}${hash}`;
    return contactSigninPath(rememberedContactCompany());
  }
  return signinRedirectUrl({ pathname, search, hash });
}
