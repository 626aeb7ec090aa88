import { z } from 'zod';
import { ZUserDetails } from './auth';

/**
 * The embedded mode `/if/{ssoAuth}/...`: the company's allowed host origins, the host session
 * token a host's server mints (`POST /embed/sso-auth`) and its exchange for an embedded session
 * (`POST /embed/session`), and the postMessage bridge between the frame and its host page.
 */

/** How many host origins a company may allow. */
export const MAX_ALLOWED_ORIGINS = 20;

/** Host session tokens start with this (iframe-link tokens with `ifl_`). */
export const HOST_TOKEN_PREFIX = 'ifs_';

/** A host session token lives 60..600 s (default 300 s). */
export const SSO_AUTH_TTL = { min: 60, max: 600, default: 300 } as const;

/** The closed codes of the embedded mode's refusals (sent as `error_code`). */
export const EMBED_ERROR_CODES = [
  /** Basic credentials that are neither an API key nor a client app of a company. */
  'EMBED_CLIENT_INVALID',
  /** A forged, malformed or unknown host session token. */
  'EMBED_TOKEN_INVALID',
  /** A host session token past its expiry: the host page must mint a new one. */
  'EMBED_TOKEN_EXPIRED',
  /** An embedded session on a call it may not make (passwords, 2FA, keys, allowed origins...). */
  'EMBEDDED_SESSION_REFUSED',
] as const;
export type EmbedErrorCode = (typeof EMBED_ERROR_CODES)[number];

/**
 * An origin a company lets frame its screens: `https://host[:port]`, or plain http for this
 * machine only (localhost, 127.0.0.1, [::1]) for development and tests. The origin as the
 * browser writes it (lowercase host, no default port), or null when `value` is not one.
 */
export function normalizeHostOrigin(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== '/' || /^https?:\/\/[^/]+\/./i.test(text)) return null;
  if (url.hostname.includes('*')) return null;
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return null;
  return url.origin;
}

export const ZHostOrigin = z
  .string()
  .trim()
  .max(300)
  .refine(
    (value) => normalizeHostOrigin(value) !== null,
    'An https origin such as https://app.example.com (http only for localhost), without a path',
  );

export const ZAllowedOrigin = z.object({
  _id: z.string(),
  origin: z.string(),
  created_at: z.string(),
});
export type TAllowedOrigin = z.infer<typeof ZAllowedOrigin>;

export const ZAllowedOriginInput = z.object({ origin: ZHostOrigin });
export type TAllowedOriginInput = z.infer<typeof ZAllowedOriginInput>;

/**
 * A screen path of the embedded mode (a staff path of a mirrored area, e.g. `/documents/all`),
 * optionally with a query: same-site and relative, never `//host` or `..`.
 */
export const ZEmbedPath = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) =>
      /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/.test(value) && !value.split(/[/?]/).includes('..'),
    'A path of the app such as /documents/all',
  );

export const ZSsoAuthRequest = z.object({
  /** A member of the company whose credentials sign the call. */
  email: z.string().trim().toLowerCase().email().max(320),
  path: ZEmbedPath.optional(),
  ttlSeconds: z.number().int().min(SSO_AUTH_TTL.min).max(SSO_AUTH_TTL.max).optional(),
});
export type TSsoAuthRequest = z.infer<typeof ZSsoAuthRequest>;

export const ZSsoAuthReply = z.object({
  ssoAuth: z.string(),
  expiresAt: z.string(),
  /** `${PUBLIC_URL}/if/${ssoAuth}${path}`: the address the host page frames. */
  url: z.string(),
});
export type TSsoAuthReply = z.infer<typeof ZSsoAuthReply>;

export const ZEmbedSessionRequest = z.object({ ssoAuth: z.string().trim().min(1).max(1000) });

export const ZEmbedSessionReply = z.object({
  access_token: z.string(),
  access_token_expires_at: z.string(),
  /** When the host session token itself ends (a reload after it needs a new one). */
  sso_auth_expires_at: z.string(),
  user_details: ZUserDetails,
  allowed_origins: z.array(z.string()),
  company: z.object({ _id: z.string(), name: z.string() }),
});
export type TEmbedSessionReply = z.infer<typeof ZEmbedSessionReply>;

/** What the frame tells its host page (`{ source: 'esigns', type, payload }`). */
export const HOST_EVENT_TYPES = [
  'ready',
  'resize',
  'document.sent',
  'document.signed',
  'form.submitted',
  'session.expired',
] as const;
export type HostEventType = (typeof HOST_EVENT_TYPES)[number];

/** What the host page may ask of the frame (`{ source: 'esigns-host', type, payload }`). */
export const HOST_COMMAND_TYPES = ['navigate', 'refresh'] as const;
export type HostCommandType = (typeof HOST_COMMAND_TYPES)[number];
