import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/**
 * S3 when `S3_BUCKET` is set (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), else files under `${DATA_DIR}/files` with
 * HMAC-signed links served by this API.
 */
export function createStorage(config: AppConfig, log: FastifyBaseLogger): Storage {
  if (config.s3) {
    log.info({ bucket: config.s3.bucket, endpoint: config.s3.endpoint ?? 'aws' }, 'storage: S3');
    return new S3Storage(config.s3, log);
  }
  const root = path.join(config.dataDir, 'files');
  log.info({ root }, 'storage: local disk');
  return new LocalStorage({ root, publicUrl: config.publicUrl, secret: config.secrets.storageSecret });
}
