import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import type { Platform } from '../platform';
import { LocalStorage, type DownloadGrant, type UploadGrant } from './local-storage';
import { assertContentMatches, canonicalMediaType } from './sniff';
import { formatContentDisposition, integrityError, uploadUsedError } from './storage';

const SCHEME = [
  'Links are made by the server (`storage.createUploadUrl` / `createDownloadUrl`) and are the only',
  'credential: no Authorization header. Each link carries `op` (put|get), `exp` (unix seconds) and',
  '`sig`, an HMAC-SHA256 (base64url, key STORAGE_SECRET) over the operation, the key, the expiry and',
  'the other parameters, so that changing any of them gives 403. An expired link gives 410.',
  'These routes exist only with local disk storage; with S3 the links are S3 presigned URLs.',
].join(' ');

const ZKeyParams = z.object({
  '*': z.string().describe('Object key, e.g. `companies/<id>/documents/<uuid>.pdf`'),
});

const ZUploadQuery = z.object({
  op: z.literal('put'),
  exp: z.string().describe('Expiry of the link, unix seconds'),
  ct: z.string().describe('Content-Type the upload must send (signed)'),
  max: z.string().describe('Largest accepted body in bytes (signed; capped by UPLOAD_LIMIT_BYTES)'),
  sig: z.string().describe('HMAC-SHA256 signature, base64url'),
});

const ZDownloadQuery = z.object({
  op: z.literal('get'),
  exp: z.string().describe('Expiry of the link, unix seconds'),
  fn: z.string().optional().describe('File name offered to the browser (signed)'),
  disp: z
    .enum(['inline', 'attachment'])
    .optional()
    .describe('Content-Disposition type (signed), default inline'),
  h: z.string().optional().describe('Hex SHA-256 the bytes must have (signed); checked before serving'),
  sig: z.string().describe('HMAC-SHA256 signature, base64url'),
});

const ZUploaded = z.object({
  key: z.string(),
  size: z.number().int().describe('Stored size in bytes'),
  content_type: z.string(),
});

/**
 * `PUT|GET /api/storage/*`: the targets of the local backend's signed links (the embedded
 * stand-in for S3 presigned URLs). Nothing is registered when storage is S3.
 */
