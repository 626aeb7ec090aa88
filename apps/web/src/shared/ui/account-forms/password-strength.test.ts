import { describe, expect, it } from 'vitest';
import { measurePassword } from './password-strength';

describe('measurePassword', () => {
  it.each([
    ['', 0, 'At least 8 characters'],
    ['abcdefgh', 1, 'A digit'],
    ['12345678', 1, 'A letter'],
    ['abcd1234', 2, null],
    ['abcd1234efgh', 3, null],
    ['Abcd1234!xyz', 4, null],
  ])('%j scores %i', (password, score, missing) => {
    const result = measurePassword(password);
    expect(result.score).toBe(score);
    expect(result.isValid).toBe(score >= 2);
    if (missing) expect(result.checks.find((c) => c.label === missing)?.isMet).toBe(false);
  });
});
