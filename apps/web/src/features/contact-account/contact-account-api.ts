import type {
  TApplicationUserDetails,
  TApplicationUserLinkInfo,
  TApplicationUserProfileUpdate,
  TApplicationUserSession,
  TApplicationUserSigninReply,
  TApplicationUserSigninRequest,
  TApplicationUserVerifyRequest,
} from '@esigns/contracts/application-users';
import { api } from '../../shared/api/api-client';

/** Calls without a session (or whose 401 is an answer, not an expired token). */
const GUEST = { skipAuthRefresh: true } as const;

/** `POST /application-user-signin`: a contact session, or the second-factor challenge. */
export async function signInContact(
  body: TApplicationUserSigninRequest,
): Promise<TApplicationUserSigninReply> {
  return (await api.post<TApplicationUserSigninReply>('/application-user-signin', body, GUEST)).data;
}

/** `POST /application/user-email-verify`: what an invitation or reset link is for (410 when it is not valid). */
export async function describeContactLink(token: string): Promise<TApplicationUserLinkInfo> {
  return (await api.post<TApplicationUserLinkInfo>('/application/user-email-verify', { token }, GUEST)).data;
}

/** `POST /application/user-verify`: accepts the link (password), then signs in. */
export async function acceptContactLink(
  body: TApplicationUserVerifyRequest,
): Promise<TApplicationUserSigninReply> {
  return (await api.post<TApplicationUserSigninReply>('/application/user-verify', body, GUEST)).data;
}

/** `POST /application-user/forgot-or-resend`: the same answer for any email. */
export async function requestContactLink(body: { email: string; company_slug: string }): Promise<void> {
  await api.post('/application-user/forgot-or-resend', body, GUEST);
}

/** `POST /mf2a/verifyOTP` after a contact sign-in: the contact session. */
export async function verifyContactSecondFactor(body: {
  user_id: string;
  code: string;
}): Promise<TApplicationUserSession> {
  return (await api.post<TApplicationUserSession>('/mf2a/verifyOTP', body, GUEST)).data;
}

export async function fetchContactProfile(): Promise<TApplicationUserDetails> {
  return (await api.get<TApplicationUserDetails>('/application-user/profile')).data;
}

export async function updateContactProfile(
  body: TApplicationUserProfileUpdate,
): Promise<TApplicationUserDetails> {
  return (await api.patch<TApplicationUserDetails>('/application-user/profile', body)).data;
}
