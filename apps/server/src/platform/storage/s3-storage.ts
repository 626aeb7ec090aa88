import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config';
import { AppError } from '../http/app-error';
import {
  DEFAULT_DOWNLOAD_URL_SECONDS,
  DEFAULT_UPLOAD_URL_SECONDS,
  assertSha256,
  assertValidKey,
  formatContentDisposition,
  integrityError,
  resolveUrlLifetime,
  sha256OfStream,
  type DownloadUrlOptions,
  type ObjectInfo,
  type Storage,
  type UploadUrlOptions,
} from './storage';

export type S3StorageConfig = NonNullable<AppConfig['s3']>;

/** How many verified (key, ETag, SHA-256) triples are remembered, so a file is hashed once per version. */
const VERIFIED_CACHE_SIZE = 1000;

/**
 * Objects in one bucket of any S3-compatible store (AWS, MinIO, R2, Ceph...). Upload and
 * download links are SigV4 presigned URLs, so file bytes never pass through the API.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly log: FastifyBaseLogger;
  /** key -> `${ETag} ${sha256}` of the last version whose bytes matched. */
  private readonly verified = new Map<string, string>();

  constructor(config: S3StorageConfig, log: FastifyBaseLogger) {
    this.bucket = config.bucket;
    this.log = log;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // Without keys in the environment the SDK's default chain applies (instance role, profile...).
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // By default presigned PUTs carry the CRC32 of an empty body (so real uploads fail) and
      // several S3-compatible stores reject the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.send(() =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
      ),
    );
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await stat(filePath);
    await this.send(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      ),
    );
  }

  async get(key: string): Promise<Buffer> {
    assertValidKey(key);
    return this.send(async () => {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return Buffer.alloc(0);
      return Buffer.from(await out.Body.transformToByteArray());
    });
  }

  async getStream(key: string): Promise<Readable> {
    assertValidKey(key);
    const out = await this.send(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })),
    );
    if (out.Body instanceof Readable) return out.Body;
    if (!out.Body) return Readable.from([]);
    throw new AppError('SERVICE_UNAVAILABLE', { message: 'File storage answered an unexpected body type' });
  }

  async getHead(key: string, bytes: number): Promise<Buffer> {
    assertValidKey(key);
    if (bytes <= 0) return Buffer.alloc(0);
    return this.send(async () => {
      try {
        const out = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        if (!out.Body) return Buffer.alloc(0);
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        // A range on an empty object is "not satisfiable": its head is empty.
        if (statusOf(err) === 416) return Buffer.alloc(0);
        throw err;
      }
    });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const out = await this.send(() =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })),
      );
      return { size: out.ContentLength ?? 0, contentType: out.ContentType };
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.send(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  /**
   * A presigned PUT. The content type is a signed header: the uploader must send exactly
   * `Content-Type: <contentType>`. S3 cannot cap the size of a presigned PUT, so callers check
   * `head(key).size` (and sniff `getHead`) when the upload is confirmed.
   *
   * `If-None-Match: *` is a signed header too (S3 conditional write): the store refuses the PUT
   * (412) once an object exists under the key, so a link stores bytes once and a confirmed file
   * is never replaced through it. The uploader must send `If-None-Match: *`, and the bucket's CORS
   * rules must allow that header.
   */
  async createUploadUrl(key: string, options: UploadUrlOptions): Promise<string> {
    assertValidKey(key);
    const expiresIn = resolveUrlLifetime(options.expiresInSeconds, DEFAULT_UPLOAD_URL_SECONDS);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      IfNoneMatch: '*',
    });
    return this.send(() =>
      getSignedUrl(this.client, command, {
        expiresIn,
        signableHeaders: new Set(['content-type', 'if-none-match']),
      }),
    );
  }

  /**
   * A presigned GET. With `sha256`, the object is checked first (the bytes never pass through
   * the API afterwards): a version (ETag) is hashed once, then remembered; bytes that do not
   * match are refused (409) and logged at error level.
   */
  async createDownloadUrl(key: string, options: DownloadUrlOptions = {}): Promise<string> {
    assertValidKey(key);
    if (options.sha256 !== undefined) await this.verifyChecksum(key, options.sha256);
    const expiresIn = resolveUrlLifetime(options.expiresInSeconds, DEFAULT_DOWNLOAD_URL_SECONDS);
    const hasDisposition = options.fileName !== undefined || options.disposition !== undefined;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(hasDisposition
        ? {
            ResponseContentDisposition: formatContentDisposition(
              options.disposition ?? 'inline',
              options.fileName,
            ),
          }
        : {}),
    });
    return this.send(() => getSignedUrl(this.client, command, { expiresIn }));
  }

  /** Resolves true when the bucket answers HeadBucket; otherwise throws with the reason (shown by /api/health). */
  async isHealthy(): Promise<boolean> {
    try {
      await this.send(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        throw new AppError('SERVICE_UNAVAILABLE', { message: `Bucket ${this.bucket} not found`, cause: err });
      }
      throw err;
    }
  }

  // Every SDK failure becomes an AppError: services never see AWS error classes.
  private async verifyChecksum(key: string, sha256: string): Promise<void> {
    assertSha256(sha256);
    const head = await this.send(() =>
      this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })),
    );
    const version = `${head.ETag ?? ''} ${sha256}`;
    if (head.ETag && this.verified.get(key) === version) return;
    const actual = await sha256OfStream(await this.getStream(key));
    if (actual !== sha256) {
      this.verified.delete(key);
      this.log.error(
        { key, bucket: this.bucket, expected: sha256, actual },
        'storage: stored bytes do not match their SHA-256, download refused',
      );
      throw integrityError();
    }
    if (!head.ETag) return;
    this.verified.delete(key);
    this.verified.set(key, version);
    if (this.verified.size > VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
  }

  private async send<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const name = (err as { name?: unknown } | undefined)?.name;
      if (name === 'NoSuchKey' || (name === 'NotFound' && statusOf(err) === 404)) {
        throw new AppError('NOT_FOUND', { message: 'File not found', cause: err });
      }
      this.log.warn({ err, bucket: this.bucket }, 's3 request failed');
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: `File storage is unavailable (${typeof name === 'string' ? name : 'error'})`,
        cause: err,
      });
    }
  }
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}
