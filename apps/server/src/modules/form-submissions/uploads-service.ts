import { randomUUID } from 'node:crypto';
import type {
  TFormDownload,
  TFormDownloadRequest,
  TFormUploadRequest,
  TFormUploadTicket,
} from '@esigns/contracts/form-uploads';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { fileTypeOfName, recordFileProblem } from '@esigns/contracts/record-extras';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { canonicalMediaType } from '../../platform/storage/sniff';
import { createUploadTicket } from '../../platform/storage/storage';
import { slugOf } from '../entity-data';
import { findStep, openForSave } from './fill-service';
import { fieldsOfStep } from './step-values';
import { findReadableSubmission, type Caller } from './submission-store';
import { fileRefsIn, folderOf, formUploadKey, uploadPlaceOf } from './uploads-keys';

/*
 * Files of FILE and IMAGE fields of form submissions: an upload address for the filler (guest or
 * member) and download addresses for whoever may read the submission. The bytes go straight to
 * storage through the signed address (which holds the declared type and size; the local backend
 * also checks the content against the type); the key says which submission, step and field the
 * file may be saved in (`uploads-keys.ts`).
 */

/** Download links live 5 minutes. */
export const FORM_DOWNLOAD_SECONDS = 5 * 60;
/** Types a browser may show in place; anything else is offered as a download. */
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf|video\/(mp4|webm)|text\/plain)$/;

const fieldError = (key: string, message: string) =>
  validationError([{ key, path: [key], message }], message);

const isFileField = (field: TFormField): field is Extract<TFormField, { type: 'FILE' | 'IMAGE' }> =>
  field.type === 'FILE' || field.type === 'IMAGE';

/** `POST /formbuilder-data/file-upload-url`: where to PUT a file of a FILE or IMAGE field, and its key. */
export async function createFormUpload(
  platform: Platform,
  caller: Caller,
  input: TFormUploadRequest,
): Promise<TFormUploadTicket> {
  const db = platform.database.db;
  const { form, row } = await openForSave(db, caller, {
    formId: input.formbuilder_details_id,
    submissionId: input.formbuilder_data_id,
  });
  if (form.id !== input.formbuilder_details_id) throw notFound('Submission');
  const step = findStep(form, input.step_id, null);
  if (step.type !== 'TEMPLATE' && step.type !== 'ENTITY') {
    throw fieldError('step_id', `A ${step.type} step takes no files`);
  }
  const { fields } = await fieldsOfStep(db, caller.companyId, step);
  const field = fields.find((f) => f.key === input.field);
  if (!field) throw fieldError('field', 'Not a field of this step');
  if (!isFileField(field)) throw fieldError('field', 'Not a FILE or IMAGE field');
  const problem = recordFileProblem(field, {
    name: input.file_name,
    mime_type: input.content_type,
    size: input.size,
  });
  if (problem) throw fieldError(problem.key === 'mime_type' ? 'content_type' : 'size', problem.message);
  if (input.size > platform.config.uploadLimitBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The file is larger than this server accepts' });
  }
  const place = uploadPlaceOf(caller, form.id, row);
  const key = formUploadKey(
    { companyId: caller.companyId, folder: folderOf(place), stepId: step.id, field: field.key },
    randomUUID(),
    slugOf(input.file_name),
  );
  const declared = canonicalMediaType(input.content_type);
  const mimeType =
    declared === 'application/octet-stream' ? (fileTypeOfName(input.file_name) ?? declared) : declared;
  const ticket = await createUploadTicket(platform.storage, key, {
    contentType: input.content_type,
    size: input.size,
  });
  return {
    ...ticket,
    key,
    file: { file_ref_id: key, name: input.file_name, size: input.size, mime_type: mimeType },
  };
}

/**
 * `POST /formbuilder-data/file-download-url`: a 5-minute link to a file saved in the submission's
 * values, for a caller who may read the submission. A key the values do not hold is 404.
 */
export async function formDownloadUrl(
  platform: Platform,
  caller: Caller,
  input: TFormDownloadRequest,
): Promise<TFormDownload> {
  const row = await findReadableSubmission(platform.database.db, caller, input.formbuilder_data_id);
  const found = fileRefsIn(row.values).find(({ ref }) => ref.file_ref_id === input.key);
  if (!found || !(await platform.storage.head(input.key))) throw notFound('File');
  const { ref } = found;
  return {
    download_url: await platform.storage.createDownloadUrl(ref.file_ref_id, {
      fileName: ref.name,
      disposition: INLINE.test(ref.mime_type) ? 'inline' : 'attachment',
      expiresInSeconds: FORM_DOWNLOAD_SECONDS,
    }),
    expires_at: new Date(Date.now() + FORM_DOWNLOAD_SECONDS * 1000).toISOString(),
  };
}
