import { z } from 'zod';
import { ZId } from './ids';
import { ZFieldKey } from './nocode-fields';
import { ZRecordFileUploadRequest } from './record-extras';

/*
 * Files of FILE and IMAGE fields of form submissions (TEMPLATE and ENTITY steps): the filler
 * (a guest of the form or a member) asks for an upload address, PUTs the bytes to it, then saves
 * the step with the file reference `{ file_ref_id: key, name, size, mime_type }`.
 */

export const ZFormUploadRequest = z.object({
  formbuilder_details_id: ZId('Choose a form'),
  /** The caller's submission; absent before their first save (the key then sits in their new-answer folder). */
  formbuilder_data_id: ZId('Invalid submission id').optional(),
  step_id: ZId('Choose a step'),
  /** The FILE or IMAGE field's key in the step's template (the entity's primary template for ENTITY steps). */
  field: ZFieldKey,
  file_name: ZRecordFileUploadRequest.shape.file_name,
  content_type: ZRecordFileUploadRequest.shape.mime_type,
  size: ZRecordFileUploadRequest.shape.size,
});
export type TFormUploadRequest = z.output<typeof ZFormUploadRequest>;

/** Where to PUT the bytes (with `Content-Type: <content_type>`) and the key to save as `file_ref_id`. */
export const ZFormUploadTicket = z.object({
  upload_url: z.string(),
  key: z.string(),
  /** The value to save in the field (a list of these for several files). */
  file: z.object({ file_ref_id: z.string(), name: z.string(), size: z.number(), mime_type: z.string() }),
  expires_at: z.string(),
});
export type TFormUploadTicket = z.infer<typeof ZFormUploadTicket>;

export const ZFormDownloadRequest = z.object({
  formbuilder_data_id: ZId('Invalid submission id'),
  key: z.string({ error: 'Required' }).min(1, 'Required').max(512),
});
export type TFormDownloadRequest = z.output<typeof ZFormDownloadRequest>;

export const ZFormDownload = z.object({ download_url: z.string(), expires_at: z.string() });
export type TFormDownload = z.infer<typeof ZFormDownload>;
