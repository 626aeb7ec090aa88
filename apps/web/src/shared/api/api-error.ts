import type { TErrorBody, TValidationDetail } from '@esigns/contracts/envelope';

/** Field key -> first message for that key (spec 1 §5: the first message per key is shown). */
export type FieldErrors = Record<string, string>;

/** Status 0 is used for failures without an HTTP answer (network down, time-out, abort). */
export type ApiErrorInit = {
  status: number;
  message: string;
  fieldErrors?: FieldErrors;
  error_code?: string;
  status_code?: string;
  request_id?: string;
  body?: unknown;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly error_code: string | undefined;
  readonly status_code: string | undefined;
  readonly request_id: string | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.error_code = init.error_code;
    this.status_code = init.status_code;
    this.request_id = init.request_id;
    this.body = init.body;
  }

  /** The one message shown for non-validation failures (the spec's `critical_error`). */
  get critical_error(): string | undefined {
    return this.status === 422 ? undefined : this.message;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }

  /** True when either code field carries `code` (the spec checks both). */
  hasCode(code: string): boolean {
    return this.error_code === code || this.status_code === code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Maps 422 details to the first message per key. */
export function toFieldErrors(details: ReadonlyArray<Partial<TValidationDetail>> | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const detail of details ?? []) {
    const key = detail.key ?? (Array.isArray(detail.path) ? detail.path.join('.') : undefined);
    if (!key || typeof detail.message !== 'string' || key in result) continue;
    result[key] = detail.message;
  }
  return result;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  0: 'Could not reach the server. Check your connection and try again.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  422: 'Please correct the highlighted fields.',
  502: 'The server is not available right now. Please try again in a moment.',
  503: 'The server is not available right now. Please try again in a moment.',
  504: 'The server took too long to answer. Please try again.',
};

/** Builds the typed error for a failed answer from its status and (possibly partial) body. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const errorBody = (typeof body === 'object' && body !== null ? body : {}) as Partial<TErrorBody>;
  const message =
    typeof errorBody.message === 'string' && errorBody.message.trim()
      ? errorBody.message
      : (FALLBACK_MESSAGES[status] ?? 'Something went wrong');
  return new ApiError({
    status,
    message,
    fieldErrors: status === 422 ? toFieldErrors(errorBody.errors?.details) : {},
    error_code: typeof errorBody.error_code === 'string' ? errorBody.error_code : undefined,
    status_code: typeof errorBody.status_code === 'string' ? errorBody.status_code : undefined,
    request_id: typeof errorBody.request_id === 'string' ? errorBody.request_id : undefined,
    body,
  });
}

/** The typed error of a failed `fetch` answered outside the API client (file downloads): JSON or not. */
export async function errorFromFetchResponse(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status decides the message.
  }
  return errorFromResponse(response.status, body);
}
