import { z } from 'zod';
import { ZPassword } from '@esigns/contracts/auth';
import {
  ZAddCompanyUserRequest,
  ZCompanyName,
  ZCompanySlug,
  ZInviteUserRequest,
  ZRoleDescription,
  ZRoleId,
  ZRoleName,
  ZUserTypeField,
} from '@esigns/contracts/team';

/**
 * Form schemas of the team screens, built from the request schemas the API validates with
 * (contracts `team.ts`): empty optional inputs become undefined before the same rules apply.
 */
export { COMPANY_SLUG_PATTERN } from '@esigns/contracts/team';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const ZOptionalRoleId = z.preprocess(emptyToUndefined, ZRoleId.optional());
const ZName = ZAddCompanyUserRequest.shape.first_name.unwrap();
const ZOptionalName = z.preprocess(emptyToUndefined, ZName.optional());

export const ZInviteUserForm = z.object({
  email: ZInviteUserRequest.shape.email,
  user_type: ZUserTypeField,
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
  name: ZRoleName,
  user_type: ZUserTypeField,
  description: ZRoleDescription,
});

export const ZCompanyProfileForm = z.object({
  name: ZCompanyName,
  slug: ZCompanySlug,
});
export type TCompanyProfileForm = z.output<typeof ZCompanyProfileForm>;
