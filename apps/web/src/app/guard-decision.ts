import {
  isContactSession,
  isSignedIn,
  userTypeOf,
  type SessionState,
  type SessionTokens,
} from '../shared/session/session-store';
import { decryptRedirectTarget, encryptRedirectTarget } from '../shared/session/redirect-target';
import { GUEST_ROUTES } from './routes';

/**
 * Route guards of spec 1 §6. `formGuest` and `formApproval` are the guest form-builder and
 * approval guards of the same section, used by the public form routes. `requestLink` opens a
 * document request's step pages to the holder of its mailed link (routes.ts).
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
  | 'formApproval'
  | 'requestLink';

export type GuardLocation = { pathname: string; search?: string; hash?: string };

/** Why a visitor is sent elsewhere. */
export type RedirectReason = 'signed-out' | 'wrong-role' | 'signed-in';

/**
 * A redirect. `redirect_url` is encrypted (asynchronous WebCrypto), so the pure decision only
 * names what goes in it; `resolveRedirect` turns the decision into the address to open.
 */
export type GuardRedirect = {
  type: 'redirect';
  to: string;
  reason: RedirectReason;
  /** Signed-out: the page to come back to, added to `to` encrypted as `redirect_url`. */
  returnTo?: string;
  /** Signed-in on a guest page: its encrypted `redirect_url`, opened instead of `to` when valid. */
  sealedTarget?: string;
};

export type GuardDecision = { type: 'allow'; adoptTokens?: SessionTokens } | GuardRedirect;

const ALLOW: GuardDecision = { type: 'allow' };

export const SIGNIN_PATH = '/signin';
export const AP_SIGNIN_PATH = '/ap/signin';
export const AP_FORBIDDEN_PATH = '/ap/forbidden';
export const STAFF_HOME_PATH = '/dashboard';
export const CONTACT_HOME_PATH = '/ap/documents';
export const NOT_ADMIN_PATH = '/emp/';
export const IFRAME_SIGNIN_SEGMENT = 'iFrameSignin';
/** An iframe link's one screen (`/if/{ifl_token}/link`): the token is its credential, no session. */
export const IFRAME_LINK_PATH = '/link';

/** The pages a visitor reaches by opening the site: no page to come back to after signing in. */
const DEFAULT_PAGES: ReadonlySet<string> = new Set(['/', STAFF_HOME_PATH]);

function fullPath(location: GuardLocation): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

function query(location: GuardLocation): URLSearchParams {
  return new URLSearchParams(location.search ?? '');
}

function redirect(to: string, reason: RedirectReason): GuardRedirect {
  return { type: 'redirect', to, reason };
}

/** The sign-in page `base` (with `extra` in its query), coming back to the current page. */
function signinRedirect(
  location: GuardLocation,
  base = SIGNIN_PATH,
  extra?: Record<string, string>,
): GuardRedirect {
  const search = new URLSearchParams(extra).toString();
  const to = search ? `${base}?${search}` : base;
  // The home page is where signing in lands anyway: no `redirect_url` for it.
  const returnTo = fullPath(location);
  if (DEFAULT_PAGES.has(returnTo)) return { type: 'redirect', to, reason: 'signed-out' };
  return { type: 'redirect', to, reason: 'signed-out', returnTo };
}

/** The address a redirect decision opens: `redirect_url` encrypted in, or decrypted out. */
export async function resolveRedirect(decision: GuardRedirect): Promise<string> {
  if (decision.sealedTarget !== undefined) return (await targetOf(decision.sealedTarget)) ?? decision.to;
  if (decision.returnTo === undefined) return decision.to;
  const url = new URL(decision.to, 'http://same.site');
  url.searchParams.set('redirect_url', await encryptRedirectTarget(decision.returnTo));
  return `${url.pathname}${url.search}`;
}

/** `/signin?redirect_url=<encrypted current page>`, for a session that ends outside a guard. */
export function signinRedirectUrl(location: GuardLocation): Promise<string> {
  return resolveRedirect(signinRedirect(location));
}

/** Guest pages (sign-in, sign-up, …): never a place to return to after signing in. */
const GUEST_PATHS: ReadonlySet<string> = new Set(GUEST_ROUTES.map((route) => route.pattern));

/** The same-site, non-guest page an encrypted `redirect_url` names, or null. */
async function targetOf(sealed: string | null): Promise<string | null> {
  const target = await decryptRedirectTarget(sealed);
  if (!target) return null;
  const { pathname } = new URL(target, 'http://same.site');
  return GUEST_PATHS.has(pathname) ? null : target;
}

