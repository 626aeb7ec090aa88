import type { QueryClient } from '@tanstack/react-query';
import type { TApplicationUserSession } from '@esigns/contracts/application-users';
import { createEmptySession, sessionStore, type SessionUser } from '../../shared/session/session-store';
import { signOut } from '../auth/auth-session';

/** The company whose contact area this browser last signed in to (its sign-in page after a sign-out or expiry). */
const LAST_COMPANY_KEY = 'esigns.ap.company';

export function rememberContactCompany(slug: string): void {
  try {
    localStorage.setItem(LAST_COMPANY_KEY, slug);
  } catch {
    // Blocked storage: the sign-in page then asks for the link again.
  }
}

export function rememberedContactCompany(): string | null {
  try {
    return localStorage.getItem(LAST_COMPANY_KEY);
  } catch {
    return null;
  }
}

/** `/ap/signin?company=<slug>` (the plain page when the company is not known). */
export function contactSigninPath(slug: string | null | undefined): string {
  return slug ? `/ap/signin?company=${encodeURIComponent(slug)}` : '/ap/signin';
}

/**
 * Stores a contact session (spec 3 §3: `is_contact`, the company, the account record, the
 * contact type) as one replacement of whatever session was there. The company's date format
 * rides on the user as staff's application settings do.
 */
export function startContactSession(reply: TApplicationUserSession, now: Date = new Date()): void {
  if (!reply?.access_token || !reply.user_details?._id)
    throw new Error('The server answered without a session');
  const user: SessionUser = {
    ...reply.user_details,
    account_data_id: reply.activeWorkSpace.account_data_id,
    document_settings: { application_settings: { date: reply.globalDateFormat } },
  };
  rememberContactCompany(reply.user_details.company.slug);
  sessionStore.setState((current) => ({
    ...createEmptySession(),
    auth_details: current.auth_details,
    tokens: {
      access_token: reply.access_token,
      refresh_token: reply.refresh_token,
      access_token_expires_at: reply.access_token_expires_at,
      refresh_token_expires_at: reply.refresh_token_expires_at,
    },
    user,
    is_contact: true,
    user_type: null,
    company: { _id: reply.user_details.company._id, slug: reply.user_details.company.slug },
    login_at: now.toISOString(),
  }));
}

/** Signs a contact out: the session ends on the server, and the company's contact sign-in page opens. */
export function signOutContact(queryClient?: QueryClient, leaveTo?: (path: string) => void): Promise<void> {
  const slug = sessionStore.getState().company?.slug ?? rememberedContactCompany();
  return signOut({ queryClient, to: contactSigninPath(slug), ...(leaveTo ? { leaveTo } : {}) });
}
