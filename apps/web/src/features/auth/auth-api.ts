import type { z } from 'zod';
import type { TContactLoginCompany } from '@esigns/contracts/contacts';
import type {
  ZCheckUserReply,
  TCompanySignupRequest,
  TSessionReply,
  TSigninReply,
  TSigninRequest,
  TSignupRequest,
  TTokenPair,
  TUserDetails,
  TWorkspace,
} from '@esigns/contracts/auth';
import { api, ensureFreshSession } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { sessionStore } from '../../shared/session/session-store';

/**
 * The account calls of spec 1 §7. Guest calls never refresh a session on 401: a 401 there is
 * the answer (wrong password, unverified email), not an expired token.
 */
const GUEST = { skipAuthRefresh: true } as const;

export type TSignupReply = { status_code: 'ACCOUNT_NOT_VERIFIED'; email: string };

export async function signIn(body: TSigninRequest): Promise<TSigninReply> {
  return (await api.post<TSigninReply>('/signin', body, GUEST)).data;
}

/** Staff sign-in on a company's own page: the session opens in that company (401 for non-members). */
export async function signInEmployee(body: TSigninRequest & { company_slug: string }): Promise<TSigninReply> {
  return (await api.post<TSigninReply>('/employee/signin', body, GUEST)).data;
}

/** Name, logo and colours of a company's sign-in page (public); 404 for an unknown slug. */
export async function fetchCompanySigninPage(
  slug: string,
  signal?: AbortSignal,
): Promise<TContactLoginCompany> {
  const path = `/contact-login/company/${encodeURIComponent(slug)}`;
  return (await api.get<TContactLoginCompany>(path, undefined, { ...GUEST, signal })).data;
}

export type TCheckUserReply = z.infer<typeof ZCheckUserReply>;

/** `GET /checkUser/{email}`: whether the email has an account, and whether it is verified. */
export async function checkUser(email: string): Promise<TCheckUserReply> {
  return (await api.get<TCheckUserReply>(`/checkUser/${encodeURIComponent(email)}`, undefined, GUEST)).data;
}

export async function verifySecondFactor(body: { user_id: string; code: string }): Promise<TSessionReply> {
  return (await api.post<TSessionReply>('/mf2a/verifyOTP', body, GUEST)).data;
}

export async function signUp(body: TSignupRequest): Promise<TSignupReply> {
  return (await api.post<TSignupReply>('/signup', body, GUEST)).data;
}

export async function signUpCompany(body: TCompanySignupRequest): Promise<TSignupReply> {
  return (await api.post<TSignupReply>('/companySignup', body, GUEST)).data;
}

export async function verifyEmailCode(body: { email: string; code: string }): Promise<void> {
  await api.post('/email/verify', body, GUEST);
}

export async function verifyEmailToken(token: string): Promise<void> {
  await api.post(`/user/verifyEmail/${encodeURIComponent(token)}`, undefined, GUEST);
}

export async function resendVerification(email: string): Promise<void> {
  await api.post('/resend/verify', { email }, GUEST);
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api.patch('/forgot-password', { email }, GUEST);
}

export async function resetPassword(body: { email: string; code: string; password: string }): Promise<void> {
  await api.patch('/verify/forgot-password', body, GUEST);
}

/** Rotates the pair: the old refresh token stops working (a reused one ends the session). */
export async function rotateTokens(refreshToken: string): Promise<TTokenPair> {
  const { data } = await api.post<TTokenPair>('/revoke-token', { token: refreshToken }, GUEST);
  if (!data?.access_token) {
    throw new ApiError({ status: 401, message: 'The session could not be renewed.', error_code: 'REFRESH' });
  }
  return data;
}

/** Revokes the session on the server. */
export async function revokeSession(refreshToken: string): Promise<void> {
  await api.post('/signout', { token: refreshToken }, GUEST);
}

export async function fetchProfile(): Promise<TUserDetails> {
  return (await api.get<TUserDetails>('/user/profile')).data;
}

export async function fetchWorkspaces(): Promise<TWorkspace[]> {
  const { data } = await api.get<TWorkspace[]>('/user/getUserWorkspaceList');
  return Array.isArray(data) ? data : [];
}

/**
 * Asks for a session in another workspace. The body names the refresh token, so a refresh that
 * is due runs first, and the call itself is never replayed with a stale body.
 */
export async function requestWorkspaceSession(companyId: string): Promise<TSessionReply> {
  await ensureFreshSession();
  const refreshToken = sessionStore.getState().tokens?.refresh_token ?? '';
  const { data } = await api.post<TSessionReply>(
    `/switchWorkspace/${encodeURIComponent(companyId)}`,
    { refresh_token: refreshToken },
    { skipAuthRefresh: true },
  );
  return data;
}
