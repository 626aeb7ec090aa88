import { z } from 'zod';
import { ZPaged } from './envelope';
import { UPLOAD_FILE_TYPES, UPLOAD_VIDEO_TYPES } from './uploads';
import type { TFormFieldOf } from './nocode-fields';
import { ZFileRef } from './nocode-value-coercion';
import { isAllowedFileType } from './nocode-value-media';

/*
 * What records carry besides their template values (spec 3 §7): files of FILE and IMAGE fields
 * uploaded straight to storage (`templates-data/file-upload-url`, `-status`, `file-download-url`),
 * entries of repeatable templates (line items, `templates-data/repeatable-template`), and
 * documents attached to a record (`entities/uploadDocuments`, `entities/getDocuments`).
 */

// ---------------------------------------------------------------------------------------------
// Files of FILE and IMAGE fields

/** Types a record file may have (checked by content when it arrives), whatever the field allows. */
export const RECORD_FILE_TYPES = [...UPLOAD_FILE_TYPES, ...UPLOAD_VIDEO_TYPES, 'application/zip'] as const;

/** Types that are never kept: they would run as pages or scripts when opened. */
const REFUSED_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/javascript|application\/(x-)?javascript)$/;

/** Extension -> the type declared to storage when the browser reports none (or a vague one). */
const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  '3gp': 'video/3gpp',
  zip: 'application/zip',
};

const extensionOf = (name: string): string => /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The type a file name's extension stands for (`plan.PDF` -> application/pdf), if a known one. */
export const fileTypeOfName = (name: string): string | undefined => TYPE_BY_EXTENSION[extensionOf(name)];

/**
 * The type to declare for a chosen file: the one its extension names (browsers disagree, e.g.
 * CSV as an Excel type on Windows), else the browser's when it is one we keep, else
 * `application/octet-stream` (the content decides when it arrives).
 */
export function recordFileType(file: { name: string; type: string }): string {
  const named = fileTypeOfName(file.name);
  if (named) return named;
  const browser = file.type.split(';')[0]!.trim().toLowerCase();
  return (RECORD_FILE_TYPES as readonly string[]).includes(browser) ? browser : 'application/octet-stream';
}

/** Whether the server keeps files of this declared type at all (before the field's own rules). */
export function isKeptFileType(mimeType: string): boolean {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (REFUSED_TYPES.test(type)) return false;
  return type === 'application/octet-stream' || (RECORD_FILE_TYPES as readonly string[]).includes(type);
}

/**
 * Why a file cannot go into a FILE or IMAGE field (type, image-ness, size), or null when it can.
 * The browser asks before uploading; the server asks again for the upload address and on arrival.
 */
export function recordFileProblem(
  field: Pick<TFormFieldOf<'FILE' | 'IMAGE'>, 'type' | 'allowed_file_types' | 'max_size_mb'>,
  file: { name: string; mime_type: string; size: number },
): { key: 'mime_type' | 'size'; message: string } | null {
  if (!isKeptFileType(file.mime_type)) {
    return { key: 'mime_type', message: `${file.name}: files of this type cannot be attached` };
  }
  // A vague type is judged by the name now, and by the content when it arrives.
  const declared = file.mime_type.split(';')[0]!.trim().toLowerCase();
  const named = fileTypeOfName(file.name);
  const type = declared === 'application/octet-stream' ? (named ?? '') : declared;
  // Extension rules read the name: it must not claim another type than the file has.
  if (named && named !== type && !(named.startsWith('text/') && type.startsWith('text/'))) {
    return { key: 'mime_type', message: `${file.name} is not a ${named} file (it says ${type})` };
  }
  if (field.type === 'IMAGE' && type !== '' && !type.startsWith('image/')) {
    return { key: 'mime_type', message: `${file.name} is not an image` };
  }
  if (!isAllowedFileType(field.allowed_file_types, { name: file.name, mime_type: type })) {
    return {
      key: 'mime_type',
      message: `${file.name}: allowed types are ${field.allowed_file_types.join(', ')}`,
    };
  }
  if (file.size <= 0) return { key: 'size', message: `${file.name} is empty` };
  if (file.size > field.max_size_mb * 1024 * 1024) {
    return { key: 'size', message: `${file.name} is larger than ${field.max_size_mb} MB` };
  }
  return null;
}

