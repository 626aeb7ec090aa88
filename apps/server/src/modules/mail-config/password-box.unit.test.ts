import { describe, expect, it } from 'vitest';
import { openPassword, sealPassword } from './password-box';

const SECRET = 'instance-storage-secret-for-tests-0123456789';
const COMPANY = '5d0c1f4e-6a0b-4d5e-9a39-0b7d7c1f2a11';

describe('the SMTP password at rest', () => {
  it('opens what it sealed, and seals the same password differently each time', () => {
    const a = sealPassword('Pa55-wörd', SECRET, COMPANY);
    const b = sealPassword('Pa55-wörd', SECRET, COMPANY);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('Pa55');
    expect(openPassword(a, SECRET, COMPANY)).toBe('Pa55-wörd');
    expect(openPassword(b, SECRET, COMPANY)).toBe('Pa55-wörd');
  });

  it.each([
    ['another instance secret', (s: string) => openPassword(s, `${SECRET}x`, COMPANY)],
    ["another company's row", (s: string) => openPassword(s, SECRET, '00000000-0000-4000-8000-000000000000')],
    [
      'a changed byte',
      (s: string) =>
        // The character before the last always changes (it was tested against the last one: 1 run in 64
        // kept the text as it was).
        openPassword(`${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.slice(-1)}`, SECRET, COMPANY),
    ],
    ['an unknown version', (s: string) => openPassword(s.replace(/^v1/, 'v0'), SECRET, COMPANY)],
    ['no format at all', () => openPassword('plain-text', SECRET, COMPANY)],
  ])('refuses to open it with %s', (_name, open) => {
    expect(() => open(sealPassword('secret', SECRET, COMPANY))).toThrow();
  });
});
