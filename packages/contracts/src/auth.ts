import { z } from 'zod';

/** Staff user types (spec 1 §6). OWNER has every right. */
export const USER_TYPES = ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** INDIVIDUAL: a personal workspace; BUSINESS: a company with staff (spec 1 §6). */
export const PLAN_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const ZEmail = z
  .email('Enter a valid email address')
  .max(254)
  .transform((v) => v.trim().toLowerCase());

/** At least 8 characters with a letter and a digit; at most 128 (argon2 input bound). */
export const ZPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/\d/, 'Password must contain a digit');

export const ZName = z.string().trim().min(1, 'Required').max(100);

export const ZSignupRequest = z.object({
  first_name: ZName,
  last_name: ZName,
  email: ZEmail,
  password: ZPassword,
});
export type TSignupRequest = z.input<typeof ZSignupRequest>;

export const ZCompanySignupRequest = ZSignupRequest.extend({
  company_name: z.string().trim().min(2, 'Company name must be at least 2 characters').max(120),
});
export type TCompanySignupRequest = z.input<typeof ZCompanySignupRequest>;

/** Reply of both sign-ups: the account exists but must verify its email first. */
export const ZSignupReply = z.object({
  status_code: z.literal('ACCOUNT_NOT_VERIFIED'),
  email: z.string(),
});

export const ZEmailVerifyRequest = z.object({
  email: ZEmail,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
export const ZResendVerifyRequest = z.object({ email: ZEmail });

export const ZSigninRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, 'Required').max(128),
});
export type TSigninRequest = z.input<typeof ZSigninRequest>;

export const ZWorkspace = z.object({
  company_id: z.string(),
  company_name: z.string(),
  company_slug: z.string(),
  plan_type: z.enum(PLAN_TYPES),
  user_type: z.enum(USER_TYPES),
  is_active: z.boolean(),
});
export type TWorkspace = z.infer<typeof ZWorkspace>;

/** The signed-in user as the client keeps it (spec 1 §3 "User (session)"). */
export const ZUserDetails = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  company_name: z.string().nullable(),
  signature: z.string().nullable(),
  initial: z.string().nullable(),
  avatar: z.string().nullable(),
  is_contact: z.boolean(),
  user_type: z.enum(USER_TYPES),
  activeRole: z.object({ role_id: z.string().nullable(), userType_name: z.enum(USER_TYPES) }),
  current_workspace: ZWorkspace,
  workspaces: z.array(ZWorkspace),
  mf2a_enabled: z.boolean(),
});
export type TUserDetails = z.infer<typeof ZUserDetails>;

export const ZTokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  access_token_expires_at: z.string(),
  refresh_token_expires_at: z.string(),
});
export type TTokenPair = z.infer<typeof ZTokenPair>;

/**
 * Sign-in reply. Without a second factor: tokens and user. With one (`mf2a: true`): no tokens,
 * only `user_id` and the method, until `POST /mf2a/verifyOTP` succeeds.
 */
export const ZSigninReply = z.union([
  ZTokenPair.extend({ user_details: ZUserDetails, mf2a: z.literal(false) }),
  z.object({
    mf2a: z.literal(true),
    user_id: z.string(),
    mf2a_method: z.enum(['TOTP', 'EMAIL']),
  }),
]);
export type TSigninReply = z.infer<typeof ZSigninReply>;

export const ZMf2aVerifyRequest = z.object({
  user_id: z.string().uuid('Invalid user id'),
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{4}-[A-Za-z0-9]{4})$/, 'Enter the 6-digit code or a recovery code'),
});

export const ZSessionReply = ZTokenPair.extend({ user_details: ZUserDetails });
export type TSessionReply = z.infer<typeof ZSessionReply>;

export const ZRevokeTokenRequest = z.object({ token: z.string().min(1, 'Required').max(200) });

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z.object({
  email: ZEmail,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
  password: ZPassword,
});
export const ZPasswordUpdateRequest = z.object({
  current_password: z.string().min(1, 'Required').max(128),
  new_password: ZPassword,
});

export const ZCheckUserReply = z.object({ exists: z.boolean(), is_verified: z.boolean() });
