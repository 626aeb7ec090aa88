import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSigninReply, ZSigninRequest } from '@esigns/contracts/auth';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { authOf, clientOf, requireAuth } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import {
  confirmTotpEnrolment,
  disableSecondFactor,
  enableEmailSecondFactor,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from './mf2a-service';
import { signin } from './signin-service';

const ERRORS = { 401: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const ZPasswordBody = z.object({ current_password: z.string().min(1, 'Required').max(128) });
const ZRecoveryCodes = ZSuccess(z.object({ recovery_codes: z.array(z.string()) }));

/**
 * Second-factor enrolment (the screen /profile/two-step-verification; these paths are not named
 * by the spec) and the employee sign-in of a company's own sign-in page.
 */
export function registerMf2aRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // The caller's own second factor: staff and contact-area sessions alike (one login per email).
  const authenticated = requireAuth(platform.config.secrets.jwtSecret, 'staff-or-contact');
  const security = [{ bearer: [] }];

  r.post(
    '/mf2a/totp/setup',
    {
      onRequest: authenticated,
      schema: {
        tags,
        security,
        summary: 'Start authenticator-app enrolment: secret, otpauth URI and QR code',
        response: {
          200: ZSuccess(z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() })),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await startTotpEnrolment(platform, authOf(request).userId)),
  );

  r.post(
    '/mf2a/totp/enable',
    {
      onRequest: authenticated,
      schema: {
        tags,
        security,
        summary: 'Confirm enrolment with a first code; answers 10 recovery codes, shown once',
        body: z.object({
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/, 'The code has 6 digits'),
        }),
        response: { 200: ZRecoveryCodes, ...ERRORS },
      },
    },
    async (request) => ok(await confirmTotpEnrolment(platform, authOf(request).userId, request.body.code)),
  );

  r.post(
    '/mf2a/email/enable',
    {
      onRequest: authenticated,
      schema: {
        tags,
        security,
        summary: 'Use mailed sign-in codes as the second factor (needs the password)',
        body: ZPasswordBody,
        response: { 200: ZRecoveryCodes, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await enableEmailSecondFactor(
          platform,
          authOf(request).userId,
          request.body.current_password,
          clientOf(request).ip,
        ),
      ),
  );

  r.post(
    '/mf2a/recovery-codes',
    {
      onRequest: authenticated,
      schema: {
        tags,
        security,
        summary: 'Replace the recovery codes (needs the password); the old ones stop working',
        body: ZPasswordBody,
        response: { 200: ZRecoveryCodes, ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await regenerateRecoveryCodes(
          platform,
          authOf(request).userId,
          request.body.current_password,
          clientOf(request).ip,
        ),
      ),
  );

  r.post(
    '/mf2a/disable',
    {
      onRequest: authenticated,
      schema: {
        tags,
        security,
        summary: 'Turn two-step verification off (needs the password)',
        body: ZPasswordBody,
        response: { 200: ZSuccess(z.object({ done: z.literal(true) })), ...ERRORS },
      },
    },
    async (request) => {
      await disableSecondFactor(
        platform,
        authOf(request).userId,
        request.body.current_password,
        clientOf(request).ip,
      );
      return ok({ done: true as const }, 'Two-step verification is off');
    },
  );

  r.post(
    '/employee/signin',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Staff sign-in on a company's own sign-in page (by company slug)",
        description:
          'Like `POST /signin`, but the session opens in the company named by `company_slug`; someone who is not ' +
          'one of its members gets 401.',
        body: ZSigninRequest.extend({ company_slug: z.string().trim().min(1).max(80) }),
        response: { 200: ZSuccess(ZSigninReply), ...ERRORS },
      },
    },
    async (request) => ok(await signin(platform, request.body, clientOf(request))),
  );
}
