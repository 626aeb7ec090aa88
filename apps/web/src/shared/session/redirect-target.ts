/**
 * The sign-in redirect target travels in the query as `redirect_url` (spec 1 §4). It is
 * encoded (base64url of the path) so that it survives being nested in other links and so
 * that a tampered value can be refused: only same-origin paths are ever decoded.
 */
const PREFIX = 'r1.';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string | null {
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A path on this site: starts with one slash, no scheme, no protocol-relative `//host`. */
export function isSafeRedirectPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\r\n]/.test(path);
}

export function encodeRedirectTarget(path: string): string {
  return PREFIX + toBase64Url(path);
}

/** The path hidden in `redirect_url`, or null when the value is missing, corrupt or off-site. */
export function decodeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith(PREFIX)) return null;
  const path = fromBase64Url(value.slice(PREFIX.length));
  return path !== null && isSafeRedirectPath(path) ? path : null;
}
