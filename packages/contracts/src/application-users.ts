import { z } from 'zod';
import { ZEmail, ZName, ZPassword, ZTokenPair } from './auth';
import { DOCUMENT_STATUSES, RECIPIENT_STATUSES, RECIPIENT_TYPES } from './documents';
import { MAX_PAGE, MAX_PAGE_LIMIT, ZPageQuery, ZPaged } from './envelope';
import { SUBMISSION_STATUSES } from './form-builders';

/**
 * The contact area (`/ap`, spec 3 §7 "Application users"): contacts of a company who sign in to
 * see the documents sent to them, their forms, workflows and the records their contact type may
 * use. Staff give and revoke portal access on a contact; contact types carry entity permissions.
 */

export const APPLICATION_USER_STATUSES = ['INVITED', 'ACTIVE', 'REVOKED'] as const;
export type TApplicationUserStatus = (typeof APPLICATION_USER_STATUSES)[number];

/** The value of `user_type` in a contact's access token (never a staff user type). */
export const CONTACT_USER_TYPE = 'CONTACT';

const ZUuid = z.string().uuid('Invalid id');
/** Invitation and password-reset link tokens of the contact area. */
const ZLinkToken = z.string().trim().min(1, 'Required').max(200);
/** A company's sign-in slug (`GET /contact-login/company/{slug}`). */
const ZCompanySlug = z.string().trim().min(1, 'Required').max(100);

// ---------- Staff: a contact's portal access ----------

/** `GET|POST|DELETE /contacts/{id}/portal-access`: where a contact's portal access stands. */
export const ZPortalAccess = z.object({
  contact_id: z.string(),
  /** NONE: never given. */
  status: z.enum([...APPLICATION_USER_STATUSES, 'NONE']),
  email: z.string(),
  account_data_id: z.string().nullable(),
  invited_at: z.string().nullable(),
  activated_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_signin_at: z.string().nullable(),
});
export type TPortalAccess = z.infer<typeof ZPortalAccess>;

/**
 * `POST /contacts/{id}/portal-access`: give access (or invite again): mails the contact an
 * invitation link to set a password. `account_data_id` names their account record (a record of
 * a BUSINESS or INDIVIDUAL entity of the company); omitted: the BUSINESS record named like the
 * contact's account name, when there is exactly one.
 */
export const ZGrantPortalAccessRequest = z.object({
  account_data_id: ZUuid.nullable().optional(),
});
export type TGrantPortalAccessRequest = z.input<typeof ZGrantPortalAccessRequest>;

/** `PATCH /contacts/{id}/portal-access`: another account record for access given before (null: none). */
export const ZChangePortalAccountRequest = z.object({
  account_data_id: ZUuid.nullable(),
});
export type TChangePortalAccountRequest = z.input<typeof ZChangePortalAccountRequest>;

// ---------- Contacts: invitation, sign-in, password ----------

/** `POST /application/user-email-verify`: what an invitation or reset link is for, before the form. */
export const ZApplicationUserEmailVerifyRequest = z.object({ token: ZLinkToken });
export const ZApplicationUserLinkInfo = z.object({
  purpose: z.enum(['INVITATION', 'PASSWORD_RESET']),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** A password already exists (the email has an account): the invitation only asks to sign in. */
  has_password: z.boolean(),
  company: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
});
export type TApplicationUserLinkInfo = z.infer<typeof ZApplicationUserLinkInfo>;

/**
 * `POST /application/user-verify`: accept an invitation or a password reset with the link's token:
 * sets the password (`password` required unless the account has one and this is an invitation),
 * activates the portal access and signs the contact in.
 */
export const ZApplicationUserVerifyRequest = z.object({
  token: ZLinkToken,
  password: ZPassword.optional(),
  first_name: ZName.optional(),
  last_name: ZName.optional(),
});
export type TApplicationUserVerifyRequest = z.input<typeof ZApplicationUserVerifyRequest>;

/** `POST /application-user-signin`: email and password on the company's contact sign-in page. */
export const ZApplicationUserSigninRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, 'Required').max(128),
  company_slug: ZCompanySlug,
});
export type TApplicationUserSigninRequest = z.input<typeof ZApplicationUserSigninRequest>;