export const ZRecordFileUploadRequest = z.object({
  entity_id: z.uuid('Use an entity id'),
  template_id: z.uuid('Use a template id'),
  /** The FILE or IMAGE field's key; a column of a data table is `<table_key>.<column_key>`. */
  field_key: z
    .string({ error: 'Required' })
    .min(1, 'Required')
    .max(127)
    .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$/, 'Use a field key, or <table>.<column>'),
  file_name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(255, 'At most 255 characters'),
  mime_type: z.string({ error: 'Required' }).trim().toLowerCase().min(3, 'Required').max(255),
  size: z.number({ error: 'Give the size in bytes' }).int().positive('The file is empty'),
});
export type TRecordFileUploadRequest = z.output<typeof ZRecordFileUploadRequest>;

/** Where to PUT the bytes (with `Content-Type: <mime_type>`), and the reference to confirm. */
export const ZRecordFileUploadTicket = z.object({
  upload_url: z.string(),
  file_ref_id: z.string(),
  /** The file's name as kept in storage (letters, digits, `.`, `_`, `-`). */
  slug: z.string(),
  /** The storage key (the same as `file_ref_id`). */
  key: z.string(),
  expires_at: z.string(),
});
export type TRecordFileUploadTicket = z.infer<typeof ZRecordFileUploadTicket>;

/** `file-upload-status`: PENDING until the bytes are there and checked; then the file reference. */
export const ZRecordFileStatus = ZFileRef.extend({ status: z.enum(['PENDING', 'UPLOADED']) });
export type TRecordFileStatus = z.infer<typeof ZRecordFileStatus>;

/** A file by its reference, or by where it sits: record, template, field, index (and entry). */
export const ZRecordFileDownloadRequest = z
  .object({
    file_ref_id: z.string().min(1, 'Required').max(512).optional(),
    entity_data_id: z.uuid('Use a record id').optional(),
    template_id: z.uuid('Use a template id').optional(),
    field_key: z.string().min(1, 'Required').max(63).optional(),
    /** Which file of the field (0: the first). */
    index: z.number().int().min(0).default(0),
    /** For a repeatable template: the entry (`template_data_id`). */
    template_data_id: z.uuid('Use an entry id').optional(),
    /** Default: inline for images, PDF, MP4/WebM and text; attachment for the rest. */
    disposition: z.enum(['inline', 'attachment']).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.file_ref_id !== undefined) return;
    for (const key of ['entity_data_id', 'template_id', 'field_key'] as const) {
      if (body[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'Required (or give file_ref_id)' });
      }
    }
  });
export type TRecordFileDownloadRequest = z.output<typeof ZRecordFileDownloadRequest>;

export const ZRecordFileDownload = z.object({ download_url: z.string(), expires_at: z.string() });
export type TRecordFileDownload = z.infer<typeof ZRecordFileDownload>;

// ---------------------------------------------------------------------------------------------
// Repeatable templates (line items)

export const ZRepeatableEntry = z
  .object({
    /** The spec's `template_data_id`. */
    _id: z.string(),
    entity_data_id: z.string(),
    template_id: z.string(),
    position: z.number().int(),
    values: z.record(z.string(), z.unknown()),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'RepeatableEntry' });
export type TRepeatableEntry = z.infer<typeof ZRepeatableEntry>;

