import os from 'node:os';
import { z } from 'zod';
import { MAX_DOCUMENT_FILE_BYTES, MAX_DOCUMENT_PAGES, MAX_FILES_PER_CALL } from '@esigns/contracts/files';
import { ConfigError } from '../../platform/config/config';

/** What the document service refuses (each beyond-limit input gets a 4xx before any work). */
export type ConversionLimits = {
  /** Largest input file (413 above). */
  maxFileBytes: number;
  /** Most pages of any resulting PDF (422 above). */
  maxPages: number;
  /** Most files in one convertFiles or mergeFiles call. */
  maxFilesPerCall: number;
  /** Largest sum of the inputs of one merge (413 above). */
  maxMergeBytes: number;
  /** Zip-based inputs (DOCX, ODT): checked from the central directory and while inflating. */
  zip: {
    maxEntries: number;
    maxUncompressedBytes: number;
    /** An entry larger than `ratioFloorBytes` may be at most this many times its compressed size. */
    maxRatio: number;
    ratioFloorBytes: number;
  };
  /** A PNG is decoded to raw pixels: more than this many is refused. */
  maxPngPixels: number;
  /** A JPEG is embedded as it is, but a huge one is still refused. */
  maxJpegPixels: number;
};

export const DEFAULT_LIMITS: ConversionLimits = {
  maxFileBytes: MAX_DOCUMENT_FILE_BYTES,
  maxPages: MAX_DOCUMENT_PAGES,
  maxFilesPerCall: MAX_FILES_PER_CALL,
  maxMergeBytes: 4 * MAX_DOCUMENT_FILE_BYTES,
  zip: {
    maxEntries: 10_000,
    maxUncompressedBytes: 200 * 1024 * 1024,
    maxRatio: 100,
    ratioFloorBytes: 10 * 1024 * 1024,
  },
  maxPngPixels: 40_000_000,
  maxJpegPixels: 100_000_000,
};

/** How LibreOffice runs. */
export type LibreOfficeSettings = {
  /** The `soffice` executable (a name looked up in PATH, or a path). */
  sofficePath: string;
  /** Conversions running at once; each has its own LibreOffice profile. */
  concurrency: number;
  /** A conversion running longer is killed (its whole process group). */
  timeoutMs: number;
  /** Conversions waiting for a slot; more get 503. */
  queueLimit: number;
  /** Where profiles and per-conversion temporary folders are made. */
  workDir: string;
};

export type ConversionSettings = {
  limits: ConversionLimits;
  libreOffice: LibreOfficeSettings;
  /** Port of the separate converter process (`converter.ts`). */
  port: number;
};

const ZEnv = z.object({
  SOFFICE_PATH: z.string().trim().min(1).default('soffice'),
  CONVERTER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  CONVERTER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  CONVERTER_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(200),
  CONVERTER_WORK_DIR: z.string().trim().min(1).optional(),
  CONVERTER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
});

/**
 * The document service's settings from the environment (`SOFFICE_PATH`, `CONVERTER_CONCURRENCY`
 * (default: the CPU count), `CONVERTER_TIMEOUT_SECONDS` (120), `CONVERTER_QUEUE_LIMIT` (200),
 * `CONVERTER_WORK_DIR` (the system temp folder), `CONVERTER_PORT` (3001)). A bad value throws
 * `ConfigError`, which stops the process with a clear message like the rest of the config.
 */
export function loadConversionSettings(env: NodeJS.ProcessEnv = process.env): ConversionSettings {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    limits: DEFAULT_LIMITS,
    libreOffice: {
      sofficePath: e.SOFFICE_PATH,
      concurrency: e.CONVERTER_CONCURRENCY ?? Math.max(1, os.availableParallelism()),
      timeoutMs: e.CONVERTER_TIMEOUT_SECONDS * 1000,
      queueLimit: e.CONVERTER_QUEUE_LIMIT,
      workDir: e.CONVERTER_WORK_DIR ?? os.tmpdir(),
    },
    port: e.CONVERTER_PORT,
  };
}
