import type { TSsoNewUser } from '@esigns/contracts/sso';

/**
 * What single sign-on keeps in the browser between its pages: the state of the sign-in sent to
 * the provider (this tab only, checked when it comes back), the new user's data for /sso-signup
 * (this tab only), and the provider's end-session URL of the signed-in SSO user (where an
 * SSO_USER_LOGOUT sends them).
 */
const STATE_KEY = 'sso_state';
const NEW_USER_KEY = 'sso_new_user';
const LOGOUT_URL_KEY = 'sso_logout_url';

export function rememberSsoState(state: string): void {
  sessionStorage.setItem(STATE_KEY, state);
}

/** The state this tab sent. */
export function readSsoState(): string | null {
  return sessionStorage.getItem(STATE_KEY);
}

/** A callback is used once. */
export function forgetSsoState(): void {
  sessionStorage.removeItem(STATE_KEY);
}

export function rememberSsoNewUser(user: TSsoNewUser): void {
  sessionStorage.setItem(NEW_USER_KEY, JSON.stringify(user));
}

export function readSsoNewUser(): TSsoNewUser | null {
  try {
    const user = JSON.parse(sessionStorage.getItem(NEW_USER_KEY) ?? 'null') as TSsoNewUser | null;
    if (!user || new Date(user.expires_at).getTime() <= Date.now()) return null;
    return user;
  } catch {
    return null;
  }
}

export function forgetSsoNewUser(): void {
  sessionStorage.removeItem(NEW_USER_KEY);
}

/** Kept at an SSO sign-in (null: the provider has no end-session endpoint, any older one is dropped). */
export function rememberSsoLogoutUrl(url: string | null): void {
  if (url) localStorage.setItem(LOGOUT_URL_KEY, url);
  else localStorage.removeItem(LOGOUT_URL_KEY);
}

/** The provider's end-session URL of the session that just ended (removed). */
export function takeSsoLogoutUrl(): string | null {
  const url = localStorage.getItem(LOGOUT_URL_KEY);
  localStorage.removeItem(LOGOUT_URL_KEY);
  return url;
}
