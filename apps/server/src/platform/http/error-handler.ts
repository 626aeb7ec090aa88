import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { TErrorBody, TValidationDetail } from '@esigns/contracts/envelope';
import { AppError } from './app-error';
import { registerInputGuard } from './input-guard';
import { securityHeadersFor } from './security-headers';
import { encodePage } from './spa-shell';
import { validationSummary } from './validation-summary';

/**
 * One place turns every thrown thing into the spec's error envelope: zod failures into 422
 * with `errors.details`, AppError into its status, Fastify's own 4xx (bad JSON, body too large,
 * wrong content type) into the same envelope, and anything else into a logged 500 that shows
 * the request id and nothing else. Bad input never reaches that 500: text PostgreSQL cannot
 * store is turned away before validation (input-guard.ts), and what still gets through (a
 * value the database refuses, SQLSTATE class 22; a multipart body the parser cannot read) is a
 * 4xx logged at warn. The router's own answers (a path parameter over maxParamLength, a URL
 * that is not valid UTF-8) use the envelope too: pass `frameworkErrors` to Fastify.
 */
/**
 * The page for a screen's address, or null for index.html as built. `personal`: drawn from one
 * person's data for this request (sent with `no-store`, compressed without being kept).
 */
export type SpaPage = (request: FastifyRequest) => Promise<{ html: string; personal: boolean } | null>;

export function registerErrorHandling(
  app: FastifyInstance,
  options: {
    spaIndex?: string | undefined;
    /** The page for a screen's address (spa-shell.ts, drawn-pages.ts); null: index.html as built. */
    spaPage?: SpaPage;
    notFoundPreHandler?: preHandlerAsyncHookHandler;
  } = {},
): void {
  registerInputGuard(app);

  app.setErrorHandler((error: unknown, request, reply) => {
    const body = toErrorBody(error, request, reply);
    void reply.send(body);
  });

  app.setNotFoundHandler({ preHandler: options.notFoundPreHandler }, async (request, reply) => {
    // Screens are client-side routes: any GET outside the API gets the app, which shows its
    // own not-found screen for unknown paths.
    if (
      options.spaIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url)
    ) {
      void reply.header('cache-control', 'no-cache');
      const page = await options.spaPage?.(request);
      if (page) {
        const { body, encoding } = encodePage(page.html, request.headers['accept-encoding'], {
          once: page.personal,
        });
        // A page drawn from one person's record is theirs: no cache keeps it, nor the back button's.
        if (page.personal) void reply.header('cache-control', 'no-store');
        void reply.header('vary', 'accept-encoding');
        if (encoding) void reply.header('content-encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(body);
      }
      return reply.sendFile(options.spaIndex, { cacheControl: false });
    }
    return reply.status(404).send({
      success: false,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      error_code: 'ROUTE_NOT_FOUND',
    } satisfies TErrorBody);
  });
}

