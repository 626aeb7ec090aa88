import { describe, expect, it } from 'vitest';
import { isFreeOfSecrets, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it.each([
    [
      'a declared token, raw',
      'token abc_DEF-123456789xyz here',
      ['abc_DEF-123456789xyz'],
      'token [redacted link] here',
    ],
    ['a declared secret, HTML-escaped', 'x a&amp;b&lt;tok y', ['a&b<tok'], 'x [redacted code] y'],
    ['a declared secret, URL-encoded', '?t=a%2Bb%2Fc%3D', ['a+b/c='], '?t=[redacted code]'],
    ['an undeclared link', 'open https://app.test/reset?token=zzz now', [], 'open [redacted link] now'],
    [
      'an undeclared link in an href',
      '<a href="https://app.test/x?t=1">go</a>',
      [],
      '<a href="[redacted link]">go</a>',
    ],
    ['an undeclared six-digit code', 'Your code: 012345.', [], 'Your code: [redacted code].'],
  ])('replaces %s', (_name, value, secrets, expected) => {
    expect(redactSecrets(value, secrets)).toBe(expected);
  });

  it.each([
    ['colours', 'color:#123456;'],
    ['longer numbers', 'order 1234567'],
    ['shorter numbers and dates', 'on 2024-01-15 at 10:30, 12345 items'],
    ['mail addresses', '<a href="mailto:ann@acme.test">ann@acme.test</a>'],
  ])('keeps %s', (_name, value) => {
    expect(redactSecrets(value, [])).toBe(value);
  });
});

describe('isFreeOfSecrets', () => {
  it('finds a secret in any of its forms', () => {
    expect(isFreeOfSecrets(['a&amp;b'], ['a&b'])).toBe(false);
    expect(isFreeOfSecrets(['x%2By'], ['x+y'])).toBe(false);
    expect(isFreeOfSecrets(['nothing here'], ['x+y', ''])).toBe(true);
  });
});
