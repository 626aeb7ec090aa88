import {
  isContactSession,
  isSignedIn,
  userTypeOf,
  type SessionState,
  type SessionTokens,
} from '../shared/session/session-store';
import { decodeRedirectTarget, encodeRedirectTarget } from '../shared/session/redirect-target';
import { GUEST_ROUTES } from './routes';

/**
 * Route guards of spec 1 §6. `formGuest` and `formApproval` are the guest form-builder and
 * approval guards of the same section, used by the public form routes.
 */
export type GuardName =
  | 'guest'
  | 'user'
  | 'applicationUser'
  | 'passwordProtected'
  | 'passwordProtectedOrAuthUser'
  | 'userOrServer'
  | 'onlyAdmin'
  | 'embedded'
  | 'public'
  | 'formGuest'
  | 'formApproval';

export type GuardLocation = { pathname: string; search?: string; hash?: string };

/** Why a visitor is sent elsewhere. */
export type RedirectReason = 'signed-out' | 'wrong-role' | 'signed-in';

export type GuardDecision =
  { type: 'allow'; adoptTokens?: SessionTokens } | { type: 'redirect'; to: string; reason: RedirectReason };

const ALLOW: GuardDecision = { type: 'allow' };

export const SIGNIN_PATH = '/signin';
export const AP_SIGNIN_PATH = '/ap/signin';
export const AP_FORBIDDEN_PATH = '/ap/forbidden';
export const STAFF_HOME_PATH = '/dashboard';
export const CONTACT_HOME_PATH = '/ap/documents';
export const NOT_ADMIN_PATH = '/emp/';
export const IFRAME_SIGNIN_SEGMENT = 'iFrameSignin';

function fullPath(location: GuardLocation): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

function query(location: GuardLocation): URLSearchParams {
  return new URLSearchParams(location.search ?? '');
}

function redirect(to: string, reason: RedirectReason): GuardDecision {
  return { type: 'redirect', to, reason };
}

/** `/signin?redirect_url=<encoded current path>` */
export function signinRedirect(
  location: GuardLocation,
  base = SIGNIN_PATH,
  extra?: Record<string, string>,
): string {
  const params = new URLSearchParams(extra);
  params.set('redirect_url', encodeRedirectTarget(fullPath(location)));
  return `${base}?${params.toString()}`;
}

/** Guest pages (sign-in, sign-up, …): never a place to return to after signing in. */
const GUEST_PATHS: ReadonlySet<string> = new Set(GUEST_ROUTES.map((route) => route.pattern));

/**
 * Where a visitor goes once signed in: the same-site page kept in `redirect_url` (its own guard
 * then decides, e.g. a contact sent to a staff page lands on /ap/forbidden), else their home:
 * /dashboard, or /ap/documents for a contact. Guest pages are never a target (no loop).
 */
export function afterSigninPath(session: SessionState, search: string | undefined): string {
  const home = isContactSession(session) ? CONTACT_HOME_PATH : STAFF_HOME_PATH;
  const target = decodeRedirectTarget(new URLSearchParams(search ?? '').get('redirect_url'));
  if (!target) return home;
  const { pathname } = new URL(target, 'http://same.site');
  if (GUEST_PATHS.has(pathname)) return home;
  return target;
}

function hasRepresentativePassword(session: SessionState, location: GuardLocation): boolean {
  const fromSession =
    session.auth_details.password ??
    (typeof session.user?.password === 'string' ? session.user.password : undefined);
  return Boolean(fromSession || query(location).get('password'));
}

/** `/public/fbd/{code}/…` or `/public/fb/{code}/{data_id}/…`: the base of one public form. */
export function publicFormBase(pathname: string): string | null {
  const single = /^\/public\/fbd\/[^/]+/.exec(pathname);
  if (single) return single[0];
  const entry = /^\/public\/fb\/[^/]+\/[^/]+/.exec(pathname);
  return entry ? entry[0] : null;
}

