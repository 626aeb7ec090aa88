import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { copyFile, link, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../http/app-error';
import {
  DEFAULT_DOWNLOAD_URL_SECONDS,
  DEFAULT_UPLOAD_URL_SECONDS,
  assertSha256,
  assertValidKey,
  resolveUrlLifetime,
  sha256OfStream,
  uploadUsedError,
  type DownloadUrlOptions,
  type ObjectInfo,
  type Storage,
  type UploadUrlOptions,
} from './storage';

/** Where the local backend serves its signed links (under the API prefix). */
export const LOCAL_STORAGE_PATH = '/api/storage/';

// Sidecar with the content type; keys may not end with it, so it never shadows an object.
const META_SUFFIX = '.meta.json';
const SIGNATURE_VERSION = 'esigns-storage-v1';
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;.*)?$/i;

export type LocalStorageOptions = {
  /** Folder that holds the objects: `${DATA_DIR}/files`. */
  root: string;
  /** Origin the signed links point at (PUBLIC_URL). */
  publicUrl: string;
  /** HMAC key of the signed links (STORAGE_SECRET). */
  secret: string;
};

export type UploadGrant = { key: string; expiresAt: number; contentType: string; maxBytes: number };
export type DownloadGrant = {
  key: string;
  expiresAt: number;
  fileName: string | undefined;
  disposition: 'inline' | 'attachment';
  /** The hex SHA-256 the bytes must have, when the link was made with one. */
  sha256: string | undefined;
};
export type OpenedObject = {
  stream: Readable;
  size: number;
  contentType: string | undefined;
  /** Hex SHA-256 of the bytes `stream` serves, when `open` was asked for it. */
  sha256?: string;
};

type SignedQuery = Record<string, unknown>;

