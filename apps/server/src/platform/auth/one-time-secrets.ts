import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code for mails (verification, password reset, second factor). */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** An opaque token of 256 bits for links and refresh tokens. */
export function randomToken(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/**
 * Keyed hash of a code or token for storage: a database leak alone gives neither the codes nor
 * a way to test guesses offline.
 */
export function keyedHash(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