/**
 * Fastify's `frameworkErrors` option: the router's answers for a URL it cannot route
 * (FST_ERR_BAD_URL: not valid UTF-8 after percent-decoding; FST_ERR_MAX_PARAM_LENGTH: a path
 * parameter over maxParamLength) in the envelope instead of Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.warn({ code: error.code, url: request.url.slice(0, 200) }, 'unroutable URL');
  // The router answers before any hook runs: the headers every other answer gets are set here.
  void reply.headers(securityHeadersFor(request.url));
  const body: TErrorBody =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { success: false, message: 'A part of the URL is too long', error_code: 'URI_TOO_LONG' }
      : { success: false, message: 'The URL is not valid (bad percent-encoding)', error_code: 'BAD_REQUEST' };
  void reply.status(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400).send(body);
}

function isApiPath(url: string): boolean {
  return /^\/(api|rest|socket\.io)(\/|\?|$)/.test(url);
}

function toErrorBody(error: unknown, request: FastifyRequest, reply: FastifyReply): TErrorBody {
  if (error instanceof AppError) {
    reply.status(error.status);
    if (error.cause) request.log.warn({ err: error.cause, code: error.code }, error.message);
    return {
      success: false,
      message: error.message,
      ...(error.errorCode ? { error_code: error.errorCode } : {}),
      ...(error.statusCode ? { status_code: error.statusCode } : {}),
      ...(error.details ? { errors: { details: error.details } } : {}),
      ...(error.data ? { data: error.data } : {}),
    };
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const prefix = error.validationContext === 'body' ? [] : [error.validationContext ?? ''];
    const details = error.validation.map((v): TValidationDetail => {
      const path = [...prefix.filter(Boolean), ...pathOf(v.instancePath, v.params)];
      return { key: keyOf(path), message: v.message ?? 'Invalid value', path };
    });
    reply.status(422);
    return { success: false, message: validationSummary(details, request.body), errors: { details } };
  }

  if (error instanceof ZodError) {
    const details = detailsFromZod(error);
    reply.status(422);
    return { success: false, message: validationSummary(details, request.body), errors: { details } };
  }

  if (isResponseSerializationError(error)) {
    return internal(error, request, reply);
  }

  const refused = databaseRefusal(error);
  if (refused) {
    request.log.warn({ err: error, sqlState: refused.sqlState }, 'database refused a value of the request');
    reply.status(refused.status);
    return { success: false, message: refused.message, error_code: refused.errorCode };
  }

  // Drizzle refuses an UPDATE without columns: a PATCH whose body gave nothing to change.
  if (error instanceof Error && error.message === 'No values to set') {
    request.log.warn({ err: error }, 'update with nothing to set');
    reply.status(422);
    const details: TValidationDetail[] = [
      { key: 'body', message: 'Give at least one field to change', path: [] },
    ];
    return { success: false, message: 'Give at least one field to change', errors: { details } };
  }

  if (isMultipartParseError(error)) {
    request.log.warn({ err: error }, 'unreadable multipart body');
    reply.status(400);
    return {
      success: false,
      message: `The upload could not be read: ${error.message}`,
      error_code: 'BAD_REQUEST',
    };
  }

  const fe = error as Partial<FastifyError>;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    reply.status(fe.statusCode);
    return { success: false, message: clientMessage(fe), error_code: clientCode(fe) };
  }
  return internal(error, request, reply);
}

type Refusal = { sqlState: string; status: number; message: string; errorCode: string };

/**
 * A PostgreSQL error caused by a value of the request rather than by the server: SQLSTATE
 * class 22 (data exception: bad text representation of a uuid or number, value out of range,
 * string too long, bad characters...), 54001 (a value nested too deep for jsonb) and 23505 (a
 * unique value taken meanwhile). Drizzle wraps the driver's error: the SQLSTATE is on a cause.
 */
function databaseRefusal(error: unknown): Refusal | undefined {
  const sqlState = sqlStateOf(error);
  if (!sqlState) return undefined;
  if (sqlState === '23505') {
    return { sqlState, status: 409, message: 'This value is already in use', errorCode: 'CONFLICT' };
  }
  if (sqlState === '54001') {
    return { sqlState, status: 400, message: 'The request is nested too deeply', errorCode: 'BAD_REQUEST' };
  }
  if (!sqlState.startsWith('22')) return undefined;
  const message =
    sqlState === '22001'
      ? 'A value of the request is too long'
      : sqlState === '22003' || sqlState === '22008'
        ? 'A number or date of the request is out of range'
        : sqlState === '22P02'
          ? 'A value of the request has the wrong format (an id must be a UUID)'
          : 'A value of the request cannot be stored';
  return { sqlState, status: 400, message, errorCode: 'BAD_REQUEST' };
}

function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    // SQLSTATEs are five characters; the classes handled here start with digits, unlike
    // Node's own codes (EPIPE...).
    if (typeof code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * busboy's errors for a multipart body it cannot read (no boundary, truncated, malformed part
 * headers) are plain Errors; a route reading its parts without the shared reader lets them out.
 */
function isMultipartParseError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  return (
    error.message.startsWith('Multipart: ') ||
    /unexpected end of (multipart data|form|file)|malformed part header/i.test(error.message)
  );
}

function internal(error: unknown, request: FastifyRequest, reply: FastifyReply): TErrorBody {
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  reply.status(500);
  return {
    success: false,
    message: `Something went wrong. Quote request id ${request.id} if you contact support.`,
    error_code: 'INTERNAL_ERROR',
    request_id: request.id,
  };
}

export function detailsFromZod(error: ZodError, prefix: (string | number)[] = []): TValidationDetail[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    return { key: keyOf(path), message: issue.message, path };
  });
}

function pathOf(instancePath: string | undefined, params: unknown): (string | number)[] {
  const parts = (instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const issue = (params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue;
  if (parts.length === 0 && issue?.path) {
    return issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  }
  return parts;
}

function keyOf(path: (string | number)[]): string {
  return path.length === 0 ? 'body' : path.join('.');
}

function clientMessage(fe: Partial<FastifyError>): string {
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Body cannot be empty when content-type is application/json';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
      return fe.message && fe.statusCode === 400
        ? `Malformed request: ${fe.message}`
        : (fe.message ?? 'Bad request');
    default:
      return fe.message ?? 'Bad request';
  }
}

function clientCode(fe: Partial<FastifyError>): string {
  switch (fe.statusCode) {
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 404:
      return 'NOT_FOUND';
    default:
      return 'BAD_REQUEST';
  }
}
