import { z } from 'zod';
import { ZInt4 } from './ids';
import { ZPageQuery } from './envelope';
import { ZFormField } from './nocode-fields';
import { ZFormFields } from './nocode-template-check';

/*
 * Form templates (spec 3 §7 "Templates"): named sets of typed fields that entities, forms and
 * records are built from. STANDARD templates are built in (the same for every company, read-only);
 * CUSTOM templates belong to one company.
 */

export const FORM_TEMPLATE_TYPES = ['STANDARD', 'CUSTOM'] as const;
export type TFormTemplateType = (typeof FORM_TEMPLATE_TYPES)[number];

/**
 * `templates/primary-template/{user_type}`: the template that holds the primary fields of people
 * (INDIVIDUAL: contacts) or organisations (BUSINESS: accounts). CONTACT and COMPANY are accepted
 * as other names for them.
 */
export const PRIMARY_USER_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;
export type TPrimaryUserType = (typeof PRIMARY_USER_TYPES)[number];
export const PRIMARY_USER_TYPE_ALIASES: Record<string, TPrimaryUserType> = {
  INDIVIDUAL: 'INDIVIDUAL',
  CONTACT: 'INDIVIDUAL',
  BUSINESS: 'BUSINESS',
  COMPANY: 'BUSINESS',
  ACCOUNT: 'BUSINESS',
};

export const MAX_TEMPLATE_ENTRIES = 1000;
/** Create-from-Excel: largest file, rows read to infer types, columns turned into fields. */
export const TEMPLATE_EXCEL_MAX_BYTES = 10 * 1024 * 1024;
export const TEMPLATE_EXCEL_SAMPLE_ROWS = 500;
export const TEMPLATE_EXCEL_MAX_COLUMNS = 200;
/** Document assets (images and PDFs used by a template). */
export const DOCUMENT_ASSET_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_ASSET_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;

const TEMPLATE_CODE = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** A code from a name: `"Bank details (India)"` -> `bank-details-india`. */
export function toTemplateCode(name: string): string {
  const code = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return code || 'template';
}

export const ZTemplateName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(120, 'At most 120 characters');

export const ZTemplateCode = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .regex(TEMPLATE_CODE, 'Use 1-63 lowercase letters, digits, - and _, starting with a letter or digit');

const templateSettings = {
  description: z.string().trim().max(1000, 'At most 1000 characters'),
  /** Several value sets per record (line items), like a data table of its own. */
  is_repeatable: z.boolean(),
  /** With `is_repeatable`: the most value sets a record may hold; null: no limit. */
  max_entries: z.number().int().min(1).max(MAX_TEMPLATE_ENTRIES).nullable(),
  primary_for_user_type: z.enum(PRIMARY_USER_TYPES).nullable(),
  /** An icon name of the icon set (shown in menus and lists). */
  icon: z.string().trim().max(80).nullable(),
};

export const ZFormTemplate = z.object({
  _id: z.string(),
  /** null for STANDARD templates (built in, shared by every company). */
  company_id: z.string().nullable(),
  name: z.string(),
  code: z.string(),
  type: z.enum(FORM_TEMPLATE_TYPES),
  description: z.string(),
  fields: z.array(ZFormField),
  is_repeatable: z.boolean(),
  max_entries: z.number().int().nullable(),
  primary_for_user_type: z.enum(PRIMARY_USER_TYPES).nullable(),
  icon: z.string().nullable(),
  /** Goes up by one on every change; send it back with an update to detect concurrent edits. */
  version: z.number().int(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFormTemplate = z.infer<typeof ZFormTemplate>;

export const FORM_TEMPLATE_SORTS = [
  'name',
  '-name',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
] as const;

const ZBooleanQuery = z
  .unknown()
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const ZFormTemplateListQuery = ZPageQuery.extend({
  /** Matches name, code or description (case-insensitive). */
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  type: z.enum(FORM_TEMPLATE_TYPES, { error: 'Use STANDARD or CUSTOM' }).optional(),
  /** With no `type`: add the STANDARD templates, first. */
  include_standard: ZBooleanQuery,
  sort: z
    .enum(FORM_TEMPLATE_SORTS, { error: `Use one of ${FORM_TEMPLATE_SORTS.join(', ')}` })
    .default('-updated_at'),
});
export type TFormTemplateListQuery = z.output<typeof ZFormTemplateListQuery>;

export const ZCreateFormTemplateRequest = z.object({
  name: ZTemplateName,
  /** Default: from the name, made unique in the company. */
  code: ZTemplateCode.optional(),
  description: templateSettings.description.default(''),
  fields: ZFormFields.refine((fields) => fields.length > 0, 'Add at least one field'),
  is_repeatable: templateSettings.is_repeatable.default(false),
  max_entries: templateSettings.max_entries.default(null),
  primary_for_user_type: templateSettings.primary_for_user_type.default(null),
  icon: templateSettings.icon.default(null),
});
export type TCreateFormTemplateRequest = z.output<typeof ZCreateFormTemplateRequest>;

export const ZUpdateFormTemplateRequest = z.object({
  _id: z.uuid('Unknown template id'),
  /** The version read; when given and no longer current, 409 (someone else saved meanwhile). */
  version: ZInt4().positive().optional(),
  name: ZTemplateName.optional(),
  code: ZTemplateCode.optional(),
  description: templateSettings.description.optional(),
  fields: ZFormFields.refine((fields) => fields.length > 0, 'Add at least one field').optional(),
  is_repeatable: templateSettings.is_repeatable.optional(),
  max_entries: templateSettings.max_entries.optional(),
  primary_for_user_type: templateSettings.primary_for_user_type.optional(),
  icon: templateSettings.icon.optional(),
});
export type TUpdateFormTemplateRequest = z.output<typeof ZUpdateFormTemplateRequest>;

export const ZDuplicateFormTemplateRequest = z.object({
  template_id: z.uuid('Unknown template id'),
  /** Default: the next free "Copy of <name>". */
  name: ZTemplateName.optional(),
});

export const ZDuplicateTitleRequest = z
  .object({
    /** The title wanted; without it, "Copy of <the template's name>". */
    name: ZTemplateName.optional(),
    template_id: z.uuid('Unknown template id').optional(),
  })
  .refine((body) => body.name !== undefined || body.template_id !== undefined, {
    message: 'Give the name to check or the template to copy',
    path: ['name'],
  });

export const ZDuplicateTitle = z.object({
  /** The title asked about (or "Copy of <name>"). */
  name: z.string(),
  /** Whether no other template of the company has that title. */
  is_available: z.boolean(),
  /** `name` when free, else the first free "name (2)", "name (3)"... */
  suggested_name: z.string(),
});
export type TDuplicateTitle = z.infer<typeof ZDuplicateTitle>;

export const ZTemplateFromExcelPreview = z.object({
  name: z.string(),
  code: z.string(),
  fields: z.array(ZFormField),
  /** Data rows read to infer the types. */
  rows_sampled: z.number().int(),
});
export type TTemplateFromExcelPreview = z.infer<typeof ZTemplateFromExcelPreview>;

export const ZDocumentAsset = z.object({
  /** The storage reference to keep in the template. */
  file_ref_id: z.string(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  template_id: z.string().nullable(),
  /** A short-lived download address. */
  url: z.string(),
});
export type TDocumentAsset = z.infer<typeof ZDocumentAsset>;
