import { CONVERTIBLE_MIME_TYPES, MAX_DOCUMENT_FILE_BYTES } from '@esigns/contracts/files';
import { ApiError, errorFromResponse } from '../../../shared/api/api-error';

/** Extension -> the content type declared to the server (browsers report some of them oddly). */
const TYPE_BY_EXTENSION: Record<string, (typeof CONVERTIBLE_MIME_TYPES)[number]> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The `accept` attribute of the file choosers: extensions and types. */
export const DOCUMENT_FILE_ACCEPT = [
  ...Object.keys(TYPE_BY_EXTENSION).map((ext) => `.${ext}`),
  ...CONVERTIBLE_MIME_TYPES,
].join(',');

export const DOCUMENT_FILE_HINT = 'PDF, Word (DOCX, DOC), ODT, RTF, PNG or JPG, up to 50 MB each';

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The name without its extension: the default document name. */
export function baseNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

/** The content type to declare for `file`, or null when the service cannot convert it. */
export function documentContentType(file: Pick<File, 'name' | 'type'>): string | null {
  const byExtension = TYPE_BY_EXTENSION[extensionOf(file.name)];
  if (byExtension) return byExtension;
  if (file.type === 'text/rtf') return 'application/rtf';
  return (CONVERTIBLE_MIME_TYPES as readonly string[]).includes(file.type) ? file.type : null;
}

/** Why `file` cannot be uploaded, checked in the browser before any call; null when it can. */
export function checkDocumentFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!documentContentType(file))
    return 'This file type is not supported. Use PDF, DOCX, DOC, ODT, RTF, PNG or JPG.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_DOCUMENT_FILE_BYTES) return 'This file is larger than 50 MB.';
  return null;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function parseXhrBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * PUTs `file` to a presigned upload address with XMLHttpRequest (fetch reports no upload
 * progress), calling `onProgress` with 0..1. A refusal (413, 415, 403, 410...) rejects with the
 * `ApiError` of its body; a network failure or `signal` abort rejects with status 0.
 */
export async function putFileWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  // An upload address stores bytes once: S3 links sign If-None-Match (a conditional write).
  const headers = { 'Content-Type': contentType, 'If-None-Match': '*' };
  await sendWithProgress('PUT', url, file, { ...options, headers });
}

/**
 * Sends `body` with XMLHttpRequest, calling `onProgress` with 0..1 while it goes up, and answers
 * the parsed answer. A refusal rejects with the `ApiError` of its body (413 with a plain message);
 * a network failure or `signal` abort rejects with status 0.
 */
export function sendWithProgress(
  method: 'PUT' | 'POST',
  url: string,
  body: XMLHttpRequestBodyInit,
  {
    headers = {},
    onProgress,
    signal,
  }: { headers?: Record<string, string>; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const finish = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      finish();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(parseXhrBody(xhr));
        return;
      }
      const error = errorFromResponse(xhr.status, parseXhrBody(xhr));
      reject(
        xhr.status === 413
          ? new ApiError({ status: 413, message: 'This file is larger than the server accepts.' })
          : error,
      );
    };
    xhr.onerror = () => {
      finish();
      reject(
        new ApiError({
          status: 0,
          message: 'The upload was interrupted. Check your connection and try again.',
          error_code: 'NETWORK_ERROR',
        }),
      );
    };
    xhr.onabort = () => {
      finish();
      reject(new ApiError({ status: 0, message: 'The upload was cancelled.', error_code: 'ABORTED' }));
    };
    if (signal?.aborted) {
      reject(new ApiError({ status: 0, message: 'The upload was cancelled.', error_code: 'ABORTED' }));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}