/** A page of a record's entries of one template (`GET templates-data/repeatable-template`). */
export const ZRepeatableEntryPage = ZPaged(ZRepeatableEntry)
  .extend({
    linked_titles: z
      .record(z.string(), z.string())
      .describe(
        "Titles of the records the page's ENTITY fields link to (lists included), by id, in one " +
          'lookup; an id missing here is a record deleted since.',
      ),
  })
  .meta({ id: 'RepeatableEntryPage' });
export type TRepeatableEntryPage = z.infer<typeof ZRepeatableEntryPage>;

const ZEntryValues = z.record(z.string(), z.unknown(), { error: 'Send the values as an object' });

export const ZRepeatableEntryCreate = z.object({
  entity_data_id: z.uuid('Use a record id'),
  template_id: z.uuid('Use a template id'),
  values: ZEntryValues,
});

export const ZRepeatableEntriesAdd = z.object({
  entity_data_id: z.uuid('Use a record id'),
  template_id: z.uuid('Use a template id'),
  entries: z.array(ZEntryValues).min(1, 'Add at least one entry').max(1000, 'At most 1000 entries at once'),
});

export const ZRepeatableEntryPatch = z.object({ values: ZEntryValues });

// ---------------------------------------------------------------------------------------------
// Documents attached to a record

export const ZRecordDocument = z
  .object({
    _id: z.string(),
    entity_data_id: z.string(),
    /** FILE: a plain file kept with the record; DOCUMENT: a document of the e-sign area. */
    kind: z.enum(['FILE', 'DOCUMENT']),
    name: z.string(),
    mime_type: z.string().nullable(),
    size: z.number().int().nullable(),
    employee_document_id: z.string().nullable(),
    /** For DOCUMENT: the document's status (DRAFT, WAITING, COMPLETED...). */
    document_status: z.string().nullable(),
    /** For FILE: a signed address valid one hour. Documents open on their own page. */
    download_url: z.string().nullable(),
    /** For DOCUMENT: the document template it was made from; null for files and one-off uploads. */
    template: z.object({ _id: z.string(), name: z.string() }).nullable().optional(),
    created_by: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'RecordDocument' });
export type TRecordDocument = z.infer<typeof ZRecordDocument>;

/** `POST /entities/uploadDocuments` as JSON: link uploads (`/upload/file-upload-s3`) or a document. */
export const ZRecordDocumentLink = z
  .object({
    entity_id: z.uuid('Use an entity id'),
    entity_data_id: z.uuid('Use a record id'),
    /** Files uploaded with `PUT /upload/file-upload-s3` (their `file_ref_id`). */
    file_ref_ids: z.array(z.string().min(1).max(512)).max(10, 'At most 10 files at once').optional(),
    /** A document of the company the caller can see. */
    employee_document_id: z.uuid('Use a document id').optional(),
  })
  .refine((body) => (body.file_ref_ids?.length ?? 0) > 0 || body.employee_document_id !== undefined, {
    message: 'Attach files or choose a document',
    path: ['file_ref_ids'],
  });
export type TRecordDocumentLink = z.output<typeof ZRecordDocumentLink>;

/** `POST /fetchEntityDocumentsNotIncludeTemplates`: the record whose documents not from a template are listed. */
export const ZRecordDocumentsOf = z.object({
  entity_id: z.uuid('Use an entity id'),
  entity_data_id: z.uuid('Use a record id'),
});

/** `POST /getEmployeeDocumentsByEntityIdAndConfigurableDocumentId`: a record and a document template. */
export const ZRecordTemplateDocumentsOf = ZRecordDocumentsOf.extend({
  configurable_document_id: z.uuid('Use a document template id'),
});
export type TRecordTemplateDocumentsOf = z.output<typeof ZRecordTemplateDocumentsOf>;

/** Files one multipart `uploadDocuments` call takes, and their size each. */
export const MAX_RECORD_DOCUMENT_FILES = 10;
export const MAX_RECORD_DOCUMENT_BYTES = 50 * 1024 * 1024;
