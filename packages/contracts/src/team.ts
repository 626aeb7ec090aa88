import { z } from 'zod';
import { USER_TYPES, ZEmail, ZName, ZPassword } from './auth';

/*
 * Request bodies of the team calls (company users, invitations, roles, company profile), used by
 * the API routes to validate and by the web forms to check before calling: one set of rules.
 */

export const MEMBERSHIP_STATUSES = ['ACTIVE', 'INVITED', 'DELETED'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const ZUserTypeField = z.enum(USER_TYPES, {
  error: 'Choose a user type: OWNER, ADMIN, MANAGER or MEMBER',
});
export const ZRoleId = z.uuid('Choose a role from the list');

export const ZInviteUserRequest = z.object({
  email: ZEmail,
  user_type: ZUserTypeField,
  role_id: ZRoleId.nullable().optional(),
  first_name: ZName.optional(),
  last_name: ZName.optional(),
});
export type TInviteUserRequest = z.infer<typeof ZInviteUserRequest>;

export const ZAcceptInvitationRequest = z.object({
  token: z.string({ error: 'Required' }).min(10, 'Invalid invitation token').max(200),
  first_name: ZName.optional(),
  last_name: ZName.optional(),
  password: ZPassword.optional(),
});

export const ZResendInviteRequest = z
  .object({ invitation_id: z.uuid('Invalid invitation id').optional(), email: ZEmail.optional() })
  .refine((body) => body.invitation_id !== undefined || body.email !== undefined, {
    message: 'Give invitation_id or email',
    path: ['invitation_id'],
  });

/** Adding directly: the names are needed when the email has no account yet (the server says so). */
export const ZAddCompanyUserRequest = z.object({
  email: ZEmail,
  first_name: ZName.optional(),
  last_name: ZName.optional(),
  user_type: ZUserTypeField,
  role_id: ZRoleId.nullable().optional(),
});
export type TAddCompanyUserRequest = z.infer<typeof ZAddCompanyUserRequest>;

export const ZUpdateCompanyUserRequest = z
  .object({
    user_id: z.uuid('Invalid user id'),
    user_type: ZUserTypeField.optional(),
    role_id: ZRoleId.nullable().optional(),
  })
  .refine((body) => body.user_type !== undefined || body.role_id !== undefined, {
    message: 'Give user_type or role_id',
    path: ['user_type'],
  });

export const ZRoleName = z
  .string({ error: 'Required' })
  .trim()
  .min(2, 'At least 2 characters')
  .max(80, 'At most 80 characters');
export const ZRoleDescription = z.string().trim().max(500, 'At most 500 characters');

export const ZCreateRoleRequest = z.object({
  name: ZRoleName,
  user_type: ZUserTypeField,
  description: ZRoleDescription.optional(),
});

export const ZUpdateRoleRequest = z
  .object({
    name: ZRoleName.optional(),
    user_type: ZUserTypeField.optional(),
    description: ZRoleDescription.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Change at least one of name, user_type or description',
  });

export const COMPANY_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$/;
export const ZCompanyName = z
  .string()
  .trim()
  .min(2, 'At least 2 characters')
  .max(120, 'At most 120 characters');
export const ZCompanySlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(COMPANY_SLUG_PATTERN, 'Use 3-50 letters, digits and dashes');
