import { z } from 'zod';
import { USER_TYPES, ZPassword, ZSigninRequest, ZSignupRequest } from '@esigns/contracts/auth';

/**
 * Form schemas of the team screens. They mirror the request schemas of the server routes
 * (company-users, roles, company), which contracts does not export yet, built from the contracts
 * pieces that exist (email, names, password, user types). Empty optional inputs become undefined.
 */
const ZEmail = ZSigninRequest.shape.email;
const ZName = ZSignupRequest.shape.first_name;
const ZUserType = z.enum(USER_TYPES, { error: 'Choose a user type' });
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const ZOptionalName = z.preprocess(emptyToUndefined, ZName.optional());
const ZOptionalRoleId = z.preprocess(emptyToUndefined, z.uuid('Choose a role from the list').optional());

export const ZInviteUserForm = z.object({
  email: ZEmail,
  user_type: ZUserType,
  role_id: ZOptionalRoleId,
});

/** Adding directly: the names are needed when the email has no account yet (the server says so). */
export const ZAddUserForm = ZInviteUserForm.extend({
  first_name: ZOptionalName,
  last_name: ZOptionalName,
});

export const ZAcceptInvitationForm = z.object({
  first_name: ZName,
  last_name: ZName,
  password: ZPassword,
});

export const ZRoleForm = z.object({
  name: z.string().trim().min(2, 'At least 2 characters').max(80, 'At most 80 characters'),
  user_type: ZUserType,
  description: z.string().trim().max(500, 'At most 500 characters'),
});

const ZHexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #F27E0C');
const ZCssColour = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use a colour like #EEEEEE');

export const COMPANY_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$/;

export const ZCompanyProfileForm = z.object({
  name: z.string().trim().min(2, 'At least 2 characters').max(120, 'At most 120 characters'),
  slug: z.string().trim().toLowerCase().regex(COMPANY_SLUG_PATTERN, 'Use 3-50 letters, digits and dashes'),
  primary_color: ZHexColour,
  secondary_color: ZHexColour,
  dialog_header_color: ZCssColour,
  dialog_header_text_color: ZCssColour,
});
export type TCompanyProfileForm = z.output<typeof ZCompanyProfileForm>;
