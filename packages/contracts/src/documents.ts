import { z } from 'zod';
import { ZFileInfo, ZPageSize } from './files';

/*
 * The e-signature domain shared by the API and the web app (DOMAIN-ESIGN.md). Coordinates are PDF
 * points with the origin at the top-left of the page as rendered (rotation applied).
 */

export const FIELD_TYPES = [
  'SIGNATURE',
  'INITIAL',
  'FULL_NAME',
  'EMAIL',
  'COMPANY',
  'TITLE',
  'DATE_SIGNED',
  'TEXT',
  'NUMBER',
  'DATE',
  'CHECKBOX',
  'RADIO',
  'DROPDOWN',
  'IMAGE',
] as const;
export type TFieldType = (typeof FIELD_TYPES)[number];
/** Fields that carry a signature: every SIGNER must own at least one. */
export const SIGNATURE_FIELD_TYPES: readonly TFieldType[] = ['SIGNATURE', 'INITIAL'];
/** Fields filled in from the signer's identity or the signing time, never typed. */
export const AUTO_FIELD_TYPES: readonly TFieldType[] = [
  'FULL_NAME',
  'EMAIL',
  'COMPANY',
  'TITLE',
  'DATE_SIGNED',
];
/** Fields with a list of options. */
export const OPTION_FIELD_TYPES: readonly TFieldType[] = ['RADIO', 'DROPDOWN'];

export const RECIPIENT_TYPES = ['SIGNER', 'APPROVER', 'CC', 'VIEWER'] as const;
export type TRecipientType = (typeof RECIPIENT_TYPES)[number];
/** What a recipient of each type is called on every screen (one name each). */
export const RECIPIENT_TYPE_LABELS: Record<TRecipientType, string> = {
  SIGNER: 'Signer',
  APPROVER: 'Approver',
  CC: 'Gets a copy',
  VIEWER: 'Viewer',
};

export const DOCUMENT_STATUSES = [
  'DRAFT',
  'WAITING',
  'COMPLETED',
  'DECLINED',
  'REJECTED',
  'VOIDED',
  'EXPIRED',
] as const;
export type TDocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const RECIPIENT_STATUSES = [
  'PENDING',
  'SENT',
  'VIEWED',
  'SIGNED',
  'APPROVED',
  'DECLINED',
  'REJECTED',
] as const;
export type TRecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** List filters of `/all-documents/{document_status}` (DOMAIN-ESIGN). */
export const DOCUMENT_LIST_FILTERS = [
  'all-documents',
  'draft',
  'waiting-for-me',
  'waiting-for-others',
  'completed',
  'declined',
  'rejected',
  'voided',
  'expired',
  'archived',
] as const;
export type TDocumentListFilter = (typeof DOCUMENT_LIST_FILTERS)[number];

export const FIELD_FONTS = ['Helvetica', 'Times-Roman', 'Courier', 'NotoSans', 'NotoSansDevanagari'] as const;

/** Smallest and largest field box, in points. */
export const FIELD_MIN_SIZE = 8;
export const FIELD_MAX_SIZE = 2000;

/** One field placed on a page. `key` is unique within its document and stable across saves. */
export const ZField = z
  .object({
    key: z.string().min(1).max(64),
    type: z.enum(FIELD_TYPES),
    page: z.number().int().positive(),
    x: z.number().min(0),
    y: z.number().min(0),
    width: z.number().min(FIELD_MIN_SIZE).max(FIELD_MAX_SIZE),
    height: z.number().min(FIELD_MIN_SIZE).max(FIELD_MAX_SIZE),
    /** The `key` of the recipient (or template role) who fills it. */
    recipient_key: z.string().min(1).max(64),
    required: z.boolean().default(true),
    read_only: z.boolean().default(false),
    label: z.string().max(200).default(''),
    placeholder: z.string().max(200).default(''),
    default_value: z.string().max(5000).default(''),
    /** RADIO and DROPDOWN choices; a RADIO group is one field with its options stacked. */
    options: z.array(z.string().min(1).max(200)).max(100).default([]),
    font: z
      .object({
        family: z.enum(FIELD_FONTS).default('Helvetica'),
        size: z.number().min(6).max(72).default(11),
      })
      .default({ family: 'Helvetica', size: 11 }),
    validation: z
      .object({
        min: z.number().optional(),
        max: z.number().optional(),
        min_length: z.number().int().nonnegative().optional(),
        max_length: z.number().int().positive().optional(),
        pattern: z.string().max(500).optional(),
        message: z.string().max(200).optional(),
      })
      .default({}),
  })
  .strict()
  .meta({ id: 'DocumentField' });
export type TField = z.infer<typeof ZField>;
export type TFieldInput = z.input<typeof ZField>;

