import { z } from 'zod';
import { ZConfigurableDocument } from './documents';
import { ZFileInfo } from './files';

/**
 * `POST /documents/files/remove-fields` (spec 3 "Document handling used by forms"; the spec names
 * it only): strips a PDF's own form fields (AcroForm widgets) so they do not fight the fields the
 * product places. `flatten` keeps what the fields show as page content; `remove` drops them.
 */
export const REMOVE_FIELDS_MODES = ['flatten', 'remove'] as const;
export type TRemoveFieldsMode = (typeof REMOVE_FIELDS_MODES)[number];

export const ZRemoveFieldsRequest = z
  .object({
    /**
     * A file of the upload flow: the converted PDF of `file-upload/status` (`companies/{cid}/documents/...`)
     * or the raw upload of `file-upload` (`companies/{cid}/uploads/...`, which must be a PDF).
     */
    file_ref_id: z.string().trim().min(1).max(512).optional(),
    /** Or a layout (template or one-off draft) the caller may edit: its file is replaced. */
    configurable_document_id: z.string().trim().min(1).max(100).optional(),
    mode: z.enum(REMOVE_FIELDS_MODES, { error: 'Use flatten or remove' }).default('flatten'),
  })
  .superRefine((body, ctx) => {
    if ((body.file_ref_id === undefined) === (body.configurable_document_id === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['file_ref_id'],
        message: 'Give either file_ref_id or configurable_document_id',
      });
    }
  });
export type TRemoveFieldsRequest = z.input<typeof ZRemoveFieldsRequest>;

export const ZRemoveFieldsResult = z.object({
  /** The new PDF (a new, immutable file reference), with a short-lived `url`. */
  file: ZFileInfo,
  page_count: z.number().int().positive(),
  mode: z.enum(REMOVE_FIELDS_MODES),
  /** How many form fields (terminal fields) the PDF had. */
  fields_removed: z.number().int().nonnegative(),
  /** How many widget annotations were taken off its pages. */
  widgets_removed: z.number().int().nonnegative(),
  /** The layout with its new file, when `configurable_document_id` was given. */
  document: ZConfigurableDocument.nullable(),
});
export type TRemoveFieldsResult = z.infer<typeof ZRemoveFieldsResult>;
