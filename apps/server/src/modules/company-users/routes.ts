import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAN_TYPES, USER_TYPES, ZEmail, ZSessionReply } from '@esigns/contracts/auth';
import {
  MEMBERSHIP_STATUSES,
  ZAcceptInvitationRequest,
  ZAddCompanyUserRequest,
  ZInviteUserRequest,
  ZResendInviteRequest,
  ZUpdateCompanyUserRequest,
  ZUserTypeField,
} from '@esigns/contracts/team';
import { ZErrorBody, ZPaged, ZPageQuery, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { clientOf, requireAuth } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { acceptInvitation, inviteUser, previewInvitation, resendInvitation } from './invitation-service';
import {
  addCompanyUser,
  eraseCompanyUser,
  listAllCompanyUsers,
  listCompanyUsers,
  listUserWorkspaces,
  removeCompanyUser,
  updateCompanyUser,
} from './service';
import { registerUserTypeMailRoutes } from './user-type-mails-routes';

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  410: ZErrorBody,
  422: ZErrorBody,
  429: ZErrorBody,
};

const ZCompanyUser = z.object({
  _id: z.string(),
  user_id: z.string().nullable(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.enum(USER_TYPES),
  role_id: z.string().nullable(),
  role_name: z.string().nullable(),
  status: z.enum(MEMBERSHIP_STATUSES),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  is_expired: z.boolean(),
});

const ZCompanyUserListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  user_type: ZUserTypeField.optional(),
  status: z
    .enum([...MEMBERSHIP_STATUSES, 'ALL'], { error: 'Use ACTIVE, INVITED, DELETED or ALL' })
    .optional(),
});

const ZRemoval = z.object({ _id: z.string(), status: z.enum(['DELETED', 'REVOKED', 'ERASED']) });
const ZIdParams = z.object({ id: z.string().max(64).describe('Membership id, user id or invitation id') });

