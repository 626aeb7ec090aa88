import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import { validationError } from '../../platform/http/app-error';
import { fillerIdOf, type Caller, type SubmissionRow } from './submission-store';

/*
 * Storage keys of files uploaded into form submissions. A key says whose file it is and where it
 * may be saved:
 *   companies/{company}/form-submissions/{submission}/{step}/{field}/{file id}/{name}
 *   companies/{company}/form-submissions/new/{form}/{filler}/{step}/{field}/{file id}/{name}
 * (the second before the filler's first save, when the submission has no id yet). Saving a step
 * accepts such a key only in that submission (or the filler's new-answer folder of that form), that
 * step and that field.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(
  `^companies/(${UUID})/form-submissions/(?:(${UUID})|new/(${UUID})/(${UUID}))/(${UUID})/([a-z][a-z0-9_]{0,62})/${UUID}/[A-Za-z0-9][A-Za-z0-9._-]{0,119}$`,
);

/** Where an upload goes: the submission, or the filler's new-answer folder of the form. */
export type UploadFolder = { submissionId: string } | { formId: string; fillerId: string };

export type UploadPlace = { companyId: string; folder: UploadFolder; stepId: string; field: string };

const folderPath = (folder: UploadFolder): string =>
  'submissionId' in folder ? folder.submissionId : `new/${folder.formId}/${folder.fillerId}`;

/** The storage key of a new upload (`slug`: the file's name as a key segment). */
export function formUploadKey(place: UploadPlace, fileId: string, slug: string): string {
  return `companies/${place.companyId}/form-submissions/${folderPath(place.folder)}/${place.stepId}/${place.field}/${fileId}/${slug}`;
}

/** The company's prefix of form upload keys: keys under it are checked by `formUploadProblems`. */
const uploadsPrefix = (companyId: string) => `companies/${companyId}/form-submissions/`;

type Place = { companyId: string; submissionId: string | null; formId: string; fillerId: string };

/** Where the caller's uploads of a form go: their submission, or (none yet) their new-answer folder. */
export function uploadPlaceOf(caller: Caller, formId: string, row: SubmissionRow | null): Place {
  const fillerId = fillerIdOf(caller);
  return { companyId: caller.companyId, submissionId: row?.id ?? null, formId, fillerId };
}

/** The folder of a place: the submission when there is one. */
export const folderOf = (place: Place): UploadFolder =>
  place.submissionId
    ? { submissionId: place.submissionId }
    : { formId: place.formId, fillerId: place.fillerId };

type Found = { ref: TFileRef; path: (string | number)[] };

/** Every file reference (an object with a `file_ref_id` text) inside `value`, with its path. */
export function fileRefsIn(value: unknown, path: (string | number)[] = []): Found[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => fileRefsIn(item, [...path, index]));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  if (typeof record.file_ref_id === 'string') return [{ ref: record as unknown as TFileRef, path }];
  return Object.entries(record).flatMap(([key, item]) => fileRefsIn(item, [...path, key]));
}

/** What a form upload key says: company, folder (submission, or form and filler), step and field. */
export type FormUploadKey = {
  companyId: string;
  submissionId: string | null;
  formId: string | null;
  fillerId: string | null;
  stepId: string;
  field: string;
};

/** The parts of a form upload key, or null for any other file key. */
export function parseFormUploadKey(key: string): FormUploadKey | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, companyId, submissionId, formId, fillerId, stepId, field] = match;
  return {
    companyId: companyId!,
    submissionId: submissionId ?? null,
    formId: formId ?? null,
    fillerId: fillerId ?? null,
    stepId: stepId!,
    field: field!,
  };
}

/** Whether a parsed key's folder is the place's: its submission, or its filler's new-answer folder. */
export const inFolderOf = (key: FormUploadKey, place: Pick<Place, 'submissionId' | 'formId' | 'fillerId'>) =>
  key.submissionId
    ? key.submissionId === place.submissionId
    : key.formId === place.formId && key.fillerId === place.fillerId;

/**
 * 422 for form upload keys in a step's `values` that were not uploaded for this place: another
 * submission's (or another filler's), another step's, another field's. Keys are reported
 * `values.<field>.<index>` (as the validator reports files).
 */
export function assertFormUploads(values: Record<string, unknown>, place: Place & { stepId: string }): void {
  const problems: TValidationDetail[] = [];
  for (const { ref, path } of fileRefsIn(values)) {
    if (!ref.file_ref_id.startsWith(uploadsPrefix(place.companyId))) continue;
    const key = parseFormUploadKey(ref.file_ref_id);
    const message =
      !key || !inFolderOf(key, place)
        ? `${ref.name}: this file was not uploaded for this submission`
        : key.stepId !== place.stepId || key.field !== path[0]
          ? `${ref.name} was uploaded for another field`
          : null;
    if (message) problems.push({ key: ['values', ...path].join('.'), path: ['values', ...path], message });
  }
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
}
