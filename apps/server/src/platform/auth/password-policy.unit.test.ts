import { describe, expect, it } from 'vitest';
import { CONTAINS_EMAIL, findPasswordProblem, TOO_COMMON, TOO_GUESSABLE } from './password-policy';

describe('findPasswordProblem', () => {
  it.each(['password1', 'Password123!', 'qwerty123', 'iloveyou1', 'Welcome1!', 'P@ssw0rd1'])(
    'refuses the common password %s',
    async (password) => {
      expect(await findPasswordProblem(password, 'someone@example.com')).toBe(TOO_COMMON);
    },
  );

  it('refuses a weak password that is not in the list', async () => {
    expect(await findPasswordProblem('aaaaaaaa1', 'someone@example.com')).toBe(TOO_GUESSABLE);
  });

  it.each([
    ['Priya.Nair-2024x', 'priya.nair@example.com'],
    ['xxPRIYA77yy', 'priya@example.com'],
  ])('refuses %s for %s (contains the email name, any case)', async (password, email) => {
    expect(await findPasswordProblem(password, email)).toBe(CONTAINS_EMAIL);
  });

  it('ignores email names shorter than 3 characters', async () => {
    expect(await findPasswordProblem('Jolly-lantern-harbour-7', 'jo@example.com')).toBeUndefined();
  });

  it('counts the names given as known words', async () => {
    expect(await findPasswordProblem('Venkataraman99', 'someone@example.com')).toBeUndefined();
    expect(await findPasswordProblem('Venkataraman99', 'someone@example.com', ['Anil', 'Venkataraman'])).toBe(
      TOO_GUESSABLE,
    );
  });

  it.each(['S3cure-pass', 'journey-pass-2024', 'Quiet-harbour-lantern-58', 'correct horse battery staple 9'])(
    'accepts %s',
    async (password) => {
      expect(await findPasswordProblem(password, 'someone@example.com')).toBeUndefined();
    },
  );
});