/** Per-IP limits of the routes that mail or that anyone may call. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const PER_ROW =
  'Per-row rule (spec 1 §6, `canActOnRow` with the user type as the row type): an ADMIN cannot act on ' +
  'OWNER users, a MANAGER only on MANAGER and MEMBER users, a MEMBER only on MEMBER users (403).';

export function registerCompanyUserRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  registerUserTypeMailRoutes(api, platform);
  const tags = ['company-users'];
  const security = [{ bearer: [] }];
  const authenticate = requireAuth(platform.config.secrets.jwtSecret);
  // A Bearer is optional on the accept call, but when one is sent it must be valid.
  const optionalAuth: onRequestAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization) await authenticate.call(this, request, reply);
  };

  r.post(
    '/user/inviteUser',
    {
      config: perMinute(30),
      onRequest: requirePermission(platform, 'company-users:invite'),
      schema: {
        tags,
        summary: 'Invite someone to the company by email',
        description:
          'Needs `company-users:invite`. Mails a branded invitation with the link `{publicUrl}/inviteUser?token=...`, ' +
          'valid 7 days and once. `role_id` must be a role of the company for that user type (422 on `role_id`). ' +
          'An email with a pending invitation gets it refreshed (new link, type and role); an active member: 409. ' +
          `${PER_ROW} The answer is the INVITED row of the user list.`,
        security,
        body: ZInviteUserRequest,
        response: { 200: ZSuccess(ZCompanyUser), ...ERRORS },
      },
    },
    async (request) => ok(await inviteUser(platform, accessOf(request), request.body), 'Invitation sent'),
  );

  r.get(
    '/getInviteUser',
    {
      config: perMinute(30),
      schema: {
        tags,
        summary: 'What an invitation link is about (public)',
        description:
          'For the accept screen: company, email, user type, role, inviter, expiry, and `user_exists` (the email ' +
          'has a verified account: sign in, then accept with a Bearer). A used, expired, withdrawn or replaced ' +
          'link answers 410.',
        querystring: z.object({ token: z.string({ error: 'Required' }).min(10, 'Invalid token').max(200) }),
        response: {
          200: ZSuccess(
            z.object({
              company_name: z.string(),
              email: z.string(),
              first_name: z.string(),
              last_name: z.string(),
              user_type: z.enum(USER_TYPES),
              role_name: z.string().nullable(),
              invited_by: z.string(),
              expires_at: z.string(),
              user_exists: z.boolean(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await previewInvitation(platform, request.query.token)),
  );

  r.post(
    '/inviteUserSignup',
    {
      config: perMinute(10),
      onRequest: optionalAuth,
      schema: {
        tags,
        summary: 'Accept an invitation: join the company and get a session in it',
        description:
          'New account: `{ token, first_name, last_name, password }` (422 keyed by the missing fields); the ' +
          'account is created verified, since the mailed link proves the mailbox (an unverified account of that ' +
          'email is completed the same way). Existing account: `{ token }` with `Authorization: Bearer` of that same ' +
          'account (another account: 403; no Bearer: 409, sign in first). The answer is a session in the company, ' +
          'like sign-in, with `status_code` NEW_USER or EXISTED_USER_LOGIN_SUCCESS. Each link works once (410 after).',
        body: ZAcceptInvitationRequest,
        response: {
          200: ZSuccess(
            ZSessionReply.extend({ status_code: z.enum(['NEW_USER', 'EXISTED_USER_LOGIN_SUCCESS']) }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const auth = request.auth ? { userId: request.auth.userId } : undefined;
      return ok(await acceptInvitation(platform, request.body, auth, clientOf(request)), 'Welcome aboard');
    },
  );

  r.post(
    '/resend/inviteMail',
    {
      config: perMinute(10),
      onRequest: requirePermission(platform, 'company-users:invite'),
      schema: {
        tags,
        summary: 'Mail a pending invitation again, with a new link and expiry',
        description:
          'Needs `company-users:invite`. `invitation_id` (the `_id` of an INVITED row) or `email`. The previous link ' +
          'stops working; an expired invitation gets 7 more days. Accepted: 409; unknown, withdrawn or another ' +
          `company's: 404. ${PER_ROW}`,
        security,
        body: ZResendInviteRequest,
        response: { 200: ZSuccess(ZCompanyUser), ...ERRORS },
      },
    },
    async (request) =>
      ok(await resendInvitation(platform, accessOf(request), request.body), 'Invitation sent again'),
  );

  r.post(
    '/user/companyUsers',
    {
      config: perMinute(30),
      onRequest: requirePermission(platform, 'company-users:add'),
      schema: {
        tags,
        summary: 'Add a user to the company directly',
        description:
          'Needs `company-users:add`. An email without an account gets one (names required, 422 otherwise): ' +
          'unverified, with a mailed code to choose a password at `/forgot-password-verification` (valid 72 hours; ' +
          'choosing the password verifies the email). An existing account joins at once and is told by mail. ' +
          `Already a member: 409. A pending invitation of that email is withdrawn. ${PER_ROW}`,
        security,
        body: ZAddCompanyUserRequest,
        response: { 200: ZSuccess(ZCompanyUser), ...ERRORS },
      },
    },
    async (request) => ok(await addCompanyUser(platform, accessOf(request), request.body), 'User added'),
  );

  r.get(
    '/user/companyUsers',
    {
      onRequest: requirePermission(platform, 'company-users:view'),
      schema: {
        tags,
        summary: 'Company users and pending invitations, paged',
        description:
          'Needs `company-users:view`. Newest first. Rows are memberships (`_id` the membership id, `user_id` the ' +
          'user) and pending invitations (`_id` the invitation id, `user_id` null, status INVITED, with ' +
          '`expires_at` and `is_expired`). `status`: ACTIVE, INVITED, DELETED or ALL (default: ACTIVE and INVITED). ' +
          '`search` matches email or name (case-insensitive), `user_type` filters.',
        security,
        querystring: ZCompanyUserListQuery,
        response: { 200: ZSuccess(ZPaged(ZCompanyUser)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listCompanyUsers(db, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.put(
    '/user/companyUsers',
    {
      onRequest: requirePermission(platform, 'company-users:update'),
      schema: {
        tags,
        summary: "Change a member's user type and/or role",
        description:
          'Needs `company-users:update`. `user_id`: the user id or the membership `_id`. The caller must reach ' +
          'both the current and the new type; the last active OWNER cannot be demoted (409). `role_id` must be a ' +
          'role of the company for the resulting type (422 on `role_id`); `null` clears it; a type change drops a ' +
          `role that no longer fits. Removed members: 409. ${PER_ROW}`,
        security,
        body: ZUpdateCompanyUserRequest,
        response: { 200: ZSuccess(ZCompanyUser), ...ERRORS },
      },
    },
    async (request) => ok(await updateCompanyUser(db, accessOf(request), request.body), 'User updated'),
  );

  r.delete(
    '/user/companyUsers/:id',
    {
      onRequest: requirePermission(platform, 'company-users:delete'),
      schema: {
        tags,
        summary: 'Remove a user from the company (soft delete) or withdraw an invitation',
        description:
          'Needs `company-users:delete`. A member (membership or user id) becomes DELETED and their sessions in this ' +
          'company end at once; an invitation id withdraws the invitation (its link answers 410). Removing ' +
          `yourself or the last owner: 409. Repeating the call is harmless. ${PER_ROW}`,
        security,
        params: ZIdParams,
        response: { 200: ZSuccess(ZRemoval), ...ERRORS },
      },
    },
    async (request) =>
      ok(await removeCompanyUser(db, accessOf(request), request.params.id), 'User removed from the company'),
  );

  r.delete(
    '/user/companyUsers/permanentDelete/:id',
    {
      onRequest: requirePermission(platform, 'company-users:permanent-delete'),
      schema: {
        tags,
        summary: 'Erase a membership or an invitation for good',
        description:
          'Needs `company-users:permanent-delete`. Deletes the membership row (active or removed) and ends the ' +
          "user's sessions in this company; the account itself stays (it may belong to other workspaces). An " +
          `invitation id deletes the invitation. Yourself or the last owner: 409. ${PER_ROW}`,
        security,
        params: ZIdParams,
        response: { 200: ZSuccess(ZRemoval), ...ERRORS },
      },
    },
    async (request) =>
      ok(await eraseCompanyUser(db, accessOf(request), request.params.id), 'User deleted permanently'),
  );

  r.get(
    '/getAllCompanyUsers/:company_id',
    {
      onRequest: requirePermission(platform, 'company-users:view'),
      schema: {
        tags,
        summary: 'Every active member of the company (not paged)',
        description:
          "For pickers (recipients, owners, assignees). `company_id` must be the caller's workspace (404 otherwise). " +
          'Ordered by name. Needs `company-users:view`.',
        security,
        params: z.object({ company_id: z.string().max(64) }),
        response: { 200: ZSuccess(z.array(ZCompanyUser)), ...ERRORS },
      },
    },
    async (request) => ok(await listAllCompanyUsers(db, accessOf(request), request.params.company_id)),
  );

  r.get(
    '/userList/:email',
    {
      config: perMinute(30),
      onRequest: requirePermission(platform, 'company-users:view'),
      schema: {
        tags,
        summary: 'The workspaces of an email that the caller administers too',
        description:
          'Needs `company-users:view` in the current workspace. Lists the workspaces the email belongs to (active ' +
          'or removed) among those where the caller is an active member holding `company-users:view`; nothing else, ' +
          "so an unknown email and one outside the caller's companies both answer `[]` and the call cannot probe " +
          "who has an account. For the caller's own email: all their workspaces. Rate-limited.",
        security,
        params: z.object({ email: ZEmail }),
        response: {
          200: ZSuccess(
            z.array(
              z.object({
                company_id: z.string(),
                company_name: z.string(),
                company_slug: z.string(),
                plan_type: z.enum(PLAN_TYPES),
                user_type: z.enum(USER_TYPES),
                status: z.enum(MEMBERSHIP_STATUSES),
                role_id: z.string().nullable(),
              }),
            ),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await listUserWorkspaces(db, accessOf(request), request.params.email)),
  );
}
