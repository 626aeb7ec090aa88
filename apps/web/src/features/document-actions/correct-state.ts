import {
  FIELD_TYPES,
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

export function formOf(doc: TEmployeeDocument): CorrectForm {
  return {
    recipients: doc.document_users.map((u) => ({
      _id: u._id,
      key: u.key,
      email: u.email,
      first_name: u.first_name,
      last_name: u.last_name,
      user_type: u.user_type,
      signing_order: u.signing_order,
      email_verification: u.email_verification,
      isLocked: isFinishedRecipient(u),
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
  return {
    key,
    email: '',
    first_name: '',
    last_name: '',
    user_type: 'SIGNER',
    signing_order: Math.max(0, ...form.recipients.map((r) => r.signing_order)) + 1,
    email_verification: false,
    isLocked: false,
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

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * A new field on `page`, in the first free spot from the bottom of the page up (where signatures
 * usually go), three columns wide, never over another field. Null when the page is full.
 */
export function placeField(
  fields: TField[],
  pages: TPageSize[],
  input: { type: TFieldType; page: number; recipientKey: string },
): TField | null {
  const size = ADDABLE_FIELDS.find((f) => f.type === input.type) ?? { width: 160, height: 30 };
  const page = pages[input.page - 1];
  if (!page || !FIELD_TYPES.includes(input.type)) return null;
  const onPage = fields.filter((f) => f.page === input.page);
  const margin = 36;
  const columnWidth = Math.max(size.width + 12, (page.width - 2 * margin) / 3);
  const keys = new Set(fields.map((f) => f.key));
  let n = fields.length + 1;
  while (keys.has(`f-${n}`)) n += 1;
  for (let y = page.height - margin - size.height; y >= margin; y -= size.height + 12) {
    for (let x = margin; x + size.width <= page.width - margin; x += columnWidth) {
      const box = { x, y, width: size.width, height: size.height };
      if (onPage.some((f) => overlaps(box, f))) continue;
      return {
        key: `f-${n}`,
        type: input.type,
        page: input.page,
        ...box,
        recipient_key: input.recipientKey,
        required: input.type !== 'CHECKBOX',
        read_only: false,
        label: '',
        placeholder: '',
        default_value: '',
        options: [],
        font: { family: 'Helvetica', size: 11 },
        validation: {},
      };
    }
  }
  return null;
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
