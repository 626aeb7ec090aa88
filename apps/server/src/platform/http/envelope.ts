import type { TSuccess } from '@esigns/contracts/envelope';

/** Wraps a payload in the success envelope `{ success: true, data }`. */
export function ok<T>(data: T, message?: string): TSuccess<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/**
 * A route's `serializerCompiler` for answers built from typed rows by their module: plain
 * `JSON.stringify`, without checking a large page against its zod schema on the way out (the
 * schema still documents the answer in OpenAPI).
 */
export const plainJson =
  () =>
  (data: unknown): string =>
    JSON.stringify(data);
