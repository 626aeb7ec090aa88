import { setSessionExpiredHandler, setSsoLogoutHandler } from '../shared/api/api-client';
import { signinRedirect } from './guard-decision';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/**
 * What the API client does when a session cannot continue: go to /signin (keeping the page to
 * return to). For SSO_USER_LOGOUT the external accounts service logs out too, when configured,
 * and sends the visitor back to /signin.
 */
export function connectSessionHandlers(
  navigate: Navigate,
  accountsUrl: string | undefined = import.meta.env.VITE_ACCOUNTS_URL,
): void {
  const toSignin = () => {
    const { pathname, search, hash } = window.location;
    const target = pathname.startsWith('/signin') ? '/signin' : signinRedirect({ pathname, search, hash });
    void navigate(target, { replace: true });
  };
  setSessionExpiredHandler(toSignin);
  setSsoLogoutHandler(() => {
    if (!accountsUrl) {
      toSignin();
      return;
    }
    const back = `${window.location.origin}/signin`;
    window.location.assign(
      `${accountsUrl.replace(/\/+$/, '')}/logout?redirect_url=${encodeURIComponent(back)}`,
    );
  });
}
