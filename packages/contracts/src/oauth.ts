import { z } from 'zod';

/**
 * OAuth 2.0 client apps of a workspace (integrations): what an app may ask for (its scopes), how
 * the consent screen words them, and the shapes of the calls (`fetch-clients`, `create-client`...).
 */
export const OAUTH_SCOPES = [
  'documents:read',
  'documents:write',
  'records:read',
  'records:write',
  'forms:read',
  'webhooks',
] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** The consent screen's words for each scope. */
export const OAUTH_SCOPE_LABELS: Record<OAuthScope, string> = {
  'documents:read': 'See your documents and their recipients',
  'documents:write': 'Create, send, change and delete your documents',
  'records:read': 'See the records of your entities',
  'records:write': 'Create, change and delete records of your entities',
  'forms:read': 'See your forms',
  webhooks: 'Manage the webhooks of this app',
};

/** An absolute http(s) address without a fragment; plain http only for this machine (RFC 8252). */
export function isAllowedRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export const ZOAuthRedirectUri = z
  .string()
  .trim()
  .max(2000)
  .refine(isAllowedRedirectUri, 'An https address without #fragment (http only for localhost)');

export const ZOAuthClientAppInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  redirectUris: z.array(ZOAuthRedirectUri).min(1, 'At least one redirect URI').max(10),
  scopes: z.array(z.enum(OAUTH_SCOPES)).min(1, 'Choose at least one scope'),
});
export type TOAuthClientAppInput = z.infer<typeof ZOAuthClientAppInput>;

export const ZOAuthClientApp = z.object({
  appId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.enum(OAUTH_SCOPES)),
  /** The secret's last four characters, to tell secrets apart. */
  secretLast4: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOAuthClientApp = z.infer<typeof ZOAuthClientApp>;

/** `create-client` and secret rotation: the secret, shown once. */
export const ZOAuthClientAppWithSecret = z.object({ app: ZOAuthClientApp, clientSecret: z.string() });
export type TOAuthClientAppWithSecret = z.infer<typeof ZOAuthClientAppWithSecret>;

export const ZOAuthAppIdParams = z.object({ appId: z.string().min(1).max(100) });

/** `GET /oauth2/signin/details?uid=`: what the consent screen shows. */
export const ZOAuthConsentDetails = z.object({
  uid: z.string(),
  app: z.object({ appId: z.string(), name: z.string() }),
  scopes: z.array(z.enum(OAUTH_SCOPES)),
  redirectUri: z.string(),
  /** The app's workspace: the user consents as a member of it. */
  companyId: z.string(),
});
export type TOAuthConsentDetails = z.infer<typeof ZOAuthConsentDetails>;

/** `POST /oauth2/signin`: the user's answer on the consent screen. */
export const ZOAuthConsentInput = z.object({
  uid: z.string().min(1).max(200),
  decision: z.enum(['allow', 'deny']),
});
export type TOAuthConsentInput = z.infer<typeof ZOAuthConsentInput>;

/** Where the browser goes next (back to the authorization endpoint, which redirects to the app). */
export const ZOAuthConsentResult = z.object({ redirectTo: z.string() });

/** `GET /oauth2/generate-verifier-token`: a fresh PKCE pair (S256) for a client to use. */
export const ZOAuthVerifierToken = z.object({
  code_verifier: z.string(),
  code_challenge: z.string(),
  code_challenge_method: z.literal('S256'),
});

/**
 * `GET /oauth2/authorized-apps`: a client app the signed-in user has allowed to act for them (one
 * entry per app, whatever the number of consents), with the scopes of all their grants to it.
 */
export const ZOAuthAuthorizedApp = z.object({
  appId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  authorizedAt: z.string(),
});
export type TOAuthAuthorizedApp = z.infer<typeof ZOAuthAuthorizedApp>;
