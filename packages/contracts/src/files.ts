import { z } from 'zod';

/**
 * Limits of the document service (issue 4 "Bad input"): anything beyond them is refused with a
 * 4xx before any work is done.
 */
export const MAX_DOCUMENT_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_DOCUMENT_PAGES = 500;
/** Files one conversion or merge call accepts. */
export const MAX_FILES_PER_CALL = 20;

/** What the document service accepts: PDF, word-processor files (through LibreOffice), images. */
export const CONVERTIBLE_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'image/png',
  'image/jpeg',
] as const;
export const CONVERTIBLE_EXTENSIONS = [
  '.pdf',
  '.docx',
  '.doc',
  '.odt',
  '.rtf',
  '.png',
  '.jpg',
  '.jpeg',
] as const;

/** One page of a PDF, in PDF points, as rendered (rotation applied). */
export const ZPageSize = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
});
export type TPageSize = z.infer<typeof ZPageSize>;

/**
 * A PDF held in storage, as the document service reports it (`fileInfos[]`). `file_ref_id` is the
 * storage key; it always starts with `companies/{company_id}/`, so the API can tell that a
 * reference given by a client belongs to the caller's company.
 */
export const ZFileInfo = z.object({
  file_ref_id: z.string().min(1),
  /** Name shown to people: the uploaded file's name with `.pdf`. */
  name: z.string(),
  /** The name the file was uploaded with, before conversion. */
  original_name: z.string(),
  mime_type: z.literal('application/pdf'),
  size: z.number().int().nonnegative(),
  page_count: z.number().int().positive(),
  pages: z.array(ZPageSize),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** A short-lived signed download address (never stored). */
  url: z.string().optional(),
});
export type TFileInfo = z.infer<typeof ZFileInfo>;

/** Every document-service reply: `data.fileInfos`, the first element being "the" file. */
export const ZFileInfosReply = z.object({
  fileInfos: z.array(ZFileInfo),
  /** Set by `edit` when pages carrying fields were deleted. */
  all_document_fields_removed: z.boolean().optional(),
});
export type TFileInfosReply = z.infer<typeof ZFileInfosReply>;

/** Page edits of `edit`: applied in order. Pages are 1-based. */
export const ZPageEdit = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('rotate'),
    page: z.number().int().positive(),
    degrees: z.union([z.literal(90), z.literal(180), z.literal(270), z.literal(-90)]),
  }),
  z.object({ op: z.literal('delete'), page: z.number().int().positive() }),
  /** `order` lists every page once, 1-based, in the new order. */
  z.object({ op: z.literal('reorder'), order: z.array(z.number().int().positive()).min(1) }),
]);
export type TPageEdit = z.infer<typeof ZPageEdit>;

export const ZFontInfo = z.object({ family: z.string(), label: z.string(), scripts: z.array(z.string()) });
export type TFontInfo = z.infer<typeof ZFontInfo>;
