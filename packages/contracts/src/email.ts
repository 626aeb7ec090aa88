import { z } from 'zod';
import { ZEmail } from './auth';
import { ZPageQuery } from './envelope';
import { ZId } from './ids';
import { ZFilterGroup } from './nocode-filters';

/*
 * Email (spec 3 §7 "Email templates", "Mail"; ../shared/DOMAIN-PLATFORM.md "Email"): a company's
 * own SMTP, its header/footer templates (the brand on every mail, the product's own mails too),
 * entity email templates with merge fields, and mailing records with them.
 *
 * Merge fields (one syntax everywhere, checked when a template is saved):
 *   {{<template code>.<field key>}}  a field of the record's entity template, e.g. {{tenant.first_name}}
 *   {{global.<variable key>}}        a global variable's value
 *   {{record.id}} {{record.created_at}} {{record.updated_at}} {{record.url}}
 *   {{company.name}} {{company.email}} {{user.name}} {{user.email}} (the sender) {{today}}
 * A field with no value renders as nothing, never as `{{...}}`; an unknown merge field is a 422
 * on save naming it. Values are HTML-escaped in the HTML part.
 */

/** `{{ a.b }}` with optional spaces; the name is `a.b` (letters, digits, `_`, `-`, one dot at most twice). */
export const MERGE_FIELD_PATTERN = /\{\{\s*([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){0,2})\s*\}\}/g;

/** The merge field names a text uses, in order of first use, each once. */
export function mergeFieldsOf(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(MERGE_FIELD_PATTERN)) seen.add(match[1]!);
  return [...seen];
}

/** Merge fields every template may use, whatever its entity. */
export const FIXED_MERGE_FIELDS = [
  'record.id',
  'record.created_at',
  'record.updated_at',
  'record.url',
  'company.name',
  'company.email',
  'user.name',
  'user.email',
  'today',
] as const;

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

export const EMAIL_TEMPLATE_TYPES = ['ENTITY', 'HEADER_FOOTER'] as const;
export type TEmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

const name = z.string().trim().min(1, 'Give the template a name').max(120, 'At most 120 characters');
/** Rich text from the editor; sanitised on the server (tags and attributes of a kept list). */
const html = (what: string) => z.string().max(200_000, `${what} is too long (at most 200,000 characters)`);

/** `POST /entity-email-template/create`: an entity template, or a company header/footer template. */
export const ZEmailTemplateCreate = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ENTITY'),
    name,
    entity_id: ZId('Choose an entity'),
    subject: z.string().trim().min(1, 'Write a subject').max(300, 'At most 300 characters'),
    body_html: html('The body'),
    /** The header/footer around it; null: the company's default one (if any). */
    header_footer_id: ZId('Choose a header and footer').nullable().default(null),
  }),
  z.object({
    type: z.literal('HEADER_FOOTER'),
    name,
    header_html: html('The header'),
    footer_html: html('The footer'),
    /** The company's default: around every product mail and every template without its own. */
    is_default: z.boolean().default(false),
  }),
]);
export type TEmailTemplateCreate = z.input<typeof ZEmailTemplateCreate>;

/** `PATCH /entity-email-template/update`: `id` and the fields to change (its type cannot change). */
export const ZEmailTemplateUpdate = z.object({
  id: ZId('Invalid template id'),
  name: name.optional(),
  subject: z.string().trim().min(1, 'Write a subject').max(300).optional(),
  body_html: html('The body').optional(),
  header_footer_id: ZId('Choose a header and footer').nullable().optional(),
  header_html: html('The header').optional(),
  footer_html: html('The footer').optional(),
  is_default: z.boolean().optional(),
});
export type TEmailTemplateUpdate = z.input<typeof ZEmailTemplateUpdate>;

/** `POST /entity-email-template/duplicate`: a copy named "Copy of ..." (header/footer: never default). */
export const ZEmailTemplateDuplicate = z.object({ id: ZId('Invalid template id') });