/** Recipient colours in the editor, by position; the server stores what the client chose. */
export const RECIPIENT_COLORS = [
  '#F27E0C',
  '#1C7ED6',
  '#2F9E44',
  '#AE3EC9',
  '#E03131',
  '#0C8599',
  '#F08C00',
  '#5F3DC4',
] as const;

/**
 * A recipient of a document, or a role of a template ("Buyer", "Seller") whose person is chosen
 * when the template is sent. `key` ties fields to the recipient.
 */
export const ZRecipient = z
  .object({
    key: z.string().min(1).max(64),
    /** Template role name; also shown in the editor beside the person. */
    role_name: z.string().max(100).default(''),
    email: z.string().max(254).default(''),
    first_name: z.string().max(100).default(''),
    last_name: z.string().max(100).default(''),
    contact_id: z.string().uuid().nullable().default(null),
    user_type: z.enum(RECIPIENT_TYPES).default('SIGNER'),
    /** 1-based; equal values sign in parallel. Ignored when the signing order is off. */
    signing_order: z.number().int().min(1).max(100).default(1),
    color: z.string().max(20).default(''),
    /** Ask for a 6-digit code mailed to the recipient before they can open the document. */
    email_verification: z.boolean().default(false),
    /**
     * Authorized representative: the recipient must enter this password before signing. Write-only:
     * answers carry `has_representative_password` instead.
     */
    representative_password: z.string().min(6).max(128).optional(),
    has_representative_password: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'Recipient' });
export type TRecipient = z.infer<typeof ZRecipient>;
export type TRecipientInput = z.input<typeof ZRecipient>;

export const ZDocumentSettings = z
  .object({
    signing_order: z.boolean().default(false),
    /** Days from sending until the document expires; null: never. */
    expire_after_days: z.number().int().min(1).max(365).nullable().default(30),
    reminder_every_days: z.number().int().min(1).max(60).nullable().default(3),
    warn_before_expiry_days: z.number().int().min(0).max(30).default(2),
    email_subject: z.string().max(200).default(''),
    email_message: z.string().max(5000).default(''),
    terms_and_conditions: z
      .object({ enabled: z.boolean().default(false), text: z.string().max(20000).default('') })
      .default({ enabled: false, text: '' }),
  })
  .strict()
  .meta({ id: 'DocumentSettings' });
export type TDocumentSettings = z.infer<typeof ZDocumentSettings>;
export type TDocumentSettingsInput = z.input<typeof ZDocumentSettings>;

const SETTINGS = ZDocumentSettings.shape;
/**
 * Some settings, to change only those: unlike `ZDocumentSettings.partial()` (whose defaults
 * would fill the keys left out), keys not given stay absent.
 */
export const ZDocumentSettingsPatch = z
  .object({
    signing_order: SETTINGS.signing_order.unwrap().optional(),
    expire_after_days: SETTINGS.expire_after_days.unwrap().optional(),
    reminder_every_days: SETTINGS.reminder_every_days.unwrap().optional(),
    warn_before_expiry_days: SETTINGS.warn_before_expiry_days.unwrap().optional(),
    email_subject: SETTINGS.email_subject.unwrap().optional(),
    email_message: SETTINGS.email_message.unwrap().optional(),
    terms_and_conditions: SETTINGS.terms_and_conditions.unwrap().optional(),
  })
  .strict();
export type TDocumentSettingsPatch = z.infer<typeof ZDocumentSettingsPatch>;

/** The layout being edited: pages, fields, recipients (or roles) and settings. */
export const ZDocumentLayout = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  fields: z.array(ZField).max(5000),
  document_users: z.array(ZRecipient).max(100),
  settings: ZDocumentSettings,
});
export type TDocumentLayout = z.infer<typeof ZDocumentLayout>;

/** A company document: the uploaded source (spec 2 "company document"). */
export const ZCompanyDocument = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  files: z.array(ZFileInfo),
  file: ZFileInfo,
  created_at: z.string(),
});
export type TCompanyDocument = z.infer<typeof ZCompanyDocument>;

export const ZPublishSettings = z.object({
  published: z.boolean(),
  /** Visitors verify their email with a code before signing. */
  secure_access: z.boolean(),
  /** The public address of the published template (absent when not published). */
  url: z.string().nullable(),
});
export type TPublishSettings = z.infer<typeof ZPublishSettings>;

