import { describe, expect, it } from 'vitest';
import { decodeRedirectTarget, encodeRedirectTarget, isSafeRedirectPath } from './redirect-target';

describe('redirect target', () => {
  it.each(['/dashboard', '/contacts/edit/42?tab=notes#top', '/entity/ä/ü?q=a+b&x=%2F'])(
    'round-trips %s',
    (path) => {
      const encoded = encodeRedirectTarget(path);
      expect(encoded).not.toContain('/');
      expect(decodeRedirectTarget(encoded)).toBe(path);
    },
  );

  it.each([
    null,
    undefined,
    '',
    '/dashboard',
    'r1.',
    'r1.%%%',
    encodeRedirectTarget('//evil.example'),
    encodeRedirectTarget('https://evil.example'),
  ])('refuses %s', (value) => {
    expect(decodeRedirectTarget(value)).toBeNull();
  });

  it('accepts only same-site paths', () => {
    expect(isSafeRedirectPath('/a')).toBe(true);
    expect(isSafeRedirectPath('//a')).toBe(false);
    expect(isSafeRedirectPath('/\\a')).toBe(false);
    expect(isSafeRedirectPath('javascript:alert(1)')).toBe(false);
  });
});
