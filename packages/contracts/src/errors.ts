/**
 * The closed set of error codes the API can answer with. Each maps to exactly one HTTP status
 * (see `appErrorStatus`). The spec's named codes (`ACCOUNT_NOT_VERIFIED`, `EMAIL_NOT_VERIFIED`,
 * `INACTIVE_WORKSPACE`, `SSO_USER_LOGOUT`, `HOLD_WORKSPACE`...) travel in `error_code` /
 * `status_code` beside these.
 */
export const APP_ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export const appErrorStatus: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/** Codes named by the spec, sent as `error_code` or `status_code` on 401/403 answers. */
export const SPEC_STATUS_CODES = [
  'ACCOUNT_NOT_VERIFIED',
  'EMAIL_NOT_VERIFIED',
  'INACTIVE_WORKSPACE',
  'SSO_USER_LOGOUT',
  'HOLD_WORKSPACE',
  'EXISTED_USER_LOGIN_SUCCESS',
  'NEW_USER',
] as const;

export type SpecStatusCode = (typeof SPEC_STATUS_CODES)[number];

export function statusForAppError(code: AppErrorCode): number {
  return appErrorStatus[code];
}
