import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { validationError } from '../http/app-error';

/** zxcvbn's score (0-4) a new password needs: 3 is "safely unguessable" (about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;
/** A local part this short ("jo@...") is too common a fragment to forbid. */
const MIN_LOCAL_PART = 3;
/** zxcvbn's warnings that mean the password (or one close to it) is in its common-passwords list. */
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon']);

export const TOO_COMMON = 'This password is too common';
export const TOO_GUESSABLE =
  'This password is too easy to guess: make it longer, or use a few unrelated words';
export const CONTAINS_EMAIL = 'The password must not contain your email name';

/** The estimator with the common dictionaries (~30k passwords, ~0.1 s to load): loaded once, on first use. */
let checker: Promise<ZxcvbnFactory> | undefined;
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    return new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  })();
  return checker;
}

/**
 * Why a new password for the account of `email` is refused, or undefined when it is fine: it
 * contains the email's local part (case-insensitive, local parts of 3+ characters), or zxcvbn
 * scores it below MIN_PASSWORD_SCORE (which includes every password of its common list).
 * `userInputs` (names, company) make passwords built from them score lower.
 */
export async function findPasswordProblem(
  password: string,
  email: string,
  userInputs: string[] = [],
): Promise<string | undefined> {
  const localPart = (email.split('@')[0] ?? '').toLowerCase();
  if (localPart.length >= MIN_LOCAL_PART && password.toLowerCase().includes(localPart)) return CONTAINS_EMAIL;
  const zxcvbn = await loadChecker();
  const result = zxcvbn.check(password, [email, localPart, ...userInputs.filter(Boolean)]);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  return result.feedback.warning && COMMON_WARNINGS.has(result.feedback.warning) ? TOO_COMMON : TOO_GUESSABLE;
}

/** 422 on the field `key` (`password`, `new_password`) when `findPasswordProblem` finds one. */
export async function assertAcceptablePassword(
  password: string,
  email: string,
  options: { key?: string; userInputs?: string[] } = {},
): Promise<void> {
  const problem = await findPasswordProblem(password, email, options.userInputs);
  if (!problem) return;
  const key = options.key ?? 'password';
  throw validationError([{ key, message: problem, path: [key] }], problem);
}