function homeOf(session: SessionState): string {
  return isContactSession(session) ? CONTACT_HOME_PATH : STAFF_HOME_PATH;
}

/**
 * Where a visitor goes once signed in: the same-site page kept in `redirect_url` (its own guard
 * then decides, e.g. a contact sent to a staff page lands on /ap/forbidden), else `fallback`
 * or their home: /dashboard, or /ap/documents for a contact. Guest pages are never a target (no
 * loop); a value this browser did not encrypt is ignored.
 */
export async function afterSigninPath(
  session: SessionState,
  search: string | undefined,
  fallback?: string,
): Promise<string> {
  const target = await targetOf(new URLSearchParams(search ?? '').get('redirect_url'));
  return target ?? fallback ?? homeOf(session);
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

/** A signed-in visitor of a guest page: home, or the page its `redirect_url` names. */
function withSealedTarget(decision: GuardRedirect, location: GuardLocation): GuardRedirect {
  const sealed = query(location).get('redirect_url');
  return sealed ? { ...decision, sealedTarget: sealed } : decision;
}

function decideUser(session: SessionState, location: GuardLocation): GuardDecision {
  if (!isSignedIn(session)) return signinRedirect(location);
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
      return withSealedTarget(redirect(homeOf(session), 'signed-in'), location);

    case 'user':
      return decideUser(session, location);

    case 'applicationUser': {
      if (!signedIn) {
        const slug = query(location).get('company') ?? session.company?.slug;
        return slug ? signinRedirect(location, AP_SIGNIN_PATH, { company: slug }) : signinRedirect(location);
      }
      return contact ? ALLOW : redirect(AP_FORBIDDEN_PATH, 'wrong-role');
    }

    case 'passwordProtected':
      // An authorized representative holds the per-recipient password; a token also opens it.
      if (hasRepresentativePassword(session, location) || signedIn) return ALLOW;
      return signinRedirect(location);

    case 'passwordProtectedOrAuthUser':
      if (hasRepresentativePassword(session, location) || signedIn || session.user) return ALLOW;
      return signinRedirect(location);

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
      if (!signedIn) return signinRedirect(location);
      const type = userTypeOf(session);
      // The owner has every right (spec 1 §6), so the owner passes the admin check too.
      return !contact && (type === 'ADMIN' || type === 'OWNER')
        ? ALLOW
        : redirect(NOT_ADMIN_PATH, 'wrong-role');
    }

    case 'embedded': {
      const match = /^\/if\/([^/]+)(\/[^/]*)?/.exec(location.pathname);
      if (!match) {
        // Inside an embedded frame (router basename /if/{ssoAuth}): paths come without the prefix.
        // The frame signs in only with its host's token: the iframe sign-in, back to this page.
        if (location.pathname === `/${IFRAME_SIGNIN_SEGMENT}` || location.pathname === IFRAME_LINK_PATH) {
          return ALLOW;
        }
        if (signedIn) return ALLOW;
        const to = `${location.pathname}${location.search ?? ''}`;
        return redirect(`/${IFRAME_SIGNIN_SEGMENT}?${new URLSearchParams({ to }).toString()}`, 'signed-out');
      }
      if (match[2] === `/${IFRAME_SIGNIN_SEGMENT}` || match[2] === IFRAME_LINK_PATH) return ALLOW;
      if (signedIn) return ALLOW;
      return signinRedirect(location, `/if/${match[1] ?? ''}/${IFRAME_SIGNIN_SEGMENT}`);
    }

    case 'formGuest': {
      const details = session.auth_details;
      if (details.passcode && (details.user_id || details.anonymous_user_id)) return ALLOW;
      const base = publicFormBase(location.pathname);
      return base ? signinRedirect(location, `${base}/auth/verify`) : signinRedirect(location);
    }

    case 'requestLink':
      // The link's `?token=`, or its secret this tab kept (merged into `password` by the guard
      // component); without either, a signed-in member or contact, else sign-in.
      if (query(location).get('token') || session.auth_details.password || signedIn) return ALLOW;
      return signinRedirect(location);

    case 'formApproval': {
      const details = session.auth_details;
      if (details.passcode && (details.approver_company_user_id || details.approver_contact_id)) return ALLOW;
      const base = publicFormBase(location.pathname);
      return base ? signinRedirect(location, `${base}/approval/auth`) : signinRedirect(location);
    }

    default: {
      const unreachable: never = guard;
      throw new Error(`Unknown guard ${String(unreachable)}`);
    }
  }
}
