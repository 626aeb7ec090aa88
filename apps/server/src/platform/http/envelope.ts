import type { TSuccess } from '@esigns/contracts/envelope';

/** Wraps a payload in the success envelope `{ success: true, data }`. */
export function ok<T>(data: T, message?: string): TSuccess<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}