/**
 * `POST /application-user/forgot-or-resend`: mails a password-reset link to a contact with active
 * access, or the invitation again to one still INVITED. The answer is the same whatever the email.
 */
export const ZApplicationUserForgotRequest = z.object({ email: ZEmail, company_slug: ZCompanySlug });
export const ZApplicationUserForgotReply = z.object({ sent: z.literal(true) });

export const ZContactTypeRef = z.object({ _id: z.string(), name: z.string() });

/** The signed-in contact as the client keeps it (spec 3 §3: `is_contact`, `account_data_id`, `contact_type`). */
export const ZApplicationUserDetails = z.object({
  _id: z.string(),
  contact_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  signature: z.string().nullable(),
  initial: z.string().nullable(),
  avatar: z.string().nullable(),
  is_contact: z.literal(true),
  user_type: z.literal(CONTACT_USER_TYPE),
  account_data_id: z.string().nullable(),
  contact_type: ZContactTypeRef.nullable(),
  company_name: z.string(),
  company: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  mf2a_enabled: z.boolean(),
});
export type TApplicationUserDetails = z.infer<typeof ZApplicationUserDetails>;

/** `PATCH /application-user/profile`: the contact's own names, phone and title (at least one). */
export const ZApplicationUserProfileUpdate = z
  .object({
    first_name: ZName.optional(),
    last_name: ZName.optional(),
    title: z.string().trim().max(100).nullable().optional(),
    phone: z
      .string()
      .trim()
      .max(20)
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number like +91 98765 43210')
      .nullable()
      .optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Change at least one field',
  });
export type TApplicationUserProfileUpdate = z.input<typeof ZApplicationUserProfileUpdate>;

export const ZApplicationUserWorkspace = z.object({
  company_id: z.string(),
  account_data_id: z.string().nullable(),
  contact_type: ZContactTypeRef.nullable(),
});

/** A contact's session (sign-in, invitation accepted, second factor passed). */
export const ZApplicationUserSession = ZTokenPair.extend({
  user_details: ZApplicationUserDetails,
  activeWorkSpace: ZApplicationUserWorkspace,
  /** The company's date format (spec default MM-DD-YYYY). */
  globalDateFormat: z.string(),
});
export type TApplicationUserSession = z.infer<typeof ZApplicationUserSession>;

/** Sign-in reply: a session, or (second factor on) the challenge `POST /mf2a/verifyOTP` answers. */
export const ZApplicationUserSigninReply = z.union([
  ZApplicationUserSession.extend({ mf2a: z.literal(false) }),
  z.object({ mf2a: z.literal(true), user_id: z.string(), mf2a_method: z.enum(['TOTP', 'EMAIL']) }),
]);
export type TApplicationUserSigninReply = z.infer<typeof ZApplicationUserSigninReply>;

// ---------- Entity permissions of contact types ----------

export const CONTACT_RECORD_SCOPES = ['OWN', 'ALL'] as const;
export type TContactRecordScope = (typeof CONTACT_RECORD_SCOPES)[number];

/** One entity's rule for a contact type. `scope` OWN: records linked to the contact's account record or created by them. */
export const ZEntityPermissionRule = z.object({
  entity_id: ZUuid,
  read: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  scope: z.enum(CONTACT_RECORD_SCOPES).default('OWN'),
});
export type TEntityPermissionRule = z.infer<typeof ZEntityPermissionRule>;

export const ZApplicationUserPermission = ZEntityPermissionRule.extend({
  _id: z.string(),
  contact_type_id: z.string(),
  contact_type_name: z.string(),
  entity_name: z.string(),
  updated_at: z.string(),
});
export type TApplicationUserPermission = z.infer<typeof ZApplicationUserPermission>;

/** At most one rule per entity in a request. */
const ZRules = z
  .array(ZEntityPermissionRule)
  .max(500)
  .refine((rules) => new Set(rules.map((r) => r.entity_id)).size === rules.length, {
    message: 'An entity appears twice',
  });

/**
 * `POST /application-user/permissions` (add or change the listed rules) and `PUT` (the type's
 * whole set: rules not listed are removed), with the contact type in the body.
 */
export const ZApplicationUserPermissionsRequest = z.object({ contact_type_id: ZUuid, permissions: ZRules });
/** `POST|PUT /application-user/permissions/{id}`: the same, `{id}` being the contact type. */
export const ZApplicationUserPermissionsByTypeRequest = z.object({ permissions: ZRules });