/**
 * Objects as files under `${DATA_DIR}/files/<key>` with a `<file>.meta.json` sidecar for the
 * content type. Upload and download links point at this API (`/api/storage/<key>`) and carry
 * an HMAC-SHA256 over the operation, key, expiry and constraints, so that they work like S3
 * presigned URLs without any session.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly publicUrl: string;
  private readonly secret: string;

  constructor(options: LocalStorageOptions) {
    this.root = path.resolve(options.root);
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.secret = options.secret;
    mkdirSync(this.root, { recursive: true });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      // Sidecar first: once the object appears under its name, its type is known.
      await writeAtomically(file + META_SUFFIX, Buffer.from(JSON.stringify({ contentType })));
      await writeAtomically(file, body);
    } catch (err) {
      throw writeError(err);
    }
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file + META_SUFFIX, Buffer.from(JSON.stringify({ contentType })));
      // Copied by the kernel (no bytes through the heap) and fsynced before the rename.
      await replaceAtomically(file, async (temp) => {
        await copyFile(filePath, temp);
        const handle = await open(temp, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      });
    } catch (err) {
      throw writeError(err);
    }
  }

  /**
   * Stores an object only if there is none under `key` (the target of an upload link: a link
   * stores bytes once, and a stored file is never replaced through it). 409 when one exists.
   */
  async putNew(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    const temp = `${file}~${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      if (await this.head(key)) throw uploadUsedError();
      await writeAtomically(file + META_SUFFIX, Buffer.from(JSON.stringify({ contentType })));
      await writeAtomically(temp, body);
      // link() fails when the name exists, where rename() would replace it: of two racing
      // uploads, exactly one is stored.
      await link(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException | undefined)?.code === 'EEXIST' && (await this.head(key))) {
        throw uploadUsedError();
      }
      throw writeError(err);
    } finally {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }

  async get(key: string): Promise<Buffer> {
    const file = this.pathOf(key);
    try {
      return await readFile(file);
    } catch (err) {
      throw storageError(err);
    }
  }

  async getStream(key: string): Promise<Readable> {
    return (await this.open(key)).stream;
  }

  /**
   * A read stream with the size and type of the same file (the open descriptor pins it). With
   * `hash`, the file is first read through once for its SHA-256: the stream then serves exactly
   * the bytes that were hashed, whatever is written under the name meanwhile.
   */
  async open(key: string, options: { hash?: boolean } = {}): Promise<OpenedObject> {
    const file = this.pathOf(key);
    try {
      const handle = await open(file, 'r');
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new AppError('NOT_FOUND', { message: 'File not found' });
        const contentType = await this.readContentType(file);
        const sha256 = options.hash
          ? await sha256OfStream(handle.createReadStream({ start: 0, autoClose: false }))
          : undefined;
        const stream = handle.createReadStream({ start: 0 });
        return { stream, size: info.size, contentType, ...(sha256 ? { sha256 } : {}) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    } catch (err) {
      throw storageError(err);
    }
  }

  async getHead(key: string, bytes: number): Promise<Buffer> {
    const file = this.pathOf(key);
    if (bytes <= 0) return Buffer.alloc(0);
    try {
      const handle = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch (err) {
      throw storageError(err);
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { size: info.size, contentType: await this.readContentType(file) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw storageError(err);
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    } catch (err) {
      throw storageError(err);
    }
  }

  async createUploadUrl(key: string, options: UploadUrlOptions): Promise<string> {
    this.pathOf(key);
    const contentType = options.contentType.trim();
    if (!MEDIA_TYPE.test(contentType)) {
      throw new AppError('BAD_REQUEST', { message: `Invalid content type: ${contentType}` });
    }
    if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes <= 0) {
      throw new AppError('BAD_REQUEST', { message: 'maxBytes must be a positive whole number' });
    }
    const exp = String(
      nowSeconds() + resolveUrlLifetime(options.expiresInSeconds, DEFAULT_UPLOAD_URL_SECONDS),
    );
    const max = String(options.maxBytes);
    const sig = this.sign(['put', key, exp, contentType, max, '', '']);
    return this.urlFor(key, { op: 'put', exp, ct: contentType, max, sig });
  }

  async createDownloadUrl(key: string, options: DownloadUrlOptions = {}): Promise<string> {
    this.pathOf(key);
    const exp = String(
      nowSeconds() + resolveUrlLifetime(options.expiresInSeconds, DEFAULT_DOWNLOAD_URL_SECONDS),
    );
    const fn = options.fileName ?? '';
    const disp = options.disposition ?? '';
    const h = options.sha256 ?? '';
    if (h) assertSha256(h);
    const sig = this.sign(downloadFields(key, exp, fn, disp, h));
    return this.urlFor(key, {
      op: 'get',
      exp,
      ...(fn ? { fn } : {}),
      ...(disp ? { disp } : {}),
      ...(h ? { h } : {}),
      sig,
    });
  }

  /**
   * Checks an upload link: 400 for an invalid key, 403 when the signature does not cover
   * exactly these parameters, 410 once it has expired.
   */
  verifyUpload(key: string, query: SignedQuery): UploadGrant {
    this.pathOf(key);
    const exp = param(query, 'exp');
    const ct = param(query, 'ct');
    const max = param(query, 'max');
    this.verify(param(query, 'sig'), [param(query, 'op'), key, exp, ct, max, '', ''], 'put');
    return { key, expiresAt: this.checkExpiry(exp), contentType: ct, maxBytes: Number(max) };
  }

  /** Same checks as `verifyUpload`, for a download link. */
  verifyDownload(key: string, query: SignedQuery): DownloadGrant {
    this.pathOf(key);
    const exp = param(query, 'exp');
    const fn = param(query, 'fn');
    const disp = param(query, 'disp');
    const h = param(query, 'h');
    const fields = downloadFields(key, exp, fn, disp, h);
    fields[0] = param(query, 'op');
    this.verify(param(query, 'sig'), fields, 'get');
    return {
      key,
      expiresAt: this.checkExpiry(exp),
      fileName: fn === '' ? undefined : fn,
      disposition: disp === 'attachment' ? 'attachment' : 'inline',
      sha256: h === '' ? undefined : h,
    };
  }

  /** Resolves true when the folder is writable; otherwise throws with the reason (shown by /api/health). */
  async isHealthy(): Promise<boolean> {
    // `~` cannot occur in a key, so the probe never collides with an object.
    const probe = path.join(this.root, `.health~${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(this.root, { recursive: true });
      await writeAtomically(probe, Buffer.from('ok'));
      await rm(probe, { force: true });
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: `${this.root} is not writable (${code})`,
        cause: err,
      });
    }
  }

  private verify(signature: string, fields: string[], op: 'put' | 'get'): void {
    const expected = Buffer.from(this.sign(fields));
    const given = Buffer.from(signature);
    const isValid = fields[0] === op && given.length === expected.length && timingSafeEqual(given, expected);
    if (!isValid) throw new AppError('FORBIDDEN', { message: 'Invalid or expired link' });
  }

  private checkExpiry(exp: string): number {
    const expiresAt = Number(exp);
    if (!Number.isSafeInteger(expiresAt))
      throw new AppError('FORBIDDEN', { message: 'Invalid or expired link' });
    if (expiresAt <= nowSeconds()) throw new AppError('GONE', { message: 'This link has expired' });
    return expiresAt;
  }

  // JSON of the field list keeps the signed string unambiguous whatever a file name contains.
  private sign(fields: string[]): string {
    return createHmac('sha256', this.secret)
      .update(JSON.stringify([SIGNATURE_VERSION, ...fields]))
      .digest('base64url');
  }

  private urlFor(key: string, params: Record<string, string>): string {
    // Keys only hold URL-safe characters, so they go into the path as they are.
    const url = new URL(`${this.publicUrl}${LOCAL_STORAGE_PATH}${key}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    if (key.split('/').some((segment) => segment.endsWith(META_SUFFIX))) {
      throw new AppError('BAD_REQUEST', { message: `Invalid file key: "${META_SUFFIX}" is reserved` });
    }
    const file = path.join(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) {
      throw new AppError('BAD_REQUEST', { message: 'Invalid file key' });
    }
    return file;
  }

  private async readContentType(file: string): Promise<string | undefined> {
    try {
      const meta = JSON.parse(await readFile(file + META_SUFFIX, 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : undefined;
    } catch {
      // Written by hand or by an older version: served as application/octet-stream.
      return undefined;
    }
  }
}

/** Writes `body` atomically (`replaceAtomically`), fsynced. */
async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await replaceAtomically(file, async (temp) => {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

/**
 * Fills a temporary sibling of `file`, then renames it over `file`, so readers see the old or the
 * new file, never half. On failure the temporary file is removed and the fill's error is the one
 * thrown (a failed removal would only hide it).
 */
async function replaceAtomically(file: string, fill: (temp: string) => Promise<void>): Promise<void> {
  const temp = `${file}~${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fill(temp);
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** The signed fields of a download link; the checksum only when there is one, so older links stay valid. */
function downloadFields(key: string, exp: string, fn: string, disp: string, h: string): string[] {
  return ['get', key, exp, '', '', fn, disp, ...(h ? [h] : [])];
}

function param(query: SignedQuery, name: string): string {
  const value = query[name];
  return typeof value === 'string' ? value : '';
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function storageError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isMissing(err)) return new AppError('NOT_FOUND', { message: 'File not found' });
  return new AppError('SERVICE_UNAVAILABLE', { message: 'File storage is unavailable', cause: err });
}

// `a/b` cannot be written while `a` is a file, nor `a` while `a/b` exists: on disk a name is
// either a folder or a file.
function writeError(err: unknown): AppError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') {
    return new AppError('CONFLICT', {
      message: 'The file key clashes with an existing folder or file',
      cause: err,
    });
  }
  if (err instanceof AppError) return err;
  return new AppError('SERVICE_UNAVAILABLE', { message: 'File storage is unavailable', cause: err });
}
