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

/**
 * One place turns every thrown thing into the spec's error envelope: zod failures into 422
 * with `errors.details`, AppError into its status, Fastify's own 4xx (bad JSON, body too large,
 * wrong content type) into the same envelope, and anything else into a logged 500 that shows
 * the request id and nothing else.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaIndex?: string | undefined; notFoundPreHandler?: preHandlerAsyncHookHandler } = {},
): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const body = toErrorBody(error, request, reply);
    void reply.send(body);
  });

  app.setNotFoundHandler({ preHandler: options.notFoundPreHandler }, (request, reply) => {
    // Screens are client-side routes: any GET outside the API gets the app, which shows its
    // own not-found screen for unknown paths.
    if (
      options.spaIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url)
    ) {
      void reply.header('cache-control', 'no-cache').sendFile(options.spaIndex, { cacheControl: false });
      return;
    }
    void reply.status(404).send({
      success: false,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      error_code: 'ROUTE_NOT_FOUND',
    } satisfies TErrorBody);
  });
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
    };
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const prefix = error.validationContext === 'body' ? [] : [error.validationContext ?? ''];
    const details = error.validation.map((v): TValidationDetail => {
      const path = [...prefix.filter(Boolean), ...pathOf(v.instancePath, v.params)];
      return { key: keyOf(path), message: v.message ?? 'Invalid value', path };
    });
    reply.status(422);
    return { success: false, message: firstMessage(details), errors: { details } };
  }

  if (error instanceof ZodError) {
    const details = detailsFromZod(error);
    reply.status(422);
    return { success: false, message: firstMessage(details), errors: { details } };
  }

  if (isResponseSerializationError(error)) {
    return internal(error, request, reply);
  }

  const fe = error as Partial<FastifyError>;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    reply.status(fe.statusCode);
    return { success: false, message: clientMessage(fe), error_code: clientCode(fe) };
  }
  return internal(error, request, reply);
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

function firstMessage(details: TValidationDetail[]): string {
  const first = details[0];
  return first ? `${first.key}: ${first.message}` : 'Validation failed';
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
