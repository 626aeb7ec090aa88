import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCheckUserReply,
  ZCompanySignupRequest,
  ZEmailVerifyRequest,
  ZForgotPasswordRequest,
  ZMf2aVerifyRequest,
  ZPasswordUpdateRequest,
  ZResendVerifyRequest,
  ZResetPasswordRequest,
  ZRevokeTokenRequest,
  ZSessionReply,
  ZSigninReply,
  ZSigninRequest,
  ZSignupReply,
  ZSignupRequest,
  ZTokenPair,
} from '@esigns/contracts/auth';
import { ZApplicationUserSession } from '@esigns/contracts/application-users';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { authOf, clientOf, requireAuth } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requestPasswordReset, resetPassword, updatePassword } from './password-service';
import { rotateRefreshToken, revokeRefreshToken } from './session-service';
import { checkUser, signin, verifySecondFactor } from './signin-service';
import { resendVerification, signup, verifyEmailLink, verifyEmailCode } from './signup-service';

const ZDone = ZSuccess(z.object({ done: z.literal(true) }));
const ZVerified = ZSuccess(z.object({ verified: z.literal(true) }));
const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 410: ZErrorBody, 429: ZErrorBody };

/** Per-IP limits of the routes attackers like (per-account limits live in the services). */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export function registerAuthRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // The caller's own password: staff and contact-area sessions alike.
  const ownAccount = requireAuth(platform.config.secrets.jwtSecret, 'staff-or-contact');

  r.post(
    '/signup',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Sign up with a personal (INDIVIDUAL) workspace',
        description:
          'Creates the account and mails a 6-digit code and a link. Answers the same when the email already has ' +
          'an account (that account gets a notice instead), so the reply never reveals who is registered.',
        body: ZSignupRequest,
        response: { 200: ZSuccess(ZSignupReply), ...ERRORS },
      },
    },
    async (request) => {
      const { email } = await signup(platform, request.body, 'INDIVIDUAL');
      return ok(
        { status_code: 'ACCOUNT_NOT_VERIFIED' as const, email },
        'Check your email for the verification code',
      );
    },
  );

  r.post(
    '/companySignup',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Sign up with a BUSINESS workspace (the user is its OWNER)',
        body: ZCompanySignupRequest,
        response: { 200: ZSuccess(ZSignupReply), ...ERRORS },
      },
    },
    async (request) => {
      const { email } = await signup(platform, request.body, 'BUSINESS');
      return ok(
        { status_code: 'ACCOUNT_NOT_VERIFIED' as const, email },
        'Check your email for the verification code',
      );
    },
  );

  r.post(
    '/email/verify',
    {
      config: perMinute(30),
      schema: {
        tags,
        summary: 'Verify an email with the mailed 6-digit code',
        description: 'Codes last 24 hours, work once, and die after 5 wrong tries (then request a new one).',
        body: ZEmailVerifyRequest,
        response: { 200: ZVerified, ...ERRORS },
      },
    },
    async (request) => {
      await verifyEmailCode(platform, request.body);
      return ok({ verified: true as const }, 'Email verified');
    },
  );

  r.post(
    '/user/verifyEmail/:token',
    {
      config: perMinute(30),
      schema: {
        tags,
        summary: 'Verify an email with the mailed link token',
        params: z.object({ token: z.string().min(10).max(200) }),
        response: { 200: ZVerified, ...ERRORS },
      },
    },
    async (request) => {
      await verifyEmailLink(platform, request.params.token);
      return ok({ verified: true as const }, 'Email verified');
    },
  );

  r.post(
    '/resend/verify',
    {
      config: perMinute(5),
      schema: {
        tags,
        summary: 'Mail a new verification code (answers alike for unknown emails)',
        body: ZResendVerifyRequest,
        response: { 200: ZDone, ...ERRORS },
      },
    },
    async (request) => {
      await resendVerification(platform, request.body.email);
      return ok({ done: true as const }, 'If the account needs it, a new code is on its way');
    },
  );

  r.post(
    '/signin',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Without a second factor: tokens and `user_details`. With one: `mf2a: true` and `user_id`, then ' +
          '`POST /mf2a/verifyOTP`. Unverified email: 401 `error_code: EMAIL_NOT_VERIFIED`. Unknown email and wrong ' +
          'password answer the same 401. After 5 failures for one email from one address, that address gets 429 ' +
          'for that email for 15 minutes (then 30, 60... after each further failure); other addresses are not ' +
          'affected. After 20 failures from all addresses, every attempt on the email is slowed by 1 to 5 s.',
        body: ZSigninRequest,
        response: { 200: ZSuccess(ZSigninReply), ...ERRORS },
      },
    },
    async (request) => ok(await signin(platform, request.body, clientOf(request))),
  );

  r.post(
    '/mf2a/verifyOTP',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Second sign-in step: authenticator code, mailed code or recovery code',
        description:
          'Opens the session the sign-in asked for: a staff session, or (after `POST /application-user-signin`) ' +
          "a contact-area session in that company, answered like the contact's sign-in.",
        body: ZMf2aVerifyRequest,
        response: { 200: ZSuccess(z.union([ZSessionReply, ZApplicationUserSession])), ...ERRORS },
      },
    },
    async (request) => ok(await verifySecondFactor(platform, request.body, clientOf(request))),
  );

  r.post(
    '/revoke-token',
    {
      config: perMinute(60),
      schema: {
        tags,
        summary: 'Rotate the refresh token: both tokens are replaced',
        description: 'Presenting a refresh token that was already rotated revokes its whole session (401).',
        body: ZRevokeTokenRequest,
        response: { 200: ZSuccess(ZTokenPair), ...ERRORS },
      },
    },
    async (request) => ok(await rotateRefreshToken(platform, request.body.token, clientOf(request))),
  );

  r.post(
    '/signout',
    {
      schema: {
        tags,
        summary: 'Sign out: the refresh token and its session stop working',
        body: ZRevokeTokenRequest,
        response: { 200: ZDone, ...ERRORS },
      },
    },
    async (request) => {
      await revokeRefreshToken(platform, request.body.token);
      return ok({ done: true as const }, 'Signed out');
    },
  );

  r.get(
    '/checkUser/:email',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Whether an email has an account (rate-limited)',
        params: z.object({ email: z.email().transform((v) => v.toLowerCase()) }),
        response: { 200: ZSuccess(ZCheckUserReply), ...ERRORS },
      },
    },
    async (request) => ok(await checkUser(platform, request.params.email)),
  );

  r.patch(
    '/forgot-password',
    {
      config: perMinute(5),
      schema: {
        tags,
        summary: 'Mail a password-reset code (answers alike for unknown emails)',
        body: ZForgotPasswordRequest,
        response: { 200: ZDone, ...ERRORS },
      },
    },
    async (request) => {
      await requestPasswordReset(platform, request.body.email);
      return ok({ done: true as const }, 'If the account exists, a code is on its way');
    },
  );

  r.patch(
    '/verify/forgot-password',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Set a new password with the mailed code; signs out every session',
        body: ZResetPasswordRequest,
        response: { 200: ZDone, ...ERRORS },
      },
    },
    async (request) => {
      await resetPassword(platform, request.body);
      return ok({ done: true as const }, 'Password changed: sign in with the new one');
    },
  );

  r.patch(
    '/password/update',
    {
      onRequest: ownAccount,
      schema: {
        tags,
        summary: 'Change the password (needs the current one); other sessions are signed out',
        description: 'Staff and contact-area sessions (the login is one per email).',
        security: [{ bearer: [] }],
        body: ZPasswordUpdateRequest,
        response: { 200: ZDone, ...ERRORS },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await updatePassword(
        platform,
        { userId: auth.userId, sessionId: auth.sessionId, ip: clientOf(request).ip },
        request.body,
      );
      return ok({ done: true as const }, 'Password changed');
    },
  );
}