/** A configurable document: the layout on a company document; a template when `is_template`. */
export const ZConfigurableDocument = z.object({
  _id: z.string().uuid(),
  company_document_id: z.string().uuid(),
  name: z.string(),
  is_template: z.boolean(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  file: ZFileInfo,
  pages: z.array(ZPageSize),
  fields: z.array(ZField),
  document_users: z.array(ZRecipient),
  settings: ZDocumentSettings,
  publish: ZPublishSettings,
  owner: z.object({ _id: z.string().uuid(), name: z.string(), email: z.string() }),
  shared_with: z.array(z.string().uuid()),
  /** The DRAFT sent-document built on it, for one-off documents. */
  employee_document_id: z.string().uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TConfigurableDocument = z.infer<typeof ZConfigurableDocument>;

/** A recipient of a sent document, as the sender sees it. */
export const ZDocumentUser = ZRecipient.omit({ representative_password: true }).extend({
  _id: z.string().uuid(),
  type: z.enum(['SENDER', 'RECEIVER']),
  status: z.enum(RECIPIENT_STATUSES),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TDocumentUser = z.infer<typeof ZDocumentUser>;

/** A sent ("employee") document. */
export const ZEmployeeDocument = z
  .object({
    _id: z.string().uuid(),
    name: z.string(),
    status: z.enum(DOCUMENT_STATUSES),
    configurable_document_id: z.string().uuid().nullable(),
    company_document_id: z.string().uuid().nullable(),
    file: ZFileInfo,
    pages: z.array(ZPageSize),
    fields: z.array(ZField),
    document_users: z.array(ZDocumentUser),
    settings: ZDocumentSettings,
    sender: z.object({ _id: z.string().uuid(), name: z.string(), email: z.string() }),
    sent_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EmployeeDocument' });
export type TEmployeeDocument = z.infer<typeof ZEmployeeDocument>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export type TLayoutProblem = { key: string; message: string; path: (string | number)[] };

/**
 * The checks made before sending (issue 4 "Send"), run by the editor and by the API alike.
 * `mode: 'template'` checks roles (no emails needed); `'send'` checks people too.
 */
export function layoutProblems(
  layout: { fields: TField[]; document_users: TRecipient[] },
  pages: { width: number; height: number }[],
  mode: 'template' | 'send',
): TLayoutProblem[] {
  const problems: TLayoutProblem[] = [];
  const add = (path: (string | number)[], message: string) =>
    problems.push({ key: path.join('.'), message, path });
  const recipients = layout.document_users;
  // A template is used by sending it: with nobody to sign, approve or view it is not ready either.
  if (recipients.filter((r) => r.user_type !== 'CC').length === 0) {
    add(
      ['document_users'],
      mode === 'send'
        ? 'Add at least one recipient who signs, approves or views'
        : 'Add at least one role who signs, approves or views',
    );
  }
  const keys = new Set<string>();
  const emails = new Map<string, number>();
  recipients.forEach((r, i) => {
    if (keys.has(r.key)) add(['document_users', i, 'key'], 'Two recipients share one key');
    keys.add(r.key);
    if (mode === 'send') {
      const email = r.email.trim().toLowerCase();
      if (!isEmail(email)) add(['document_users', i, 'email'], 'Enter a valid email address');
      else if (emails.has(email)) add(['document_users', i, 'email'], `${email} is already a recipient`);
      else emails.set(email, i);
      if (!r.first_name.trim() && !r.last_name.trim())
        add(['document_users', i, 'first_name'], 'Enter a name');
    } else if (!r.role_name.trim() && !r.email.trim()) {
      add(['document_users', i, 'role_name'], 'Name the role');
    }
  });
  const fieldKeys = new Set<string>();
  layout.fields.forEach((f, i) => {
    if (fieldKeys.has(f.key)) add(['fields', i, 'key'], 'Two fields share one key');
    fieldKeys.add(f.key);
    const owner = recipients.find((r) => r.key === f.recipient_key);
    if (!owner) add(['fields', i, 'recipient_key'], 'Assign the field to a recipient');
    else if (owner.user_type === 'CC' || owner.user_type === 'VIEWER') {
      add(
        ['fields', i, 'recipient_key'],
        `A ${owner.user_type === 'CC' ? 'CC' : 'viewer'} cannot fill fields`,
      );
    }
    const page = pages[f.page - 1];
    if (!page) add(['fields', i, 'page'], `Page ${f.page} does not exist`);
    else if (f.x + f.width > page.width + 0.5 || f.y + f.height > page.height + 0.5) {
      add(['fields', i, 'x'], 'The field lies outside its page');
    }
    if (OPTION_FIELD_TYPES.includes(f.type) && f.options.length === 0) {
      add(['fields', i, 'options'], 'Add at least one option');
    }
  });
  recipients.forEach((r, i) => {
    if (r.user_type !== 'SIGNER') return;
    const owns = layout.fields.some(
      (f) => f.recipient_key === r.key && SIGNATURE_FIELD_TYPES.includes(f.type),
    );
    if (!owns) {
      const who =
        r.role_name || [r.first_name, r.last_name].join(' ').trim() || r.email || `Recipient ${i + 1}`;
      add(['document_users', i, 'fields'], `${who} has no signature field`);
    }
  });
  return problems;
}
