import type { Readable } from 'node:stream';

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
};

/**
 * Object storage: local disk under DATA_DIR (embedded default) or any S3-compatible store.
 * Keys are opaque paths like `companies/{id}/documents/{uuid}.pdf`, never taken from a user.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
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
