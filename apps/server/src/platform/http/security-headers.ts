import type { FastifyInstance } from 'fastify';
import { STATIC_PAGE_SCRIPT_HASH } from './spa-shell';

/**
 * The security headers of every answer, computed once at start (helmet's defaults plus our
 * content-security policy; helmet re-derived them on every request, which cost a tenth of the
 * API's throughput). Three sets:
 * - pages (the web app, API docs, file downloads): the app's content-security policy, framing by
 *   this origin only, and a Permissions-Policy that turns off every powerful feature (nobody,
 *   signers included, needs camera, microphone, location, payment... in this app);
 * - the embedded mode (`/if/{token}/...`): the same, framed only by the host origins the token's
 *   company allows (modules/embedding resolves the token, `registerEmbedFrameAncestors`); an
 *   unknown or invalid token, or a company without origins, gets `frame-ancestors 'none'`
 *   (`frame-ancestors *` would let any site frame a signed-in page: clickjacking);
 * - JSON API answers: the OWASP REST set (`default-src 'none'`, no framing at all), which is
 *   stricter and a third the size.
 * Strict-Transport-Security is added to answers served over HTTPS only (`request.protocol`, which
 * honours X-Forwarded-Proto from the proxies of TRUST_PROXY only): over plain HTTP browsers ignore
 * it, and a development server on http://localhost must not pin the host to HTTPS.
 */
const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // The static pages' one inline script (spa-shell.ts), by its hash.
  'script-src': ["'self'", STATIC_PAGE_SCRIPT_HASH],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'blob:'],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

function csp(frameAncestors: string): string {
  const directives = { ...CSP_DIRECTIVES, 'frame-ancestors': [frameAncestors] };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** Features no page of the app uses, off for the page and every frame in it. */
const POWERFUL_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

const policyAllowing = (allowed: readonly string[]): string =>
  POWERFUL_FEATURES.map((feature) => `${feature}=${allowed.includes(feature) ? '(self)' : '()'}`).join(', ');

const PERMISSIONS_POLICY = policyAllowing([]);

/**
 * The scanner page (`/scanner`, loaded as a document: a page loaded at another address keeps the
 * camera off, so the app opens the scanner with a full page load) may use the camera of this
 * origin, and nothing else more than any page.
 */
const SCANNER_PATH = '/scanner';

export const HSTS = 'max-age=31536000; includeSubDomains';

const COMMON: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...COMMON,
  'content-security-policy': csp("'self'"),
  'x-frame-options': 'SAMEORIGIN',
});

export const SCANNER_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  'permissions-policy': policyAllowing(['camera']),
});

export const EMBEDDED_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...COMMON,
  'content-security-policy': csp("'none'"),
  'x-frame-options': 'DENY',
});

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** JSON endpoints; the docs UI and file downloads under /api are pages. */
function isJsonApi(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/storage/');
}

export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  if (isJsonApi(url)) return API_SECURITY_HEADERS;
  if (url.startsWith('/if/')) return EMBEDDED_SECURITY_HEADERS;
  const pathname = url.split(/[?#]/, 1)[0];
  return pathname === SCANNER_PATH || pathname === `${SCANNER_PATH}/`
    ? SCANNER_SECURITY_HEADERS
    : SECURITY_HEADERS;
}

/**
 * The headers of an embedded page framed by `origins` (already validated origins, e.g.
 * `https://host.example`): CSP `frame-ancestors` lists them; X-Frame-Options is left out (it
 * cannot name an origin, and a browser that reads CSP ignores it).
 */
export function embeddedHeadersFor(origins: readonly string[]): Readonly<Record<string, string>> {
  if (origins.length === 0) return EMBEDDED_SECURITY_HEADERS;
  return { ...COMMON, 'content-security-policy': csp(origins.join(' ')) };
}

/** The host origins that may frame `/if/{token}/...` (none: not framed at all). */
export type EmbedFrameAncestors = (token: string) => Promise<readonly string[]>;
let embedFrameAncestors: EmbedFrameAncestors | undefined;

export function registerEmbedFrameAncestors(resolve: EmbedFrameAncestors): void {
  embedFrameAncestors = resolve;
}

/** The `{token}` of `/if/{token}/...`, or null. */
export function embedTokenOf(url: string): string | null {
  const match = /^\/if\/([^/?#]+)/.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    const token = request.url.startsWith('/if/') ? embedTokenOf(request.url) : null;
    if (token === null || !embedFrameAncestors) {
      void reply.headers(securityHeadersFor(request.url));
      done();
      return;
    }
    embedFrameAncestors(token).then(
      (origins) => {
        void reply.headers(embeddedHeadersFor(origins));
        done();
      },
      (error: unknown) => {
        // Fail closed: the page is served, but no site may frame it (the failure, a database
        // outage say, is logged; the page itself needs nothing the lookup reads).
        request.log.error({ err: error }, 'embedded page: the allowed host origins could not be read');
        void reply.headers(EMBEDDED_SECURITY_HEADERS);
        done();
      },
    );
  });
}
