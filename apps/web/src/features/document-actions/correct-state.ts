import {
  FIELD_TYPES,
  RECIPIENT_COLORS,
  layoutProblems,
  type TDocumentSettings,
  type TDocumentUser,
  type TEmployeeDocument,
  type TField,
  type TFieldType,
  type TLayoutProblem,
  type TRecipient,
  type TRecipientType,
} from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import { blankFieldParts } from '../editor/field-catalogue';
import type { TCorrectRequest } from './document-actions-api';

/** A recipient row of the correct screen: one already on the document (`_id`) or a new one. */
export type CorrectRecipient = {
  _id?: string;
  key: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: TRecipientType;
  signing_order: number;
  email_verification: boolean;
  /** The recipient has finished: nothing about them, nor their fields, may change. */
  isLocked: boolean;
  /** Their colour on the pages (the stored one; new recipients take the first one free). */
  color: string;
  status: TDocumentUser['status'] | 'NEW';
};

export type CorrectSettings = Pick<
  TDocumentSettings,
  'signing_order' | 'expire_after_days' | 'reminder_every_days' | 'email_subject' | 'email_message'
>;

export type CorrectForm = {
  recipients: CorrectRecipient[];
  fields: TField[];
  settings: CorrectSettings;
};

/** Signed, approved, declined, rejected, or a viewer who viewed: as the server counts it. */
export function isFinishedRecipient(user: Pick<TDocumentUser, 'status' | 'user_type'>): boolean {
  return (
    ['SIGNED', 'APPROVED', 'DECLINED', 'REJECTED'].includes(user.status) ||
    (user.user_type === 'VIEWER' && user.status === 'VIEWED')
  );
}

const colorAt = (index: number) => RECIPIENT_COLORS[index % RECIPIENT_COLORS.length] ?? RECIPIENT_COLORS[0];

export function formOf(doc: TEmployeeDocument): CorrectForm {
  return {
    recipients: doc.document_users.map((u, i) => ({
      _id: u._id,
      key: u.key,
      email: u.email,
      first_name: u.first_name,
      last_name: u.last_name,
      user_type: u.user_type,
      signing_order: u.signing_order,
      email_verification: u.email_verification,
      isLocked: isFinishedRecipient(u),
      color: u.color || colorAt(i),
      status: u.status,
    })),
    fields: doc.fields,
    settings: {
      signing_order: doc.settings.signing_order,
      expire_after_days: doc.settings.expire_after_days,
      reminder_every_days: doc.settings.reminder_every_days,
      email_subject: doc.settings.email_subject,
      email_message: doc.settings.email_message,
    },
  };
}

const randomKey = () => `r-${Math.random().toString(36).slice(2, 10)}`;

export function newRecipient(form: CorrectForm): CorrectRecipient {
  const taken = new Set(form.recipients.map((r) => r.key));
  let key = randomKey();
  while (taken.has(key)) key = randomKey();
  const used = new Set(form.recipients.map((r) => r.color.toUpperCase()));
  return {
    key,
    email: '',
    first_name: '',
    last_name: '',
    user_type: 'SIGNER',
    signing_order: Math.max(0, ...form.recipients.map((r) => r.signing_order)) + 1,
    email_verification: false,
    isLocked: false,
    color: RECIPIENT_COLORS.find((c) => !used.has(c)) ?? colorAt(form.recipients.length),
    status: 'NEW',
  };
}

/** Field types a sender adds on the correct screen, with their default size in points. */
export const ADDABLE_FIELDS: { type: TFieldType; label: string; width: number; height: number }[] = [
  { type: 'SIGNATURE', label: 'Signature', width: 160, height: 44 },
  { type: 'INITIAL', label: 'Initials', width: 70, height: 40 },
  { type: 'DATE_SIGNED', label: 'Date signed', width: 120, height: 22 },
  { type: 'FULL_NAME', label: 'Full name', width: 180, height: 22 },
  { type: 'TEXT', label: 'Text', width: 180, height: 22 },
  { type: 'CHECKBOX', label: 'Checkbox', width: 18, height: 18 },
];

