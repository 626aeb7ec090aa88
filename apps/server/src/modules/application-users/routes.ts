import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApplicationUserDetails,
  ZApplicationUserEmailVerifyRequest,
  ZApplicationUserForgotReply,
  ZApplicationUserForgotRequest,
  ZApplicationUserLinkInfo,
  ZApplicationUserProfileUpdate,
  ZApplicationUserSigninReply,
  ZApplicationUserSigninRequest,
  ZApplicationUserVerifyRequest,
  ZChangePortalAccountRequest,
  ZGrantPortalAccessRequest,
  ZPortalAccess,
} from '@esigns/contracts/application-users';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { clientOf } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { contactOf, requireContact } from './access';
import { acceptLink, contactSignin, describeLink, forgotOrResend } from './contact-signin';
import {
  changePortalAccountRecord,
  getPortalAccess,
  grantPortalAccess,
  revokePortalAccess,
} from './portal-access';
import { contactProfile, updateContactProfile } from './profile';

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  410: ZErrorBody,
  422: ZErrorBody,
  429: ZErrorBody,
};
const ZIdParams = z.object({ id: z.string().max(64).describe('Contact id') });
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export function registerApplicationUserRoutes(api: FastifyInstance, platform: Platform): void {
  registerPortalAccessRoutes(api, platform);
  registerContactAccountRoutes(api, platform);
}

/** Staff: a contact's portal access (additions to the spec's paths). */
function registerPortalAccessRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['application-users'];
  const security = [{ bearer: [] }];
  const reply = { 200: ZSuccess(ZPortalAccess), ...ERRORS };

  r.get(
    '/contacts/:id/portal-access',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: "Where a contact's access to the contact area stands (NONE: never given)",
        description: "Needs `contacts:view`. Another company's contact: 404.",
        params: ZIdParams,
        response: reply,
      },
    },
    async (request) => ok(await getPortalAccess(platform, accessOf(request), request.params.id)),
  );

  r.post(
    '/contacts/:id/portal-access',
    {
      onRequest: requirePermission(platform, 'contacts:update'),
      schema: {
        tags,
        security,
        summary: 'Give a contact access to the contact area, or invite again',
        description:
          'Mails an invitation link (`/ap/signin?company=<slug>&invitation=<token>`, 7 days, single use; the previous ' +
          "link stops working). The contact's email gets a login when it has none (no usable password until the " +
          'invitation is accepted). `account_data_id`: a record of the company (else 422), null for none; omitted, ' +
          "the record kept from before, else the BUSINESS record titled like the contact's account name when there " +
          'is exactly one. ACTIVE access, or a staff member of the company: 409. Needs `contacts:update`.',
        params: ZIdParams,
        body: ZGrantPortalAccessRequest,
        response: reply,
      },
    },
    async (request) =>
      ok(
        await grantPortalAccess(platform, accessOf(request), request.params.id, request.body),
        'Invitation sent',
      ),
  );

  r.patch(
    '/contacts/:id/portal-access',
    {
      onRequest: requirePermission(platform, 'contacts:update'),
      schema: {
        tags,
        security,
        summary: "Change the account record of a contact's access",
        description:
          'For access given before (invited, active or revoked): `account_data_id` a record of the company ' +
          "(else 422), or null for none. The contact's OWN-scope records follow at their next call; nothing is " +
          'mailed. Never given: 404. Needs `contacts:update`.',
        params: ZIdParams,
        body: ZChangePortalAccountRequest,
        response: reply,
      },
    },
    async (request) =>
      ok(
        await changePortalAccountRecord(platform, accessOf(request), request.params.id, request.body),
        'Account record saved',
      ),
  );

  r.delete(
    '/contacts/:id/portal-access',
    {
      onRequest: requirePermission(platform, 'contacts:update'),
      schema: {
        tags,
        security,
        summary: "Revoke a contact's access: sign-in refused, their sessions end",
        description: 'Never given: 404. Needs `contacts:update`.',
        params: ZIdParams,
        response: reply,
      },
    },
    async (request) =>
      ok(await revokePortalAccess(platform, accessOf(request), request.params.id), 'Access revoked'),
  );
}

/** Contacts: invitation and reset links, sign-in, their own profile. */
function registerContactAccountRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['application-users'];
  const security = [{ bearer: [] }];
  const contactOnly = requireContact(platform);

  r.post(
    '/application/user-email-verify',
    {
      config: perMinute(30),
      schema: {
        tags,
        summary: 'What an invitation or password-reset link of the contact area is for (nothing is spent)',
        description: 'Unknown, used, replaced or expired links, or access no longer waiting for them: 410.',
        body: ZApplicationUserEmailVerifyRequest,
        response: { 200: ZSuccess(ZApplicationUserLinkInfo), ...ERRORS },
      },
    },
    async (request) => ok(await describeLink(platform, request.body.token)),
  );

  r.post(
    '/application/user-verify',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Accept an invitation or a password reset of the contact area, and sign in',
        description:
          '`password` is required, except for an invitation to an email that already has a password (then it is ' +
          'refused: 422). A reset ends every session of the login. Answers like `POST /application-user-signin`: a ' +
          'session, or the second-factor challenge of a login that has one. Links work once: 410 after.',
        body: ZApplicationUserVerifyRequest,
        response: { 200: ZSuccess(ZApplicationUserSigninReply), ...ERRORS },
      },
    },
    async (request) => ok(await acceptLink(platform, request.body, clientOf(request))),
  );

  r.post(
    '/application-user-signin',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: "Contact sign-in on the company's contact-area page",
        description:
          'Needs ACTIVE portal access in the company named by `company_slug`. An unknown company, no access and a ' +
          'wrong password answer the same 401; failures are throttled as staff sign-in (5 from one address: 429). ' +
          'With a second factor: `mf2a: true`, then `POST /mf2a/verifyOTP` opens the contact session.',
        body: ZApplicationUserSigninRequest,
        response: { 200: ZSuccess(ZApplicationUserSigninReply), ...ERRORS },
      },
    },
    async (request) => ok(await contactSignin(platform, request.body, clientOf(request))),
  );

  r.post(
    '/application-user/forgot-or-resend',
    {
      config: perMinute(5),
      schema: {
        tags,
        summary: 'Mail a contact a password-reset link, or their invitation again',
        description:
          'ACTIVE access: a reset link (1 hour). INVITED: the invitation again. The answer is the same for any email.',
        body: ZApplicationUserForgotRequest,
        response: { 200: ZSuccess(ZApplicationUserForgotReply), ...ERRORS },
      },
    },
    async (request) => {
      await forgotOrResend(platform, request.body);
      return ok({ sent: true as const }, 'If this email has access, a link is on its way');
    },
  );

  r.get(
    '/application-user/profile',
    {
      onRequest: contactOnly,
      schema: {
        tags,
        security,
        summary: 'The signed-in contact (pictures as signed URLs); staff tokens: 403',
        response: { 200: ZSuccess(ZApplicationUserDetails), ...ERRORS },
      },
    },
    async (request) => ok(await contactProfile(platform, contactOf(request))),
  );

  r.patch(
    '/application-user/profile',
    {
      onRequest: contactOnly,
      schema: {
        tags,
        security,
        summary: "Change the signed-in contact's names, phone or title",
        body: ZApplicationUserProfileUpdate,
        response: { 200: ZSuccess(ZApplicationUserDetails), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateContactProfile(platform, contactOf(request), request.body), 'Profile updated'),
  );
}
