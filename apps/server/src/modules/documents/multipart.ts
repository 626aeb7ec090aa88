import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../platform/http/app-error';

export type ReceivedFile = { field: string; name: string; contentType: string; data: Buffer };

/** Adds multipart parsing to a scope, unless an outer scope already did. */
export async function enableMultipart(scope: FastifyInstance): Promise<void> {
  if (scope.hasRequestDecorator('isMultipart')) return;
  await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
}

/**
 * The files of a multipart request (any field name, or only `field`), read into memory with
 * per-file and count limits: 415 for a request that is not multipart, 413 for a file too large,
 * 422 `{field}` when there is none.
 */
export async function readFiles(
  request: FastifyRequest,
  options: { field?: string; maxFiles: number; maxBytes: number },
): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the files as multipart/form-data' });
  }
  const files: ReceivedFile[] = [];
  for await (const part of request.files({
    limits: { fileSize: options.maxBytes, files: options.maxFiles },
  })) {
    if (options.field && part.fieldname !== options.field && part.fieldname !== `${options.field}[]`) {
      await part.toBuffer();
      continue;
    }
    files.push({
      field: part.fieldname,
      name: part.filename,
      contentType: part.mimetype,
      data: await part.toBuffer(),
    });
  }
  if (files.length === 0) {
    const key = options.field ?? 'files';
    throw validationError([{ key, message: 'Add a file', path: [key] }]);
  }
  return files;
}
