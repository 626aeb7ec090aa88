import { z } from 'zod';
import { ZPageQuery } from './envelope';

/*
 * The company file library (DOMAIN-PLATFORM "File management"; apps/server/src/modules/files/README.md):
 * folders and files of a company; files a contact uploads from the contact area wait for staff
 * approval (approve, or reject with a reason the contact reads).
 *
 * Calls (under /api):
 *   POST   /fileManagement/create           upload one file (multipart `file`, optional `folder_id`)
 *   GET    /fileManagement/all-files        files, paged (staff: by folder, status, search; a contact: their own)
 *   GET    /fileManagement/file-path/{id}   a short-lived download address (inline or attachment)
 *   PUT    /fileManagement/update/{id}      rename and/or move a file (staff)
 *   DELETE /fileManagement/delete/{id}      delete a file (staff; a contact: their own PENDING one)
 *   POST   /approve-files                   approve PENDING files (staff, `files:approve`)
 *   POST   /reject-files                    reject PENDING files with a reason (staff, `files:approve`)
 *   GET    /fileManagement/folders          the company's folders (flat; parent ids make the tree)
 *   POST   /fileManagement/folders          add a folder
 *   PUT    /fileManagement/folders/{id}     rename and/or move a folder (never under itself)
 *   DELETE /fileManagement/folders/{id}     delete an empty folder
 */

export const LIBRARY_FILE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED'] as const;
export type TLibraryFileStatus = (typeof LIBRARY_FILE_STATUSES)[number];

/** The longest file or folder name kept. */
export const MAX_LIBRARY_NAME = 200;
/** The most files one approve or reject call decides. */
export const MAX_DECISION_IDS = 100;
/** How long a `file-path` address works. */
export const FILE_LINK_SECONDS = 5 * 60;

/** Types a browser may show in place; everything else is always offered as a download. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf|text\/plain)$/;
export const isInlineType = (mimeType: string): boolean => INLINE_TYPES.test(mimeType);

/** Why a file or folder name cannot be used, or null. */
export function libraryNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give a name';
  if (trimmed.length > MAX_LIBRARY_NAME) return `At most ${MAX_LIBRARY_NAME} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(trimmed)) return 'A name cannot hold / or \\ or control characters';
  if (trimmed === '.' || trimmed === '..') return 'Not a name';
  return null;
}

const ZName = z
  .string()
  .transform((s) => s.trim())
  .superRefine((s, ctx) => {
    const problem = libraryNameProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ZLibraryFolder = z.object({
  _id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLibraryFolder = z.infer<typeof ZLibraryFolder>;

export const ZLibraryFile = z.object({
  _id: z.string(),
  name: z.string(),
  folder_id: z.string().nullable(),
  size: z.number().int().nonnegative(),
  /** The type the content was recognised as (never only what the uploader declared). */
  mime_type: z.string(),
  sha256: z.string(),
  status: z.enum(LIBRARY_FILE_STATUSES),
  rejection_reason: z.string().nullable(),
  uploaded_by: z.object({
    kind: z.enum(['STAFF', 'CONTACT']),
    user_id: z.string().nullable(),
    contact_id: z.string().nullable(),
    name: z.string(),
    email: z.string(),
  }),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLibraryFile = z.infer<typeof ZLibraryFile>;

/** `folder_id`: a folder's id, `root` (files outside folders) or absent (every folder). */
export const ZLibraryFilesQuery = ZPageQuery.extend({
  folder_id: z.union([z.uuid(), z.literal('root')]).optional(),
  status: z.enum(LIBRARY_FILE_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});
export type TLibraryFilesQuery = z.output<typeof ZLibraryFilesQuery>;

export const ZFileLinkQuery = z.object({
  /** `true`: offer a download (`attachment`) even for a type a browser shows. */
  download: z.enum(['true', 'false']).optional(),
});

export const ZFileLink = z.object({
  url: z.string(),
  expires_at: z.string(),
  disposition: z.enum(['inline', 'attachment']),
  mime_type: z.string(),
  name: z.string(),
});
export type TFileLink = z.infer<typeof ZFileLink>;

/** Rename and/or move (`folder_id: null`: out of every folder). */
export const ZLibraryFileUpdate = z
  .object({ name: ZName.optional(), folder_id: z.uuid().nullable().optional() })
  .refine((v) => v.name !== undefined || v.folder_id !== undefined, {
    message: 'Give a name or a folder_id',
  });
export type TLibraryFileUpdate = z.infer<typeof ZLibraryFileUpdate>;

export const ZLibraryFolderCreate = z.object({ name: ZName, parent_id: z.uuid().nullable().optional() });
export type TLibraryFolderCreate = z.infer<typeof ZLibraryFolderCreate>;

export const ZLibraryFolderUpdate = z
  .object({ name: ZName.optional(), parent_id: z.uuid().nullable().optional() })
  .refine((v) => v.name !== undefined || v.parent_id !== undefined, {
    message: 'Give a name or a parent_id',
  });
export type TLibraryFolderUpdate = z.infer<typeof ZLibraryFolderUpdate>;

const ZIds = z.array(z.uuid()).min(1).max(MAX_DECISION_IDS);

export const ZApproveFiles = z.object({ ids: ZIds });
export type TApproveFiles = z.infer<typeof ZApproveFiles>;

export const ZRejectFiles = z.object({
  ids: ZIds,
  reason: z.string().trim().min(1, 'Say why the files are rejected').max(1000, 'At most 1000 characters'),
});
export type TRejectFiles = z.infer<typeof ZRejectFiles>;
