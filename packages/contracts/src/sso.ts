import { z } from 'zod';
import { USER_TYPES, ZEmail, ZName, ZSessionReply } from './auth';

/**
 * Single sign-on with a company's OpenID Connect identity provider (spec 1 §8, spec 3 "Single
 * sign-on"): the provider settings, the start of a sign-in, the code exchange (`POST /sso/token`)
 * and its outcomes, and the profile step of a new user (`/sso-signup`).
 */

/** User types SSO may create: never OWNER (ownership is transferred, not granted by a provider). */
export const SSO_NEW_USER_TYPES = USER_TYPES.filter((t) => t !== 'OWNER') as ['ADMIN', 'MANAGER', 'MEMBER'];

const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain like example.com',
  );

/** The company's identity provider as its administrators see it: never the client secret. */
export const ZSsoConfig = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  allowed_domains: z.array(z.string()),
  auto_create_users: z.boolean(),
  new_user_type: z.enum(SSO_NEW_USER_TYPES),
  /** Where the provider sends users back (register it with the provider). */
  redirect_uri: z.string(),
  /** Where the provider posts logout tokens (OpenID Connect back-channel logout). */
  backchannel_logout_uri: z.string(),
  updated_at: z.string().nullable(),
});
export type TSsoConfig = z.infer<typeof ZSsoConfig>;

export const ZSsoConfigWrite = z.object({
  enabled: z.boolean().default(true),
  issuer: z
    .url('Enter the issuer URL of your identity provider')
    .max(500)
    .transform((v) => v.trim().replace(/\/+$/, '')),
  client_id: z.string().trim().min(1, 'Required').max(300),
  /** Left out: keep the stored one (same issuer and client id only). */
  client_secret: z.string().max(500).optional(),
  allowed_domains: z.array(ZDomain).max(50).default([]),
  auto_create_users: z.boolean().default(false),
  new_user_type: z.enum(SSO_NEW_USER_TYPES).default('MEMBER'),
});
export type TSsoConfigWrite = z.input<typeof ZSsoConfigWrite>;

/** `/sso-signin`: a work email, or the company's sign-in name (slug). */
export const ZSsoStartRequest = z
  .object({
    email: ZEmail.optional(),
    company_slug: z.string().trim().toLowerCase().min(1).max(120).optional(),
  })
  .refine((v) => Boolean(v.email) !== Boolean(v.company_slug), {
    message: 'Enter your work email or your company sign-in name',
    path: ['email'],
  });
export type TSsoStartRequest = z.input<typeof ZSsoStartRequest>;

export const ZSsoStartReply = z.object({
  /** Send the browser there. */
  authorization_url: z.string(),
  /** Kept by the browser to check the callback comes from this sign-in. */
  state: z.string(),
});
export type TSsoStartReply = z.infer<typeof ZSsoStartReply>;

/** `POST /sso/token`: what the provider sent back to `/sso-verify`. */
export const ZSsoTokenRequest = z.object({
  code: z.string().trim().min(1, 'Required').max(2000),
  state: z.string().trim().min(1, 'Required').max(200),
  /** The callback's `iss` when the provider sends one (RFC 9207): checked against the company's issuer. */
  iss: z.string().trim().max(500).optional(),
});
export type TSsoTokenRequest = z.input<typeof ZSsoTokenRequest>;

/** The new user's data kept for `/sso-signup` (NEW_USER). */
export const ZSsoNewUser = z.object({
  signup_token: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  /** false: the company does not create users from its provider (ask an administrator). */
  can_sign_up: z.boolean(),
  expires_at: z.string(),
});
export type TSsoNewUser = z.infer<typeof ZSsoNewUser>;

/** A signed-in SSO user: the password sign-in's session, and the provider's end-session URL. */
export const ZSsoSessionReply = ZSessionReply.extend({
  status_code: z.literal('EXISTED_USER_LOGIN_SUCCESS'),
  /** Where the web client sends the user when the session ends (SSO_USER_LOGOUT); null: none. */
  logout_url: z.string().nullable(),
});
export type TSsoSessionReply = z.infer<typeof ZSsoSessionReply>;

/** Outcomes of the code exchange (HOLD_WORKSPACE is a 403 error with that `status_code`). */
export const ZSsoTokenReply = z.discriminatedUnion('status_code', [
  ZSsoSessionReply,
  z.object({ status_code: z.literal('NEW_USER'), new_user: ZSsoNewUser }),
]);
export type TSsoTokenReply = z.infer<typeof ZSsoTokenReply>;

/** `/sso-signup`: the profile of a NEW_USER completed. */
export const ZSsoSignupRequest = z.object({
  signup_token: z.string().trim().min(1, 'Required').max(200),
  first_name: ZName,
  last_name: ZName,
});
export type TSsoSignupRequest = z.input<typeof ZSsoSignupRequest>;