export function registerStorageRoutes(api: FastifyInstance, platform: Platform): void {
  const storage = platform.storage;
  if (storage.kind !== 'local' || !(storage instanceof LocalStorage)) return;
  const uploadLimit = platform.config.uploadLimitBytes;
  const uploads = new WeakMap<FastifyRequest, UploadGrant>();
  const downloads = new WeakMap<FastifyRequest, DownloadGrant>();

  // Encapsulated so that the raw-body parser below applies to these routes only.
  void api.register(async (scope) => {
    // Uploads are stored byte for byte: no JSON or text parsing, whatever the type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const grant = uploads.get(request);
      if (!grant) {
        done(new AppError('FORBIDDEN', { message: 'Invalid or expired link' }), undefined);
        return;
      }
      readBody(payload, grant.maxBytes, done);
    });

    // A refused upload (bad link, wrong type, too large) is answered before its body is read:
    // closing the connection after the answer spares the client sending the rest for nothing.
    scope.addHook('onSend', async (request, reply) => {
      if (reply.statusCode >= 400 && !request.raw.complete) void reply.header('connection', 'close');
    });

    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.put(
      '/storage/*',
      {
        bodyLimit: uploadLimit,
        schema: {
          tags: ['storage'],
          summary: 'Upload a file through a signed upload link',
          description: [
            SCHEME,
            'The body is the raw file. The request `Content-Type` must equal the signed `ct`',
            '(parameters such as charset aside), else 415. A body over `max` bytes gives 413 and is',
            'not stored; an empty body gives 400. The bytes are sniffed: content that is not the',
            'declared type (a PNG sent as application/pdf) gives 415. A link stores bytes once: when',
            'a file is already stored under its key, a PUT gives 409 (before the body is read), so a',
            'stored or confirmed file can never be replaced through a link.',
          ].join(' '),
          params: ZKeyParams,
          querystring: ZUploadQuery,
          consumes: ['*/*'],
          body: z.unknown().describe('The raw file bytes, sent with the signed Content-Type'),
          response: {
            200: ZSuccess(ZUploaded),
            400: ZErrorBody,
            403: ZErrorBody,
            409: ZErrorBody,
            410: ZErrorBody,
            413: ZErrorBody,
            415: ZErrorBody,
          },
        },
        onRequest: async (request) => {
          const grant = storage.verifyUpload(keyOf(request.params), queryOf(request));
          const maxBytes = Math.min(grant.maxBytes, uploadLimit);
          const sent = request.headers['content-type'];
          if (sent === undefined || canonicalMediaType(sent) !== canonicalMediaType(grant.contentType)) {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
              message: `Content-Type must be ${grant.contentType}, the type this upload link was made for`,
            });
          }
          const encoding = request.headers['content-encoding'];
          if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Compressed uploads are not accepted' });
          }
          // Refuse a declared oversize body before reading any of it.
          if (Number(request.headers['content-length']) > maxBytes) throw tooLarge(maxBytes);
          // A used link: answered before the body is read (putNew checks again, atomically).
          if (await storage.head(grant.key)) throw uploadUsedError();
          uploads.set(request, { ...grant, maxBytes });
        },
      },
      async (request) => {
        const grant = uploads.get(request);
        if (!grant) throw new AppError('FORBIDDEN', { message: 'Invalid or expired link' });
        // No body at all (Content-Length: 0) skips the parser.
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await assertContentMatches(body, grant.contentType);
        await storage.putNew(grant.key, body, grant.contentType);
        return ok({ key: grant.key, size: body.length, content_type: grant.contentType });
      },
    );

    routes.get(
      '/storage/*',
      {
        schema: {
          tags: ['storage'],
          summary: 'Download a file through a signed download link',
          description: [
            SCHEME,
            'Answers the raw file with its stored Content-Type, Content-Length, `Content-Disposition`',
            '(`inline` or `attachment`, with the signed file name in RFC 5987 `filename*`),',
            '`X-Content-Type-Options: nosniff` and `Cache-Control: private, max-age=<seconds left on the link>`.',
            'A missing file gives 404 in the error envelope. A link made with the SHA-256 stored for the',
            'file (signed `h`) has the bytes hashed before they are sent: bytes that do not match are',
            'never served (409 in the error envelope, logged at error level).',
          ].join(' '),
          params: ZKeyParams,
          querystring: ZDownloadQuery,
          response: {
            200: z.unknown().describe('The file bytes, with the stored Content-Type'),
            400: ZErrorBody,
            403: ZErrorBody,
            404: ZErrorBody,
            409: ZErrorBody,
            410: ZErrorBody,
          },
        },
        onRequest: async (request) => {
          downloads.set(request, storage.verifyDownload(keyOf(request.params), queryOf(request)));
        },
      },
      async (request, reply) => {
        const grant = downloads.get(request);
        if (!grant) throw new AppError('FORBIDDEN', { message: 'Invalid or expired link' });
        const file = await storage.open(grant.key, { hash: grant.sha256 !== undefined });
        if (grant.sha256 !== undefined && file.sha256 !== grant.sha256) {
          file.stream.destroy();
          request.log.error(
            { key: grant.key, expected: grant.sha256, actual: file.sha256 },
            'storage: stored bytes do not match their SHA-256, download refused',
          );
          throw integrityError();
        }
        const secondsLeft = Math.max(0, grant.expiresAt - Math.floor(Date.now() / 1000));
        return reply
          .header('content-type', file.contentType ?? 'application/octet-stream')
          .header('content-length', file.size)
          .header('content-disposition', formatContentDisposition(grant.disposition, grant.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', `private, max-age=${secondsLeft}`)
          .send(file.stream);
      },
    );
  });
}

/**
 * Collects the body up to `limit` bytes. Past the limit it stops listening and answers 413
 * (Fastify then closes the connection instead of draining the rest of the upload).
 */
function readBody(
  payload: NodeJS.ReadableStream,
  limit: number,
  done: (err: Error | null, body?: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  let received = 0;
  let isFinished = false;
  const finish = (err: Error | null, body?: Buffer): void => {
    if (isFinished) return;
    isFinished = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    payload.removeListener('close', onClose);
    done(err, body);
  };
  const onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limit) {
      finish(tooLarge(limit));
      // Keep the socket flowing but drop the bytes, so the client can read the 413.
      payload.resume();
      return;
    }
    chunks.push(bytes);
  };
  const onEnd = (): void => finish(null, Buffer.concat(chunks, received));
  const onError = (err: Error): void =>
    finish(new AppError('BAD_REQUEST', { message: 'The upload was interrupted', cause: err }));
  const onClose = (): void => finish(new AppError('BAD_REQUEST', { message: 'The upload was interrupted' }));
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.on('close', onClose);
}

function tooLarge(limit: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    message: `The file is larger than the ${describeBytes(limit)} allowed`,
  });
}

function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function keyOf(params: unknown): string {
  const key = (params as Record<string, unknown> | undefined)?.['*'];
  return typeof key === 'string' ? key : '';
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}
