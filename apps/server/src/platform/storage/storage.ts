import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../http/app-error';

export type ObjectInfo = { size: number; contentType: string | undefined };

export type UploadUrlOptions = {
  /** The type the uploader declared; the bytes must match it (sniffed on arrival). */
  contentType: string;
  maxBytes: number;
  expiresInSeconds?: number;
};

export type DownloadUrlOptions = {
  expiresInSeconds?: number;
  /** Offered file name; `attachment` makes browsers save instead of display. */
  fileName?: string;
  disposition?: 'inline' | 'attachment';
  /**
   * Hex SHA-256 the bytes must have (the one stored when the file was confirmed). The bytes are
   * checked before they are served: a mismatch is refused (409) and logged at error level.
   */
  sha256?: string;
};

/**
 * Object storage: local disk under DATA_DIR (embedded default) or any S3-compatible store.
 * Keys are opaque paths like `companies/{id}/documents/{uuid}.pdf`, never taken from a user.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `filePath` (a local file the server wrote), streamed: never whole in memory. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  getStream(key: string): Promise<Readable>;
  /** First bytes of an object (content sniffing after a direct upload). */
  getHead(key: string, bytes: number): Promise<Buffer>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  createUploadUrl(key: string, options: UploadUrlOptions): Promise<string>;
  createDownloadUrl(key: string, options?: DownloadUrlOptions): Promise<string>;
  isHealthy(): Promise<boolean>;
}

/** Lifetime of an upload link when the caller gives none. */
export const DEFAULT_UPLOAD_URL_SECONDS = 15 * 60;
/**
 * A browser upload's address: PUT `bytes` of `contentType` to `upload_url` before `expires_at`
 * (the default lifetime).
 */
export async function createUploadTicket(
  storage: Pick<Storage, 'createUploadUrl'>,
  key: string,
  file: { contentType: string; size: number },
): Promise<{ upload_url: string; expires_at: string }> {
  const uploadUrl = await storage.createUploadUrl(key, {
    contentType: file.contentType,
    maxBytes: file.size,
    expiresInSeconds: DEFAULT_UPLOAD_URL_SECONDS,
  });
  return {
    upload_url: uploadUrl,
    expires_at: new Date(Date.now() + DEFAULT_UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/** Lifetime of a download link when the caller gives none. */
export const DEFAULT_DOWNLOAD_URL_SECONDS = 60 * 60;
/** SigV4 presigning refuses more than 7 days; the local scheme keeps the same bound. */
export const MAX_URL_SECONDS = 7 * 24 * 60 * 60;
export const MAX_KEY_LENGTH = 512;
/** File systems cap a name at 255 bytes; the rest is room for the sidecar and temp suffixes. */
export const MAX_KEY_SEGMENT_LENGTH = 200;

const KEY_SEGMENT = /^[A-Za-z0-9_.-]+$/;

/**
 * Rejects keys that could escape the storage root or behave differently between backends:
 * only `A-Z a-z 0-9 / _ . -`, at most 512 characters and 200 between slashes, no leading,
 * trailing or doubled `/`, and no `.` or `..` segments.
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const isValid =
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    segments.every(
      (s) => KEY_SEGMENT.test(s) && s.length <= MAX_KEY_SEGMENT_LENGTH && s !== '.' && s !== '..',
    );
  if (!isValid) {
    throw new AppError('BAD_REQUEST', {
      message: `Invalid file key: use 1-${MAX_KEY_LENGTH} characters from A-Z a-z 0-9 / _ . -, with parts of at most ${MAX_KEY_SEGMENT_LENGTH} characters and no empty, "." or ".." parts`,
    });
  }
}

/** Validates a requested link lifetime and applies the default and the 7-day ceiling. */
export function resolveUrlLifetime(requested: number | undefined, fallback: number): number {
  if (requested === undefined) return fallback;
  if (!Number.isInteger(requested) || requested <= 0) {
    throw new AppError('BAD_REQUEST', { message: 'expiresInSeconds must be a positive whole number' });
  }
  return Math.min(requested, MAX_URL_SECONDS);
}

/**
 * `Content-Disposition` with an ASCII fallback and the exact name in RFC 5987 `filename*`, so
 * that accents and non-Latin names survive in every browser.
 */
export function formatContentDisposition(disposition: 'inline' | 'attachment', fileName?: string): string {
  if (fileName === undefined) return disposition;
  const clean = fileName
    // encodeURIComponent throws on lone surrogates.
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    // Header injection and path tricks in the saved name.
    .replace(/\p{Cc}/gu, '')
    .replace(/[/\\]/g, '_')
    .trim();
  if (clean === '') return disposition;
  // `%` is left out of the fallback because some browsers percent-decode it.
  const fallback = clean.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Hex SHA-256 of a stream, read to its end. */
export async function sha256OfStream(stream: AsyncIterable<Buffer | string>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/** Hex SHA-256 of an object, read as a stream (memory stays flat whatever the size). */
export async function sha256OfObject(storage: Pick<Storage, 'getStream'>, key: string): Promise<string> {
  return sha256OfStream(await storage.getStream(key));
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Refuses an expected checksum that is not 64 hex digits (a caller's bug, never user input). */
export function assertSha256(value: string): void {
  if (!SHA256_HEX.test(value)) throw new AppError('INTERNAL_ERROR', { message: 'Invalid SHA-256 checksum' });
}

/**
 * The answer to bytes that no longer match the checksum stored when they were confirmed: they
 * were changed behind the API's back (or corrupted) and are never served.
 */
export function integrityError(): AppError {
  return new AppError('CONFLICT', {
    message: 'This file was changed after it was stored and is not served; upload it again',
  });
}

/** The answer to a second PUT through an upload link: a link stores bytes once. */
export function uploadUsedError(): AppError {
  return new AppError('CONFLICT', {
    message: 'This upload link was already used: ask for a new one to upload another file',
  });
}
