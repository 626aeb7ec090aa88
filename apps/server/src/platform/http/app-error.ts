import { statusForAppError, type AppErrorCode } from '@esigns/contracts/errors';
import type { TValidationDetail } from '@esigns/contracts/envelope';

type AppErrorOptions = {
  message?: string;
  /** The spec's named code, sent as `error_code` (e.g. EMAIL_NOT_VERIFIED). */
  errorCode?: string;
  /** The spec's named code, sent as `status_code` (e.g. INACTIVE_WORKSPACE). */
  statusCode?: string;
  details?: TValidationDetail[];
  /** Facts a client acts on, sent as `data` (e.g. a 402's limit, usage and the plan that lifts it). */
  data?: Record<string, unknown>;
  cause?: unknown;
};

/** The only error a service throws. Its code decides the HTTP status (contracts/errors). */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly statusCode: string | undefined;
  readonly details: TValidationDetail[] | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? defaultMessage(code), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = statusForAppError(code);
    this.errorCode = options.errorCode;
    this.statusCode = options.statusCode;
    this.details = options.details;
    this.data = options.data;
  }
}

/** 422 with one or more field errors in the spec's `errors.details` shape. */
export function validationError(details: TValidationDetail[], message = 'Validation failed'): AppError {
  return new AppError('VALIDATION_FAILED', { message, details });
}

/** 404 for an id that does not exist or belongs to another company (never tell which). */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', { message: `${what} not found` });
}

function defaultMessage(code: AppErrorCode): string {
  switch (code) {
    case 'BAD_REQUEST':
      return 'Bad request';
    case 'VALIDATION_FAILED':
      return 'Validation failed';
    case 'UNAUTHORIZED':
      return 'Authentication required';
    case 'PAYMENT_REQUIRED':
      return 'Your plan does not allow this: upgrade to go on';
    case 'FORBIDDEN':
      return 'You do not have permission to do this';
    case 'NOT_FOUND':
      return 'Not found';
    case 'ROUTE_NOT_FOUND':
      return 'Route not found';
    case 'CONFLICT':
      return 'Conflict';
    case 'GONE':
      return 'This link has expired';
    case 'PAYLOAD_TOO_LARGE':
      return 'Request body is too large';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'Unsupported media type';
    case 'TOO_MANY_REQUESTS':
      return 'Too many requests, try again later';
    case 'SERVICE_UNAVAILABLE':
      return 'Service unavailable';
    case 'INTERNAL_ERROR':
      return 'Something went wrong';
    default: {
      const exhaustive: never = code;
      return exhaustive;
    }
  }
}

/**
 * The value, or null when the lookup answered one of the given AppError codes (by default
 * NOT_FOUND). Anything else, a database outage above all, is thrown on: it must become a logged
 * 500, never "not found".
 */
export async function unlessAppError<T>(
  lookup: Promise<T>,
  codes: readonly AppErrorCode[] = ['NOT_FOUND'],
): Promise<T | null> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof AppError && codes.includes(err.code)) return null;
    throw err;
  }
}
