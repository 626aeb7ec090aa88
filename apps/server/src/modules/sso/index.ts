/**
 * The public face of the sso module: the composition root imports only this file (checked by
 * .dependency-cruiser.cjs). Its tables stay private to it.
 */
import { registerSsoSessionCheck } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { registerSsoSessions } from '../auth';
import { isSsoFamily, ssoSessionCheck } from './logout-service';

export { registerSsoRoutes } from './routes';

/**
 * Tells auth and the request authentication about single-sign-on sessions (app.ts, before any
 * route): a refresh keeps the SSO flag, and each call of an SSO token checks its provider has not
 * ended it (401 SSO_USER_LOGOUT).
 */
export function registerSsoHooks(platform: Platform): void {
  registerSsoSessions(isSsoFamily);
  registerSsoSessionCheck(ssoSessionCheck(platform));
}
