import type { FastifyRequest } from 'fastify';
import { validationError } from '../../platform/http/app-error';
import { readMultipart, type ReceivedFile } from '../../platform/http/file-upload';

export type { ReceivedFile };

/**
 * The files of a multipart request (any field name, or only `field`), read into memory by the
 * server's one multipart reader (its 415/413/400 answers), and 422 `{field}` when there is none.
 */
export async function readFiles(
  request: FastifyRequest,
  options: { field?: string; maxFiles: number; maxBytes: number },
): Promise<ReceivedFile[]> {
  const { files } = await readMultipart(request, { ...options, what: 'files' });
  if (files.length === 0) {
    const key = options.field ?? 'files';
    throw validationError([{ key, message: 'Add a file', path: [key] }]);
  }
  return files;
}
