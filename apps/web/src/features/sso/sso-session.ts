import type { TSsoSessionReply } from '@esigns/contracts/sso';
import { afterSigninPath } from '../../app/guard-decision';
import { sessionStore } from '../../shared/session/session-store';
import { startSession } from '../auth/auth-session';
import { rememberSsoLogoutUrl } from './sso-storage';

/** Opens the session of an SSO sign-in (kept like a password sign-in) and answers where to land. */
export async function startSsoSession(reply: TSsoSessionReply): Promise<string> {
  startSession(reply);
  rememberSsoLogoutUrl(reply.logout_url);
  return afterSigninPath(sessionStore.getState(), '');
}
