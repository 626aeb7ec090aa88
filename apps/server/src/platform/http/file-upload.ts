import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationError } from './app-error';
import { badTextReason } from './input-guard';

/*
 * The one multipart reader of the server: every upload route (documents, attachments, logos,
 * videos, record documents, imports, the document service's conversions) reads its parts here,
 * so a body without a boundary, a truncated or malformed body, an empty body, a file over the
 * limit or too many files answer the same 4xx envelope everywhere instead of a 500 from the
 * parser's plain errors. Text fields are checked like JSON strings (no NUL, no lone surrogate).
 */

export type MultipartLimits = {
  fileSize?: number;
  files?: number;
  fields?: number;
  fieldSize?: number;
  parts?: number;
};

/** Adds multipart parsing to a scope (unless an outer scope already did); size limits throw. */
export async function enableMultipart(scope: FastifyInstance, limits: MultipartLimits = {}): Promise<void> {
  if (scope.hasContentTypeParser('multipart/form-data')) return;
  await scope.register(fastifyMultipart, { throwFileSizeLimit: true, limits });
}

export type ReceivedFile = { field: string; name: string; contentType: string; data: Buffer };

type ReadOptions = {
  /** The largest file accepted (413 above). */
  maxBytes: number;
  /** The most files accepted (422 keyed `files` above). */
  maxFiles?: number;
  /** Only files of this field (or `field[]`) are kept; others are read and dropped. */
  field?: string;
  /** What the route expects, for messages ("spreadsheet", "file"). */
  what?: string;
  /**
   * Takes each kept file part instead of buffering it (e.g. to stream it to disk); must consume
   * `part.file`.
   */
  onFile?: (part: MultipartFile) => Promise<void>;
};

/**
 * The text fields and files of a multipart request. Not multipart: 415; no boundary, malformed
 * or truncated: 400; a file over `maxBytes`: 413; too many files: 422 `files`; too many parts or
 * fields: 413; a field holding a NUL or a lone surrogate: 422 keyed by its name. An empty body
 * reads as no fields and no files (the caller says which file is missing).
 */
export async function readMultipart(
  request: FastifyRequest,
  options: ReadOptions,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const what = options.what ?? 'file';
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `Send the ${what} as multipart/form-data${options.field ? ` in the field "${options.field}"` : ''}`,
    });
  }
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const wanted = (name: string) => !options.field || name === options.field || name === `${options.field}[]`;
  try {
    const limits = { fileSize: options.maxBytes, ...(options.maxFiles ? { files: options.maxFiles } : {}) };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        const reason = badTextReason(part.value) ?? badTextReason(part.fieldname);
        if (reason) {
          const detail = { key: part.fieldname, message: reason, path: [part.fieldname] };
          throw validationError([detail], `${part.fieldname}: ${reason}`);
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (!wanted(part.fieldname)) {
        part.file.resume();
        continue;
      }
      if (options.onFile) {
        await options.onFile(part);
      } else {
        const data = await part.toBuffer();
        files.push({ field: part.fieldname, name: part.filename, contentType: part.mimetype, data });
      }
      if (part.file.truncated) throw tooLarge(options.maxBytes);
    }
  } catch (err) {
    throw uploadError(err, options);
  }
  return { fields, files };
}

export type Upload = { bytes: Buffer; fileName: string | undefined; fields: Record<string, string> };

/**
 * The file in the multipart field `file` (at most `maxBytes`: 413 above) and the text fields
 * around it; no file: 422 keyed `file`. (`template/create-from-excel`, `document-assets/` and
 * the record imports.)
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, what: string): Promise<Upload> {
  const { fields, files } = await readMultipart(request, { maxBytes, field: 'file', what });
  const [file] = files;
  if (!file) throw validationError([{ key: 'file', message: `Attach the ${what}`, path: ['file'] }]);
  return { bytes: file.data, fileName: file.name, fields };
}

function tooLarge(maxBytes: number, name?: string): AppError {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError('PAYLOAD_TOO_LARGE', { message: `${name ?? 'The file'} is larger than ${mb} MB` });
}

/** The 4xx AppError for what went wrong reading the parts; a disk error stays the server's. */
function uploadError(err: unknown, options: ReadOptions): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: unknown; syscall?: unknown; part?: { filename?: string } };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(options.maxBytes, e.part?.filename);
    case 'FST_FILES_LIMIT': {
      const message = `At most ${options.maxFiles ?? 1} files at once`;
      return validationError([{ key: 'files', message, path: ['files'] }], message);
    }
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', { message: 'The upload has too many parts' });
    default:
      // A file written to disk by `onFile` may fail for the server's own reasons.
      if (e.syscall) return err;
      return new AppError('BAD_REQUEST', {
        message: 'The upload could not be read: send multipart/form-data with its boundary',
        cause: err,
      });
  }
}