export const ZEmailTemplate = z.object({
  _id: z.string(),
  type: z.enum(EMAIL_TEMPLATE_TYPES),
  name: z.string(),
  entity_id: z.string().nullable(),
  entity_name: z.string().nullable(),
  subject: z.string(),
  body_html: z.string(),
  header_footer_id: z.string().nullable(),
  header_html: z.string(),
  footer_html: z.string(),
  is_default: z.boolean(),
  /** The merge fields the template uses. */
  merge_fields: z.array(z.string()),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

/** `GET email-template/list`: every template of the company, newest change first. */
export const ZEmailTemplateListQuery = ZPageQuery.extend({
  type: z.enum(EMAIL_TEMPLATE_TYPES).optional(),
  entity_id: ZId('Invalid entity id').optional(),
  search: z.string().trim().max(200).optional(),
});

/** A merge field the editor offers: `{{name}}` and what it shows. */
export const ZMergeField = z.object({
  name: z.string(),
  label: z.string(),
  group: z.string(),
});
export type TMergeField = z.infer<typeof ZMergeField>;

/**
 * `POST /entity-email-template/preview` (product addition: the editor's preview): renders a template
 * (saved, by `id`, or the editor's unsaved `draft`) with a real record of its entity.
 */
export const ZEmailTemplatePreviewRequest = z
  .object({
    id: ZId('Invalid template id').optional(),
    draft: z
      .object({
        entity_id: ZId('Choose an entity'),
        subject: z.string().max(300),
        body_html: html('The body'),
        header_footer_id: ZId('Choose a header and footer').nullable().default(null),
      })
      .optional(),
    record_id: ZId('Choose a record').optional(),
    /** Also mail the rendered result to the caller ("Send a test to myself"). */
    send_to_me: z.boolean().default(false),
  })
  .refine((b) => (b.id === undefined) !== (b.draft === undefined), {
    message: 'Give a template id or a draft',
    path: ['id'],
  });
export const ZRenderedEmail = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Merge fields that had no value for this record (rendered empty). */
  empty_fields: z.array(z.string()),
});
export type TRenderedEmail = z.infer<typeof ZRenderedEmail>;

// ---------------------------------------------------------------------------------------------
// Mailing records
// ---------------------------------------------------------------------------------------------

/** The most records one `POST /entities/emails` reaches. */
export const MAX_RECORD_MAILS = 10_000;

/**
 * `POST /entities/emails`: mail records of an entity with one of its templates. Each record's
 * address comes from `to_field` (an EMAIL field `<template_id>#<field_key>`) or, for a contact
 * entity, its contact's email. One durable job; each record mailed once.
 */
export const ZRecordMailRequest = z
  .object({
    entity_id: ZId('Choose an entity'),
    template_id: ZId('Choose an email template'),
    record_ids: z.array(ZId('Invalid record id')).min(1).max(MAX_RECORD_MAILS).optional(),
    /**
     * Every record the caller sees in the grid instead of a list, narrowed as the grid is: a saved
     * filter, the grid's own `filters`, a view's `base_filters` and the title `search` (the same
     * meaning as in `POST /entities/{id}/list`). More than MAX_RECORD_MAILS: 422 on `all`.
     */
    all: z.boolean().default(false),
    filter_id: ZId('Invalid filter id').optional(),
    filters: ZFilterGroup.optional(),
    base_filters: ZFilterGroup.optional(),
    search: z.string().trim().max(100).optional(),
    to_field: z.string().trim().max(140).optional(),
    cc: z.array(ZEmail).max(10).default([]),
  })
  .refine((b) => b.all || (b.record_ids?.length ?? 0) > 0, {
    message: 'Choose at least one record',
    path: ['record_ids'],
  });
export type TRecordMailRequest = z.input<typeof ZRecordMailRequest>;

/** The answer of `POST /entities/emails` and `GET /entities/emails/{batch_id}` (product addition). */
export const ZRecordMailBatch = z.object({
  batch_id: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE']),
  total: z.number().int(),
  queued: z.number().int(),
  /** Records without an address (or a bad one): not mailed, counted here. */
  skipped: z.number().int(),
});
export type TRecordMailBatch = z.infer<typeof ZRecordMailBatch>;

// ---------------------------------------------------------------------------------------------
// Company SMTP
// ---------------------------------------------------------------------------------------------

export const SMTP_SECURITY = ['NONE', 'STARTTLS', 'TLS'] as const;

/**
 * `POST /config/smtp`: the company's own SMTP. Tried first (connection, login, and a test mail to
 * `test_to`, default the caller): saved only when it works, else 422 'Please Verify your Details
 * Once' with the server's reason. `password` omitted: keep the stored one. `enabled: false` goes
 * back to the instance's SMTP (settings kept).
 */
export const ZSmtpConfigWrite = z.object({
  enabled: z.boolean().default(true),
  host: z
    .string()
    .trim()
    .min(1, 'Enter the SMTP host')
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, 'Enter a host name or address'),
  port: z.number().int().min(1).max(65_535),
  security: z.enum(SMTP_SECURITY),
  username: z.string().trim().max(254).default(''),
  password: z.string().max(512).optional(),
  from_name: z.string().trim().min(1, 'Enter the sender name').max(120),
  from_email: ZEmail,
  test_to: ZEmail.optional(),
});
export type TSmtpConfigWrite = z.input<typeof ZSmtpConfigWrite>;

/** `GET /config/smtp`: never the password. `configured: false` and nulls when none is saved. */
export const ZSmtpConfig = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: z.enum(SMTP_SECURITY).nullable(),
  username: z.string().nullable(),
  has_password: z.boolean(),
  from_name: z.string().nullable(),
  from_email: z.string().nullable(),
  verified_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TSmtpConfig = z.infer<typeof ZSmtpConfig>;
