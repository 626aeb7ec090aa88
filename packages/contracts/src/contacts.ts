import { z } from 'zod';
import { ZBranding } from './branding';
import { DOCUMENT_STATUSES, RECIPIENT_STATUSES, RECIPIENT_TYPES } from './documents';
import { ZPageQuery } from './envelope';

/*
 * Contacts and contact types (spec 2 "Contacts", "Contact types"): the company's address book of
 * people documents are sent to. Request schemas are shared by the API (route validation) and the
 * web app (forms); response schemas strip what the database holds beyond them.
 */

// ---------------------------------------------------------------------------------------------
// Limits

/** Rows one import file may hold (after the header row). */
export const CONTACT_IMPORT_MAX_ROWS = 10_000;
/** Largest import file (CSV or XLSX). */
export const CONTACT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Emails one batch call (`check-exists`, `formbuilder/user-creates`) may carry. */
export const CONTACT_BATCH_MAX = 1000;
/** Largest `limit` of the picker list `GET /contact-users`. */
export const CONTACT_PICKER_MAX_LIMIT = 50;

/** The columns of an import file, in the order of the sample CSV. */
export const CONTACT_IMPORT_COLUMNS = [
  'Email',
  'First Name',
  'Last Name',
  'Phone',
  'Title',
  'Account Name',
  'Contact Type',
] as const;

// ---------------------------------------------------------------------------------------------
// Fields

/** Lowercased and trimmed before it is checked and saved (spec 2 §5). */
export const ZContactEmail = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .max(254, 'At most 254 characters')
  .pipe(z.email('Enter a valid email address'));

const ZRequiredName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(100, 'At most 100 characters');
const ZOptionalName = z.string({ error: 'Must be text' }).trim().max(100, 'At most 100 characters');

export const ZContactPhone = z
  .string({ error: 'Must be text' })
  .trim()
  .max(40, 'At most 40 characters')
  .regex(/^[0-9+()\-.\s]*$/, 'Use digits, spaces and + - ( ) . only');

export const ZContactTypeName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(80, 'At most 80 characters');

const contactTypeFields = {
  /** A contact type of the company; null removes the type. */
  contact_type_id: z.uuid('Invalid contact type id').nullable().optional(),
  /**
   * A contact type by name (case-insensitive); '' removes the type. Ignored when
   * `contact_type_id` is given. Unknown names: see each route.
   */
  contact_type_name: z.string({ error: 'Must be text' }).trim().max(80, 'At most 80 characters').optional(),
};

const ZAddress = z
  .record(z.string().max(40), z.string({ error: 'Must be text' }).trim().max(500, 'At most 500 characters'))
  .refine((value) => Object.keys(value).length <= 20, 'At most 20 address parts');

const contactFields = {
  email: ZContactEmail,
  first_name: ZRequiredName,
  last_name: ZOptionalName.optional(),
  phone: ZContactPhone.optional(),
  title: ZOptionalName.optional(),
  account_name: z.string({ error: 'Must be text' }).trim().max(200, 'At most 200 characters').optional(),
  address: ZAddress.optional(),
  ...contactTypeFields,
};

/** `POST /contacts`. */
export const ZCreateContactRequest = z.object(contactFields);
export type TCreateContactRequest = z.input<typeof ZCreateContactRequest>;

const ZContactChanges = z.object(contactFields).partial();
const hasChange = (body: Record<string, unknown>) =>
  Object.entries(body).some(([key, value]) => key !== 'contact_id' && value !== undefined);

/** `PATCH /contacts/{id}`: any of the create fields; at least one. */
export const ZUpdateContactRequest = ZContactChanges.refine(hasChange, {
  message: 'Change at least one field',
});
export type TUpdateContactRequest = z.input<typeof ZUpdateContactRequest>;

/** `POST /contacts/update`: the PATCH body plus `contact_id`. */
export const ZUpdateContactByBodyRequest = ZContactChanges.extend({
  contact_id: z.uuid('Invalid contact id'),
}).refine(hasChange, { message: 'Change at least one field' });

/** A contact coming from a form (`formbuilder/user-create(s)`): only the email is required. */
export const ZFormContact = z.object({
  ...contactFields,
  first_name: ZOptionalName.optional(),
});
export type TFormContact = z.input<typeof ZFormContact>;

export const ZFormContactsRequest = z.object({
  contacts: z
    .array(ZFormContact, { error: 'Give a list of contacts' })
    .min(1, 'Give at least one contact')
    .max(CONTACT_BATCH_MAX, `At most ${CONTACT_BATCH_MAX} contacts per call`),
});

export const ZCheckContactRequest = z.object({ email: ZContactEmail });

export const ZCheckExistsRequest = z.object({
  emails: z
    .array(ZContactEmail, { error: 'Give a list of emails' })
    .min(1, 'Give at least one email')
    .max(CONTACT_BATCH_MAX, `At most ${CONTACT_BATCH_MAX} emails per call`),
});