function decideUser(session: SessionState, location: GuardLocation): GuardDecision {
  if (!isSignedIn(session)) return redirect(signinRedirect(location), 'signed-out');
  if (isContactSession(session)) return redirect(AP_FORBIDDEN_PATH, 'wrong-role');
  return ALLOW;
}

/**
 * The guard decision as a pure function: the same inputs give the same answer, with no
 * navigation, so that every rule of spec 1 §6 can be unit-tested.
 */
export function decideGuard(guard: GuardName, session: SessionState, location: GuardLocation): GuardDecision {
  const signedIn = isSignedIn(session);
  const contact = isContactSession(session);

  switch (guard) {
    case 'public':
      return ALLOW;

    case 'guest':
      // The sign-in screen and this guard agree on where a fresh session goes.
      if (!signedIn) return ALLOW;
      return redirect(afterSigninPath(session, location.search), 'signed-in');

    case 'user':
      return decideUser(session, location);

    case 'applicationUser': {
      if (!signedIn) {
        const slug = query(location).get('company') ?? session.company?.slug;
        return redirect(
          slug ? signinRedirect(location, AP_SIGNIN_PATH, { company: slug }) : signinRedirect(location),
          'signed-out',
        );
      }
      return contact ? ALLOW : redirect(AP_FORBIDDEN_PATH, 'wrong-role');
    }

    case 'passwordProtected':
      // An authorized representative holds the per-recipient password; a token also opens it.
      if (hasRepresentativePassword(session, location) || signedIn) return ALLOW;
      return redirect(signinRedirect(location), 'signed-out');

    case 'passwordProtectedOrAuthUser':
      if (hasRepresentativePassword(session, location) || signedIn || session.user) return ALLOW;
      return redirect(signinRedirect(location), 'signed-out');

    case 'userOrServer': {
      // A server-built link may carry the tokens in its query; the guard adopts them.
      const params = query(location);
      const accessToken = params.get('access_token');
      if (accessToken) {
        return {
          type: 'allow',
          adoptTokens: { access_token: accessToken, refresh_token: params.get('refresh_token') ?? '' },
        };
      }
      return decideUser(session, location);
    }

    case 'onlyAdmin': {
      if (!signedIn) return redirect(signinRedirect(location), 'signed-out');
      const type = userTypeOf(session);
      // The owner has every right (spec 1 §6), so the owner passes the admin check too.
      return !contact && (type === 'ADMIN' || type === 'OWNER')
        ? ALLOW
        : redirect(NOT_ADMIN_PATH, 'wrong-role');
    }

    case 'embedded': {
      const match = /^\/if\/([^/]+)(\/[^/]*)?/.exec(location.pathname);
      if (!match) return ALLOW;
      if (match[2] === `/${IFRAME_SIGNIN_SEGMENT}`) return ALLOW;
      if (signedIn) return ALLOW;
      return redirect(
        signinRedirect(location, `/if/${match[1] ?? ''}/${IFRAME_SIGNIN_SEGMENT}`),
        'signed-out',
      );
    }

    case 'formGuest': {
      const details = session.auth_details;
      if (details.passcode && (details.user_id || details.anonymous_user_id)) return ALLOW;
      const base = publicFormBase(location.pathname);
      return redirect(
        base ? signinRedirect(location, `${base}/auth/verify`) : signinRedirect(location),
        'signed-out',
      );
    }

    case 'formApproval': {
      const details = session.auth_details;
      if (details.passcode && (details.approver_company_user_id || details.approver_contact_id)) return ALLOW;
      const base = publicFormBase(location.pathname);
      return redirect(
        base ? signinRedirect(location, `${base}/approval/auth`) : signinRedirect(location),
        'signed-out',
      );
    }

    default: {
      const unreachable: never = guard;
      throw new Error(`Unknown guard ${String(unreachable)}`);
    }
  }
}
