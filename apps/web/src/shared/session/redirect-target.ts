/**
 * The sign-in redirect target travels in the query as `redirect_url`, encrypted (spec 1 §4, §8).
 *
 * The value is `r2.` + base64url(iv ‖ AES-256-GCM ciphertext) of the same-site path, with the
 * purpose as associated data. The key is never in the URL: each browser makes its own random key
 * on first use and keeps it in localStorage (in memory when storage is unavailable), so every
 * tab of this browser can open the targets it made. Consequences, by design:
 * - the page a visitor was on does not appear in the address bar, history or server logs;
 * - a `redirect_url` crafted elsewhere (another browser, an attacker's link) does not decrypt
 *   here and is ignored: the visitor lands on their home page instead;
 * - GCM authenticates the value, so a tampered one is refused, and even a genuine one must still
 *   decrypt to a same-site path (`isSafeRedirectPath`) before it is followed.
 * The former base64-only values (`r1.`) are refused.
 */
const PREFIX = 'r2.';
const KEY_STORAGE_NAME = 'esigns:redirect-key';
const PURPOSE = new TextEncoder().encode('esigns:redirect_url');
const IV_BYTES = 12;
const KEY_BYTES = 32;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) return null;
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Used when localStorage cannot be read or written (private modes): valid for this page only. */
let memoryKey: string | null = null;
const imported = new Map<string, Promise<CryptoKey>>();

/** The browser's raw key (base64url), made on first use. */
function rawKey(): string {
  const store = storage();
  try {
    const stored = store?.getItem(KEY_STORAGE_NAME);
    if (stored && fromBase64Url(stored)?.length === KEY_BYTES) return stored;
  } catch {
    // Unreadable storage: fall through to a key of this page.
  }
  const fresh = memoryKey ?? toBase64Url(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
  try {
    store?.setItem(KEY_STORAGE_NAME, fresh);
    if (store?.getItem(KEY_STORAGE_NAME) === fresh) return fresh;
  } catch {
    // Full or blocked storage: keep the key in memory.
  }
  memoryKey = fresh;
  return fresh;
}

function cryptoKey(): Promise<CryptoKey> {
  const raw = rawKey();
  let key = imported.get(raw);
  if (!key) {
    key = crypto.subtle.importKey('raw', fromBase64Url(raw) as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ]);
    imported.set(raw, key);
  }
  return key;
}

/** A path on this site: starts with one slash, no scheme, no protocol-relative `//host`. */
export function isSafeRedirectPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\r\n]/.test(path);
}

/** The `redirect_url` value for a same-site path; an off-site path is refused. */
export async function encryptRedirectTarget(path: string): Promise<string> {
  if (!isSafeRedirectPath(path)) throw new Error('Only same-site paths can be a sign-in redirect target');
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: PURPOSE },
    await cryptoKey(),
    new TextEncoder().encode(path),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return PREFIX + toBase64Url(out);
}

/**
 * The path hidden in `redirect_url`, or null when the value is missing, of the old format,
 * tampered with, made by another browser, or not a same-site path.
 */
export async function decryptRedirectTarget(value: string | null | undefined): Promise<string | null> {
  if (!value || !value.startsWith(PREFIX)) return null;
  const bytes = fromBase64Url(value.slice(PREFIX.length));
  if (!bytes || bytes.length <= IV_BYTES) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: PURPOSE },
      await cryptoKey(),
      bytes.slice(IV_BYTES),
    );
    const path = new TextDecoder('utf-8', { fatal: true }).decode(plain);
    return isSafeRedirectPath(path) ? path : null;
  } catch {
    return null;
  }
}
