import { z } from 'zod';

/*
 * The general file uploads of spec 2 §7 "File upload" (`/upload/file-upload-s3`, `/VideoUpload`,
 * the base64 uploads, `/files-data`). Files are kept as they are (no conversion to PDF); the
 * answer is a file reference that no-code file values (`ZFileRef`) accept as it is.
 */

/** Largest file of `/upload/file-upload-s3` and `/VideoUpload` (the server's `UPLOAD_LIMIT_BYTES` may lower it). */
export const MAX_UPLOAD_FILE_BYTES = 50 * 1024 * 1024;
/** Files of one multipart upload call. */
export const MAX_UPLOAD_FILES = 10;
/** Largest decoded file of a base64 upload (they carry small things: photos, signatures, scans). */
export const MAX_BASE64_FILE_BYTES = 10 * 1024 * 1024;
/** Files of one `/base64MultiFileUpload` call, and their decoded total. */
export const MAX_BASE64_FILES = 10;
export const MAX_BASE64_TOTAL_BYTES = 20 * 1024 * 1024;
/** References one `/files-data` call resolves. */
export const MAX_FILES_DATA_REFS = 50;

/**
 * What the general uploads accept, by content: documents, spreadsheets, presentations, text and
 * images. Never HTML, SVG or scripts (they would run when opened from the API's origin), never
 * archives or executables.
 */
export const UPLOAD_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  'text/plain',
  'text/csv',
] as const;

/** What `/VideoUpload` accepts, by content. */
export const UPLOAD_VIDEO_TYPES = [
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-matroska',
  'video/3gpp',
] as const;

/** A stored upload. `url` is a short-lived signed download address (never stored). */
export const ZUploadedFile = z
  .object({
    file_ref_id: z.string(),
    name: z.string(),
    mime_type: z.string(),
    size: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    kind: z.enum(['FILE', 'VIDEO']),
    created_at: z.string(),
    url: z.string(),
    url_expires_at: z.string(),
  })
  .meta({ id: 'UploadedFile' });
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

/** One base64 file: a data URL (`data:<type>;base64,...`) or bare base64 with `content_type`. */
export const ZBase64File = z.object({
  file: z.string({ error: 'Required' }).min(1, 'Add a file'),
  file_name: z.string().trim().min(1).max(255).optional(),
  content_type: z.string().trim().min(3).max(255).optional(),
});
export type TBase64File = z.infer<typeof ZBase64File>;

export const ZFilesDataRequest = z.object({
  file_ref_ids: z
    .array(z.string().min(1).max(512))
    .min(1, 'Give at least one file reference')
    .max(MAX_FILES_DATA_REFS, `At most ${MAX_FILES_DATA_REFS} files per call`),
  disposition: z.enum(['inline', 'attachment']).default('inline'),
});