export function fieldTypeLabel(type: TFieldType): string {
  const known = ADDABLE_FIELDS.find((f) => f.type === type)?.label;
  if (known) return known;
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const round = (value: number) => Math.round(value * 100) / 100;

/** `box` moved (never resized) so that it lies inside `page`, rounded to 0.01 pt. */
export function clampToPage(box: Box, page: TPageSize): Box {
  const width = Math.min(box.width, page.width);
  const height = Math.min(box.height, page.height);
  return {
    x: round(Math.min(Math.max(box.x, 0), page.width - width)),
    y: round(Math.min(Math.max(box.y, 0), page.height - height)),
    width,
    height,
  };
}

/** The default size of a new field of `type`, in points. */
export function fieldSize(type: TFieldType): { width: number; height: number } {
  const known = ADDABLE_FIELDS.find((f) => f.type === type);
  return known ? { width: known.width, height: known.height } : { width: 160, height: 30 };
}

function newField(
  fields: TField[],
  input: { type: TFieldType; page: number; recipientKey: string },
  box: Box,
) {
  const keys = new Set(fields.map((f) => f.key));
  let n = fields.length + 1;
  while (keys.has(`f-${n}`)) n += 1;
  return {
    key: `f-${n}`,
    type: input.type,
    page: input.page,
    ...box,
    recipient_key: input.recipientKey,
    ...blankFieldParts(input.type),
    options: [],
  } satisfies TField;
}

/**
 * A new field on `page`, in the first free spot from the bottom of the page up (where signatures
 * usually go), three columns wide, never over another field. Null when the page is full.
 */
export function placeField(
  fields: TField[],
  pages: TPageSize[],
  input: { type: TFieldType; page: number; recipientKey: string },
): TField | null {
  const size = fieldSize(input.type);
  const page = pages[input.page - 1];
  if (!page || !FIELD_TYPES.includes(input.type)) return null;
  const onPage = fields.filter((f) => f.page === input.page);
  const margin = 36;
  const columnWidth = Math.max(size.width + 12, (page.width - 2 * margin) / 3);
  for (let y = page.height - margin - size.height; y >= margin; y -= size.height + 12) {
    for (let x = margin; x + size.width <= page.width - margin; x += columnWidth) {
      const box = { x, y, width: size.width, height: size.height };
      if (onPage.some((f) => overlaps(box, f))) continue;
      return newField(fields, input, box);
    }
  }
  return null;
}

/** The keys of recipients who finished: their fields are locked. */
const lockedKeys = (form: CorrectForm) =>
  new Set(form.recipients.filter((r) => r.isLocked).map((r) => r.key));

/** True when the field belongs to a recipient who finished: it cannot move, change or go. */
export function isFieldLocked(form: CorrectForm, field: Pick<TField, 'recipient_key'>): boolean {
  return lockedKeys(form).has(field.recipient_key);
}

/** Why a box cannot go there: it would cover a field a finished recipient already filled. */
function coversFinished(form: CorrectForm, page: number, box: Box, exceptKey?: string): boolean {
  const locked = lockedKeys(form);
  return form.fields.some(
    (f) => f.key !== exceptKey && f.page === page && locked.has(f.recipient_key) && overlaps(box, f),
  );
}

export type PlaceResult = { form: CorrectForm; error: null } | { form: null; error: string };

export const COVERS_FINISHED = 'That spot is over a field someone has already filled: drop it somewhere free';

/**
 * Moves the field `key` so its top-left corner is at `to` (points) on page `to.page`, kept inside
 * the page with its size. Refused for a locked field, an unknown field or page, and for a spot over
 * a finished recipient's field (pending fields may overlap each other, as in the editor: the send
 * checks only require fields inside their page).
 */
export function moveField(
  form: CorrectForm,
  pages: TPageSize[],
  key: string,
  to: { page: number; x: number; y: number },
): PlaceResult {
  const index = form.fields.findIndex((f) => f.key === key);
  const field = form.fields[index];
  const page = pages[to.page - 1];
  if (!field || !page) return { form: null, error: 'That field or page no longer exists' };
  if (isFieldLocked(form, field)) {
    return { form: null, error: 'This field belongs to a recipient who has finished: it cannot move' };
  }
  const box = clampToPage({ x: to.x, y: to.y, width: field.width, height: field.height }, page);
  if (coversFinished(form, to.page, box, key)) return { form: null, error: COVERS_FINISHED };
  const moved = { ...field, page: to.page, ...box };
  return { form: { ...form, fields: form.fields.map((f, i) => (i === index ? moved : f)) }, error: null };
}

/**
 * A new field of `type` for `recipientKey`, dropped with its top-left corner at `at` (points) on
 * page `at.page`, kept inside the page. Refused for a recipient who cannot fill fields (finished,
 * CC, viewer, unknown) and over a finished recipient's field.
 */
export function dropField(
  form: CorrectForm,
  pages: TPageSize[],
  input: { type: TFieldType; recipientKey: string; page: number; x: number; y: number },
): PlaceResult {
  const page = pages[input.page - 1];
  const owner = form.recipients.find((r) => r.key === input.recipientKey);
  if (!page || !FIELD_TYPES.includes(input.type)) return { form: null, error: 'That page does not exist' };
  if (!owner || owner.isLocked || (owner.user_type !== 'SIGNER' && owner.user_type !== 'APPROVER')) {
    return { form: null, error: 'Pick a pending signer or approver for the new field' };
  }
  const box = clampToPage({ x: input.x, y: input.y, ...fieldSize(input.type) }, page);
  if (coversFinished(form, input.page, box)) return { form: null, error: COVERS_FINISHED };
  return { form: { ...form, fields: [...form.fields, newField(form.fields, input, box)] }, error: null };
}

/** Removes a pending recipient's field (a locked one stays). */
export function removeField(form: CorrectForm, key: string): CorrectForm {
  return {
    ...form,
    fields: form.fields.filter((f) => f.key !== key || isFieldLocked(form, f)),
  };
}

const asRecipient = (r: CorrectRecipient): TRecipient => ({
  key: r.key,
  role_name: '',
  email: r.email.trim().toLowerCase(),
  first_name: r.first_name.trim(),
  last_name: r.last_name.trim(),
  contact_id: null,
  user_type: r.user_type,
  signing_order: r.signing_order,
  color: '',
  email_verification: r.email_verification,
});

/** The checks the server makes (a send's), with the form's keys (`document_users.2.email`). */
export function formProblems(form: CorrectForm, pages: TPageSize[]): TLayoutProblem[] {
  return layoutProblems(
    { fields: form.fields, document_users: form.recipients.map(asRecipient) },
    pages,
    'send',
  );
}

/** The correction request: every recipient in order, the whole field list, the settings. */
export function requestOf(form: CorrectForm): TCorrectRequest {
  return {
    document_users: form.recipients.map((r) => ({
      ...(r._id ? { _id: r._id } : { key: r.key }),
      email: r.email.trim().toLowerCase(),
      first_name: r.first_name.trim(),
      last_name: r.last_name.trim(),
      user_type: r.user_type,
      signing_order: r.signing_order,
      email_verification: r.email_verification,
    })),
    fields: form.fields,
    settings: {
      signing_order: form.settings.signing_order,
      expire_after_days: form.settings.expire_after_days,
      reminder_every_days: form.settings.reminder_every_days,
      email_subject: form.settings.email_subject,
      email_message: form.settings.email_message,
    },
  };
}