/** `POST /contacts/check-contact-email`: is the email free, ignoring the contact being edited. */
export const ZCheckContactEmailRequest = z.object({
  email: ZContactEmail,
  contact_id: z.uuid('Invalid contact id').optional(),
});

export const CONTACT_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'account_name',
  '-account_name',
  'contact_type',
  '-contact_type',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
] as const;
export type TContactSort = (typeof CONTACT_SORTS)[number];

export const ZContactListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  /** A contact type id, or a type name (case-insensitive). */
  contact_type: z.string().trim().max(80).optional(),
  account_name: z.string().trim().max(200).optional(),
  sort: z.enum(CONTACT_SORTS, { error: `Use one of ${CONTACT_SORTS.join(', ')}` }).optional(),
});
export type TContactListQuery = z.input<typeof ZContactListQuery>;

export const ZContactPickerQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z
    .unknown()
    .optional()
    .transform((v) => {
      const n = typeof v === 'string' || typeof v === 'number' ? Number(v) : NaN;
      return Number.isInteger(n) && n > 0 ? Math.min(n, CONTACT_PICKER_MAX_LIMIT) : 10;
    }),
});

export const ZContactTypeRequest = z.object({ name: ZContactTypeName });
export type TContactTypeRequest = z.input<typeof ZContactTypeRequest>;

export const ZAccountNamesRequest = z.object({
  /** A contact type id or name; absent: every contact. */
  contact_type: z.string({ error: 'Must be text' }).trim().max(80).optional(),
  search: z.string({ error: 'Must be text' }).trim().max(100).optional(),
});

export const ZContactDocumentsQuery = ZPageQuery.extend({
  status: z.enum(DOCUMENT_STATUSES, { error: `Use one of ${DOCUMENT_STATUSES.join(', ')}` }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers

export const ZContactTypeRef = z.object({ _id: z.string(), name: z.string() });

export const ZContact = z.object({
  _id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** First and last name, or the email when both are empty. */
  name: z.string(),
  phone: z.string(),
  title: z.string(),
  account_name: z.string(),
  contact_type_id: z.string().nullable(),
  contact_type: ZContactTypeRef.nullable(),
  address: z.record(z.string(), z.string()),
  /** The contact's own login (contact area), once they have one. */
  user_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

/** A row of `GET /contact-users`: what a recipient picker needs. */
export const ZContactUser = z.object({
  _id: z.string(),
  contact_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  account_name: z.string(),
  contact_type: z.string().nullable(),
});
export type TContactUser = z.infer<typeof ZContactUser>;

export const ZContactType = z.object({
  _id: z.string(),
  name: z.string(),
  contact_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContactType = z.infer<typeof ZContactType>;

export const ZEmailExists = z.object({
  email: z.string(),
  exists: z.boolean(),
  contact_id: z.string().nullable(),
});
export type TEmailExists = z.infer<typeof ZEmailExists>;

export const ZEmailAvailability = z.object({
  available: z.boolean(),
  /** The contact holding the email, when it is taken. */
  contact_id: z.string().nullable(),
});
export type TEmailAvailability = z.infer<typeof ZEmailAvailability>;

export const ZFormContactResult = z.object({
  contact_id: z.string(),
  email: z.string(),
  is_new: z.boolean(),
});
export type TFormContactResult = z.infer<typeof ZFormContactResult>;

export const ZEntityDataName = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type TEntityDataName = z.infer<typeof ZEntityDataName>;

export const ZContactLoginCompany = z.object({
  company_id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** A short-lived URL of the company's logo; null when it has none (show the product logo). */
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  branding: ZBranding,
});
export type TContactLoginCompany = z.infer<typeof ZContactLoginCompany>;

export const ZImportError = z.object({
  /** The row's number in the spreadsheet: the header is row 1, the first contact row 2. */
  row: z.number().int(),
  message: z.string(),
});

export const ZContactImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows not imported; each has its reason in `errors`. */
  skipped: z.number().int(),
  errors: z.array(ZImportError),
});
export type TContactImportResult = z.infer<typeof ZContactImportResult>;

/** A document sent to a contact (`GET /documents/users/{contact_id}`). */
export const ZContactDocument = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  sent_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  updated_at: z.string(),
  is_archived: z.boolean(),
  document_user_id: z.string(),
  recipient_status: z.enum(RECIPIENT_STATUSES),
  recipient_type: z.enum(RECIPIENT_TYPES),
});
export type TContactDocument = z.infer<typeof ZContactDocument>;

/** "First Last", or the email when the contact has no name. */
export function contactDisplayName(contact: {
  first_name: string;
  last_name: string;
  email: string;
}): string {
  const name = `${contact.first_name} ${contact.last_name}`.trim();
  return name || contact.email;
}
