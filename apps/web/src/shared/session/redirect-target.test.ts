import { afterEach, describe, expect, it } from 'vitest';
import { decryptRedirectTarget, encryptRedirectTarget, isSafeRedirectPath } from './redirect-target';

const KEY_STORAGE_NAME = 'esigns:redirect-key';

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Flips one bit of the character at `index` (kept inside the base64url alphabet). */
function tamper(value: string, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const next = alphabet[(alphabet.indexOf(value[index]!) ^ 1) & 63]!;
  return value.slice(0, index) + next + value.slice(index + 1);
}

afterEach(() => localStorage.clear());

describe('redirect target', () => {
  it.each(['/dashboard', '/contacts/edit/42?tab=notes#top', '/entity/ä/ü?q=a+b&x=%2F'])(
    'round-trips %s without showing it',
    async (path) => {
      const sealed = await encryptRedirectTarget(path);
      expect(sealed).toMatch(/^r2\.[A-Za-z0-9_-]+$/);
      expect(sealed).not.toContain(base64Url(path).slice(0, 8));
      expect(await decryptRedirectTarget(sealed)).toBe(path);
    },
  );

  it('keeps the key out of the value and in this browser only', async () => {
    const sealed = await encryptRedirectTarget('/roles');
    const key = localStorage.getItem(KEY_STORAGE_NAME);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sealed).not.toContain(key);
    // Another browser (another key) cannot open it.
    localStorage.setItem(KEY_STORAGE_NAME, base64Url('x'.repeat(32)));
    expect(await decryptRedirectTarget(sealed)).toBeNull();
  });

  it('uses a fresh nonce each time', async () => {
    const [a, b] = [await encryptRedirectTarget('/roles'), await encryptRedirectTarget('/roles')];
    expect(a).not.toBe(b);
    expect(await decryptRedirectTarget(b)).toBe('/roles');
  });

  it('refuses a tampered value', async () => {
    const sealed = await encryptRedirectTarget('/contacts');
    expect(await decryptRedirectTarget(tamper(sealed, 5))).toBeNull();
    expect(await decryptRedirectTarget(tamper(sealed, sealed.length - 2))).toBeNull();
    expect(await decryptRedirectTarget(sealed.slice(0, -4))).toBeNull();
  });

  it.each([
    null,
    undefined,
    '',
    '/dashboard',
    'r2.',
    'r2.%%%',
    'r2.AAAA',
    `r1.${base64Url('/dashboard')}`,
    `r2.${base64Url('/dashboard')}`,
  ])('refuses %s', async (value) => {
    expect(await decryptRedirectTarget(value)).toBeNull();
  });

  it('never encrypts an off-site target', async () => {
    await expect(encryptRedirectTarget('//evil.example')).rejects.toThrow(/same-site/);
    await expect(encryptRedirectTarget('https://evil.example')).rejects.toThrow(/same-site/);
  });

  it('accepts only same-site paths', () => {
    expect(isSafeRedirectPath('/a')).toBe(true);
    expect(isSafeRedirectPath('//a')).toBe(false);
    expect(isSafeRedirectPath('/\\a')).toBe(false);
    expect(isSafeRedirectPath('javascript:alert(1)')).toBe(false);
  });
});
