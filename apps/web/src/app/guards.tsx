import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import {
  isSignedIn,
  sessionStore,
  useSession,
  type SessionState,
  type SessionTokens,
} from '../shared/session/session-store';
import { rememberedContactCompany } from '../features/contact-account/contact-session';
import { readRequestLink, requestIdOfPath } from '../features/company-documents/request-link';
import { tabFormAuthDetails } from '../features/form-fill/guest-session';
import { AppLoading } from './screens/app-loading';
import { decideGuard, resolveRedirect, type GuardName, type GuardRedirect } from './guard-decision';

/** Stores tokens handed over in the query, then reloads the same address without them. */
function AdoptTokens({ tokens }: { tokens: SessionTokens }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    sessionStore.setState({ tokens, login_at: new Date().toISOString() });
    const params = new URLSearchParams(location.search);
    params.delete('access_token');
    params.delete('refresh_token');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [tokens, location.pathname, location.search, location.hash, navigate]);
  return <AppLoading />;
}

/** A redirect whose `redirect_url` must first be encrypted or decrypted (WebCrypto is asynchronous). */
function ResolvedRedirect({ decision }: { decision: GuardRedirect }) {
  const navigate = useNavigate();
  const { to, reason, returnTo, sealedTarget } = decision;
  useEffect(() => {
    let current = true;
    void resolveRedirect({ type: 'redirect', to, reason, returnTo, sealedTarget }).then((address) => {
      if (current) void navigate(address, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [to, reason, returnTo, sealedTarget, navigate]);
  return <AppLoading />;
}

/**
 * Public form guests and outside approvers keep their secret in this tab only (sessionStorage,
 * features/form-fill/guest-session.ts), not in the persisted session: their guards see it too.
 */
function withTabFormDetails(guard: GuardName, session: SessionState, pathname: string): SessionState {
  if (guard !== 'formGuest' && guard !== 'formApproval') return session;
  const details = tabFormAuthDetails(pathname);
  return details.passcode ? { ...session, auth_details: { ...session.auth_details, ...details } } : session;
}

/** A document request's link kept by this tab (features/company-documents/request-link.ts): its guard sees it too. */
function withTabRequestLink(guard: GuardName, session: SessionState, pathname: string): SessionState {
  if (guard !== 'requestLink') return session;
  const link = readRequestLink(requestIdOfPath(pathname) ?? undefined);
  return link ? { ...session, auth_details: { ...session.auth_details, password: link.password } } : session;
}

/**
 * A signed-out visitor of the contact area: the session no longer names the company, so the one
 * this browser last signed in to (kept by the contact session) names the sign-in page to open.
 */
function withRememberedCompany(guard: GuardName, session: SessionState): SessionState {
  if (guard !== 'applicationUser' || isSignedIn(session) || session.company?.slug) return session;
  const slug = rememberedContactCompany();
  return slug ? { ...session, company: { ...session.company, slug } } : session;
}

/** Applies one guard of spec 1 §6 to the routes below it; the decision itself is the pure `decideGuard`. */
export function RouteGuard({ guard, children }: { guard: GuardName; children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const known = withTabRequestLink(
    guard,
    withRememberedCompany(guard, withTabFormDetails(guard, session, location.pathname)),
    location.pathname,
  );
  const decision = decideGuard(guard, known, location);

  if (decision.type === 'redirect') {
    if (decision.returnTo === undefined && decision.sealedTarget === undefined) {
      return <Navigate to={decision.to} replace />;
    }
    return <ResolvedRedirect decision={decision} />;
  }
  if (decision.adoptTokens) return <AdoptTokens tokens={decision.adoptTokens} />;
  return <>{children ?? <Outlet />}</>;
}

type GuardProps = { children?: ReactNode };

export const GuestGuard = ({ children }: GuardProps) => <RouteGuard guard="guest">{children}</RouteGuard>;
export const UserGuard = ({ children }: GuardProps) => <RouteGuard guard="user">{children}</RouteGuard>;
export const ApplicationUserGuard = ({ children }: GuardProps) => (
  <RouteGuard guard="applicationUser">{children}</RouteGuard>
);
export const PasswordProtectedGuard = ({ children }: GuardProps) => (
  <RouteGuard guard="passwordProtected">{children}</RouteGuard>
);
export const PasswordProtectedOrAuthUserGuard = ({ children }: GuardProps) => (
  <RouteGuard guard="passwordProtectedOrAuthUser">{children}</RouteGuard>
);
export const UserOrServerGuard = ({ children }: GuardProps) => (
  <RouteGuard guard="userOrServer">{children}</RouteGuard>
);
export const OnlyAdminGuard = ({ children }: GuardProps) => (
  <RouteGuard guard="onlyAdmin">{children}</RouteGuard>
);
export const EmbeddedGuard = ({ children }: GuardProps) => (
  <RouteGuard guard="embedded">{children}</RouteGuard>
);
export const PublicGuard = ({ children }: GuardProps) => <RouteGuard guard="public">{children}</RouteGuard>;
export const FormGuestGuard = ({ children }: GuardProps) => (
  <RouteGuard guard="formGuest">{children}</RouteGuard>
);
export const FormApprovalGuard = ({ children }: GuardProps) => (
  <RouteGuard guard="formApproval">{children}</RouteGuard>
);
