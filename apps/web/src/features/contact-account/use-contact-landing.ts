import type { TApplicationUserSession } from '@esigns/contracts/application-users';
import { useLocation, useNavigate } from 'react-router';
import { afterSigninPath } from '../../app/guard-decision';
import { sessionStore } from '../../shared/session/session-store';
import { startContactSession } from './contact-session';

/** Stores a contact session and opens the page `redirect_url` names, else /ap/documents. */
export function useContactLanding(): (reply: TApplicationUserSession) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (reply) => {
    startContactSession(reply);
    // Only the page to return to is kept from the query: not the invitation or reset token.
    const redirect = new URLSearchParams(location.search).get('redirect_url');
    const search = redirect ? `?redirect_url=${encodeURIComponent(redirect)}` : '';
    void afterSigninPath(sessionStore.getState(), search).then((path) => navigate(path, { replace: true }));
  };
}
