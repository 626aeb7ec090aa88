import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from './app-error';

/*
 * One file and a few text fields sent as multipart/form-data (the scope must have the multipart
 * parser): `template/create-from-excel`, `document-assets/` and the record imports read their
 * uploads with it.
 */

export type Upload = { bytes: Buffer; fileName: string | undefined; fields: Record<string, string> };

/**
 * The file in the multipart field `file` (at most `maxBytes`: 413 above) and the text fields
 * around it. Not multipart: 415; no file: 422 keyed `file`; a body that cannot be read: 400.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, what: string): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `Send the ${what} as multipart/form-data in the field "file"`,
    });
  }
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', { message: `The file is larger than ${maxBytes / 1024 / 1024} MB` });
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string | undefined } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      if (part.fieldname === 'file' && !file) file = { bytes, fileName: part.filename };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('BAD_REQUEST', { message: 'The upload could not be read', cause: err });
  }
  if (!file) throw validationError([{ key: 'file', message: `Attach the ${what}`, path: ['file'] }]);
  return { ...file, fields };
}
