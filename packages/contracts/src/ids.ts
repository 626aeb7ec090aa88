import { z } from 'zod';

/**
 * Ids are UUIDs (API conventions). One pattern for all of them: any 8-4-4-4-12 hex string, the
 * set PostgreSQL's `uuid` type accepts, so a value that passes never fails in the database
 * (`invalid input syntax for type uuid` was a 500). Stricter RFC version checks (`z.uuid()`)
 * would turn away ids the database happily stores.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is an id the database can look up (any well-formed UUID). */
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * An id in a body, query or path: a well-formed UUID (zod's `guid` is exactly UUID_PATTERN and
 * documents itself as `format: uuid`), else 422 with `message`.
 */
export function ZId(message = 'Invalid id'): z.ZodGUID {
  return z.guid({ error: message });
}

/** The smallest and largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/**
 * A whole number that fits the `integer` column it is stored in: a larger one was a 500
 * (`value out of range for type integer`), now a 422 from validation.
 */
export function ZInt4(message = 'Use a whole number'): z.ZodNumber {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(INT4_MIN, { error: `Use a number from ${INT4_MIN} to ${INT4_MAX}` })
    .max(INT4_MAX, { error: `Use a number from ${INT4_MIN} to ${INT4_MAX}` });
}