/** `GET /application-user/permissions/entity/{id}` for a contact: what they may do with that entity. */
export const ZContactEntityAccess = z.object({
  entity_id: z.string(),
  read: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  scope: z.enum(CONTACT_RECORD_SCOPES),
});
export type TContactEntityAccess = z.infer<typeof ZContactEntityAccess>;

// =============================================================================================
// The contact area's content screens (web `/ap`): the lists they read. Written by the contact
// screens from what they need; the contact-scoped routes answer these shapes.
// =============================================================================================

/** `GET /application-user/documents?filter=`: `waiting` only what waits for the contact now. */
export const APPLICATION_USER_DOCUMENT_FILTERS = ['all', 'waiting', 'completed'] as const;
export type TApplicationUserDocumentFilter = (typeof APPLICATION_USER_DOCUMENT_FILTERS)[number];

/** Paging of the contact's documents: a page or limit that is not a whole number in range is 422. */
export const ZApplicationUserDocumentsQuery = z.object({
  page: z.coerce
    .number('Use a page number')
    .int('Use a whole number')
    .min(1, 'Pages start at 1')
    .max(MAX_PAGE, `At most ${MAX_PAGE}`)
    .default(1),
  limit: z.coerce
    .number('Use a number of rows')
    .int('Use a whole number')
    .min(1, 'At least 1')
    .max(MAX_PAGE_LIMIT, `At most ${MAX_PAGE_LIMIT}`)
    .default(5),
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  filter: z.enum(APPLICATION_USER_DOCUMENT_FILTERS).default('all'),
});
export type TApplicationUserDocumentsQuery = z.input<typeof ZApplicationUserDocumentsQuery>;

/**
 * One document sent to the signed-in contact (a recipient whose email or contact is theirs),
 * never a DRAFT. Sorted: waiting for them first, then the most recently sent.
 */
export const ZApplicationUserDocument = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  sender: z.object({ name: z.string(), email: z.string() }),
  /** The contact's own recipient on the document. */
  recipient: z.object({
    _id: z.string(),
    user_type: z.enum(RECIPIENT_TYPES),
    status: z.enum(RECIPIENT_STATUSES),
  }),
  /** It is the contact's turn to sign or approve. */
  waiting_for_me: z.boolean(),
  /**
   * Where "Sign" opens the signing screen as their own recipient (an app path with the link's
   * secret, like the mailed link); null unless `waiting_for_me`.
   */
  sign_url: z.string().nullable(),
  /** A sealed copy exists (`POST /application-user/documents/{id}/download`). */
  can_download: z.boolean(),
  progress: z.object({ done: z.number().int(), required: z.number().int() }),
  sent_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type TApplicationUserDocument = z.infer<typeof ZApplicationUserDocument>;
export const ZApplicationUserDocuments = ZPaged(ZApplicationUserDocument);

/** `POST /application-user/documents/{id}/download`: a short-lived address of the sealed PDF. */
export const ZApplicationUserDownload = z.object({ Location: z.string() });

/** `GET /application-user/formbuilders`: the forms assigned to the contact (their contact, type or email). */
export const ZApplicationUserFormsQuery = ZPageQuery.extend({
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});

export const ZApplicationUserSubmissionSummary = z.object({
  _id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type TApplicationUserSubmissionSummary = z.infer<typeof ZApplicationUserSubmissionSummary>;

export const ZApplicationUserForm = z.object({
  _id: z.string(),
  name: z.string(),
  /** The segment of `/ap/fbd/{code}`. */
  code: z.string(),
  description: z.string(),
  /** OPEN, or why it cannot be filled now (as the public form says). */
  availability: z.enum(['OPEN', 'NOT_YET_OPEN', 'CLOSED', 'FULL', 'INACTIVE']),
  /** The form takes more than one submission from the same person. */
  allows_many: z.boolean(),
  /** The contact's own submissions, newest first. */
  submissions: z.array(ZApplicationUserSubmissionSummary),
});
export type TApplicationUserForm = z.infer<typeof ZApplicationUserForm>;
export const ZApplicationUserForms = ZPaged(ZApplicationUserForm);
