import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { ZId } from './ids';

/*
 * Apps (DOMAIN-PLATFORM "Apps"): an entity group packaged as one versioned JSON manifest that
 * another company installs in one transaction.
 *
 * A manifest lists components by kind. Each component has a manifest-local `key` and a `body`: the
 * create request of the module that owns that kind (`POST template/create`, `POST /entities`,
 * `POST entity-view-configuration`...), where every id of another component of the app is written
 * as a reference `@<kind>:<key>` (`"entity_id": "@entity:property"`). Installing creates the
 * components in dependency order, replacing each reference with the id just created; a reference
 * to a key the manifest does not have is refused (422 keyed to where it is written, e.g.
 * `entities.2.body.templates.0.template_id`). Sample records name other sample records as
 * `@record:<key>` in their ENTITY field values.
 */

/** The format name and the manifest version this build reads and writes. */
export const APP_MANIFEST_FORMAT = 'esigns.app';
export const APP_MANIFEST_VERSION = 1;

/** Component kinds, in install order (each may refer to the kinds before it, and templates to entities). */
export const APP_COMPONENT_KINDS = [
  'template',
  'entity',
  'relationship',
  'view',
  'email_template',
  'form',
  'workflow',
  'dashboard',
] as const;
export type TAppComponentKind = (typeof APP_COMPONENT_KINDS)[number];

/** Where each kind sits in a manifest. */
export const APP_SECTIONS: Record<TAppComponentKind, keyof TAppManifestSections> = {
  template: 'templates',
  entity: 'entities',
  relationship: 'relationships',
  view: 'views',
  email_template: 'email_templates',
  form: 'forms',
  workflow: 'workflows',
  dashboard: 'dashboards',
};

/**
 * A reference to a component (or a sample record) of the same manifest; a field of a template is
 * `@template:<key>#<field_key>` (the API's `<template_id>#<field_key>`).
 */
export const APP_REF_PATTERN =
  /^@(template|entity|relationship|view|email_template|form|workflow|dashboard|record):([a-z][a-z0-9_-]{0,62})(#[a-z][a-z0-9_]{0,62})?$/;
export const appRef = (kind: TAppComponentKind | 'record', key: string) => `@${kind}:${key}`;

export const INDUSTRY_TYPES = [
  { value: 'REAL_ESTATE', label: 'Real estate' },
  { value: 'SALES', label: 'Sales and CRM' },
  { value: 'HR', label: 'Human resources' },
  { value: 'FINANCE', label: 'Finance and legal' },
  { value: 'HEALTHCARE', label: 'Healthcare' },
  { value: 'EDUCATION', label: 'Education' },
  { value: 'OPERATIONS', label: 'Operations' },
  { value: 'OTHER', label: 'Other' },
] as const;
export type TIndustryType = (typeof INDUSTRY_TYPES)[number]['value'];
const INDUSTRY_VALUES = INDUSTRY_TYPES.map((t) => t.value) as [TIndustryType, ...TIndustryType[]];
export const ZIndustryType = z.enum(INDUSTRY_VALUES, {
  error: `Use one of ${INDUSTRY_VALUES.join(', ')}`,
});

export const MAX_APP_COMPONENTS = 200;
export const MAX_APP_RECORDS = 500;
/** Sample records taken per entity when packaging with sample data. */
export const APP_SAMPLE_RECORDS_PER_ENTITY = 20;

export const ZAppKey = z
  .string({ error: 'Give a key' })
  .regex(/^[a-z][a-z0-9_-]{0,62}$/, 'Use lowercase letters, digits, _ or -, starting with a letter');

export const ZAppVersion = z
  .string({ error: 'Give a version' })
  .trim()
  .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'Use a version like 1.0.0');

const ZBody = z.record(z.string(), z.unknown(), { error: 'Give the component as an object' });

export const ZAppComponent = z.object({ key: ZAppKey, body: ZBody });
export type TAppComponent = z.infer<typeof ZAppComponent>;

/** A relationship: `parent` is the parent entity's reference; the body is `POST /entities/{parent}/relationships`'s. */
export const ZAppRelationship = ZAppComponent.extend({ parent: z.string().max(80) });
export type TAppRelationship = z.infer<typeof ZAppRelationship>;

/** A menu group added to a staff user type's sidebar; its items are menu leaves with references. */
export const ZAppMenu = z.object({
  key: ZAppKey,
  user_type: z.enum(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER']),
  label: z.string().trim().min(1).max(60),
  icon: z.string().trim().max(80).nullable().default(null),
  items: z.array(z.record(z.string(), z.unknown())).max(50),
});
export type TAppMenu = z.infer<typeof ZAppMenu>;

export const ZAppRecord = z.object({
  key: ZAppKey,
  entity: z.string().max(80),
  /** Values of the entity's primary template by field key. */
  values: z.record(z.string(), z.unknown()),
});
export type TAppRecord = z.infer<typeof ZAppRecord>;

const components = () =>
  z.array(ZAppComponent).max(MAX_APP_COMPONENTS, `At most ${MAX_APP_COMPONENTS}`).default([]);

export const ZAppInfo = z.object({
  name: z.string({ error: 'Give the app a name' }).trim().min(1, 'Give the app a name').max(100),
  version: ZAppVersion,
  description: z.string().trim().max(4000).default(''),
  industry_type: ZIndustryType.default('OTHER'),
  icon: z.string().trim().max(80).nullable().default(null),
  /** What changed in this version. */
  release_notes: z.string().trim().max(4000).default(''),
  /** Image addresses (https or data: URLs) shown on the app's details. */
  screenshots: z.array(z.string().max(2_000_000)).max(8).default([]),
});
export type TAppInfo = z.infer<typeof ZAppInfo>;

export const ZAppManifest = z.object({
  format: z.literal(APP_MANIFEST_FORMAT, {
    error: `Not an app manifest (format must be ${APP_MANIFEST_FORMAT})`,
  }),
  manifest_version: z.literal(APP_MANIFEST_VERSION, {
    error: `This build reads manifest version ${APP_MANIFEST_VERSION}`,
  }),
  app: ZAppInfo,
  templates: components(),
  entities: components(),
  relationships: z
    .array(ZAppRelationship)
    .max(MAX_APP_COMPONENTS, `At most ${MAX_APP_COMPONENTS}`)
    .default([]),
  views: components(),
  email_templates: components(),
  forms: components(),
  workflows: components(),
  dashboards: components(),
  menus: z.array(ZAppMenu).max(10).default([]),
  records: z.array(ZAppRecord).max(MAX_APP_RECORDS, `At most ${MAX_APP_RECORDS} sample records`).default([]),
});
export type TAppManifest = z.output<typeof ZAppManifest>;
export type TAppManifestInput = z.input<typeof ZAppManifest>;
export type TAppManifestSections = Pick<
  TAppManifest,
  | 'templates'
  | 'entities'
  | 'relationships'
  | 'views'
  | 'email_templates'
  | 'forms'
  | 'workflows'
  | 'dashboards'
>;

/** What an app holds, for lists and details. */
export const ZAppContents = z.object({
  entities: z.array(z.string()),
  templates: z.number().int(),
  relationships: z.number().int(),
  views: z.number().int(),
  email_templates: z.number().int(),
  forms: z.array(z.string()),
  workflows: z.array(z.string()),
  dashboards: z.array(z.string()),
  menus: z.number().int(),
  records: z.number().int(),
});
export type TAppContents = z.infer<typeof ZAppContents>;

/** DRAFT: packaged, not offered; PENDING: waiting for the instance operator; APPROVED: listed; REJECTED. */
export const APP_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export type TAppStatus = (typeof APP_STATUSES)[number];

export const ZApp = z.object({
  _id: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string(),
  industry_type: ZIndustryType,
  icon: z.string().nullable(),
  release_notes: z.string(),
  screenshots: z.array(z.string()),
  status: z.enum(APP_STATUSES),
  /** Shipped with the product (every instance lists it). */
  shipped: z.boolean(),
  /** The company that published it (null: shipped). */
  publisher: z.object({ _id: z.string(), name: z.string() }).nullable(),
  review_note: z.string().nullable(),
  contents: ZAppContents,
  /** The caller's company has it installed, at this version (null: not installed). */
  installed_version: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TApp = z.infer<typeof ZApp>;

export const ZAppDetail = ZApp.extend({ manifest: ZAppManifest });
export type TAppDetail = z.infer<typeof ZAppDetail>;

export const ZAppListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  industry_type: ZIndustryType.optional(),
  /** `mine`: the caller's company's own apps, any status; `pending`: waiting for approval (operators). */
  scope: z.enum(['marketplace', 'mine', 'pending']).default('marketplace'),
});
export type TAppListQuery = z.output<typeof ZAppListQuery>;

/** `POST /create-application`: package an entity group (or take an uploaded manifest). */
export const ZCreateApplicationRequest = z
  .object({
    entity_group_id: ZId('Choose an entity group').optional(),
    /** An uploaded manifest (`/apps/upload`) or one built from a workbook (`/apps/create-from-excel`). */
    manifest: z.unknown().optional(),
    name: ZAppInfo.shape.name.optional(),
    version: ZAppVersion.default('1.0.0'),
    description: z.string().trim().max(4000).default(''),
    industry_type: ZIndustryType.default('OTHER'),
    icon: z.string().trim().max(80).nullable().default(null),
    release_notes: z.string().trim().max(4000).default(''),
    /** Package up to APP_SAMPLE_RECORDS_PER_ENTITY records per entity as sample data. */
    include_records: z.boolean().default(false),
  })
  .refine((b) => (b.entity_group_id ? 1 : 0) + (b.manifest === undefined ? 0 : 1) === 1, {
    message: 'Give either entity_group_id or manifest',
    path: ['entity_group_id'],
  });
export type TCreateApplicationRequest = z.input<typeof ZCreateApplicationRequest>;

/** `POST /createApp/{_id}`: publish (submit for approval) or, for the instance operator, decide. */
export const ZPublishAppRequest = z.object({
  action: z.enum(['PUBLISH', 'APPROVE', 'REJECT', 'WITHDRAW']).default('PUBLISH'),
  note: z.string().trim().max(2000).optional(),
});
export type TPublishAppRequest = z.input<typeof ZPublishAppRequest>;

/** `PATCH /updatePublishedApp`: a new version of one's app (packaged again or a new manifest); back to PENDING. */
export const ZUpdatePublishedAppRequest = z.object({
  _id: ZId('Choose an app'),
  version: ZAppVersion,
  release_notes: z.string().trim().max(4000).default(''),
  entity_group_id: ZId('Choose an entity group').optional(),
  manifest: z.unknown().optional(),
  include_records: z.boolean().default(false),
  description: z.string().trim().max(4000).optional(),
  industry_type: ZIndustryType.optional(),
});
export type TUpdatePublishedAppRequest = z.input<typeof ZUpdatePublishedAppRequest>;

/** `POST /create-entities-templates`: install (or update to the listed version) an app. */
export const ZInstallAppRequest = z.object({
  app_id: ZId('Choose an app'),
  /** Also create the app's sample records (first install only). */
  include_records: z.boolean().default(true),
});
export type TInstallAppRequest = z.input<typeof ZInstallAppRequest>;

export const ZUninstallAppQuery = z.object({
  /** Keep the app's entities, their templates and records (the rest goes). */
  keep_records: z
    .unknown()
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});

export const ZInstalledApp = z.object({
  _id: z.string(),
  app_id: z.string(),
  name: z.string(),
  version: z.string(),
  /** The version listed now (an update is offered when it differs). */
  latest_version: z.string().nullable(),
  industry_type: ZIndustryType,
  installed_at: z.string(),
  updated_at: z.string(),
  /** What was created, by manifest reference (`@entity:property` -> its id here). */
  created: z.record(z.string(), z.string()),
  /** Installed names that differ from the manifest's (clashes got a suffix). */
  renamed: z.record(z.string(), z.string()),
});
export type TInstalledApp = z.infer<typeof ZInstalledApp>;

export const ZInstallResult = ZInstalledApp.extend({
  records_created: z.number().int(),
  fields_added: z.number().int(),
});
export type TInstallResult = z.infer<typeof ZInstallResult>;

/** Create from Excel: the most sheets and rows per sheet read from a workbook, and its largest size. */
export const APP_EXCEL_MAX_SHEETS = 20;
export const APP_EXCEL_MAX_ROWS = 500;
export const APP_EXCEL_MAX_BYTES = 10 * 1024 * 1024;

/**
 * `POST /apps/excel-sheets`: one sheet of the workbook as an entity to review: its name, the fields
 * inferred from its header and values (form template fields), and its rows as values by field key.
 */
export const ZExcelSheetPreview = z.object({
  sheet: z.string(),
  name: z.string(),
  fields: z.array(z.record(z.string(), z.unknown())),
  rows: z.array(z.record(z.string(), z.unknown())),
  /** Non-empty rows below the header (only the first APP_EXCEL_MAX_ROWS become records). */
  row_count: z.number().int(),
});
export type TExcelSheetPreview = z.infer<typeof ZExcelSheetPreview>;

/** A manifest key from a name (`"Rent roll 2025"` -> `rent_roll_2025`), unique among `taken`. */
export function appKeyOf(name: string, taken: Set<string>): string {
  let base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  if (!/^[a-z]/.test(base)) base = `s_${base}`.replace(/_+$/, '') || 'sheet';
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base}_${n}`;
  taken.add(key);
  return key;
}

/**
 * Create from Excel: the manifest of reviewed sheets (each an entity with its own template, its
 * rows as sample records). The review screen and the tests build it the same way.
 */
export function manifestFromSheets(
  app: TAppManifestInput['app'],
  sheets: readonly Pick<TExcelSheetPreview, 'name' | 'fields' | 'rows'>[],
): TAppManifestInput {
  const taken = new Set<string>();
  const keys = sheets.map((sheet) => appKeyOf(sheet.name, taken));
  return {
    format: APP_MANIFEST_FORMAT,
    manifest_version: APP_MANIFEST_VERSION,
    app,
    templates: sheets.map((sheet, i) => ({
      key: keys[i]!,
      body: { name: sheet.name, fields: sheet.fields },
    })),
    entities: sheets.map((sheet, i) => ({
      key: keys[i]!,
      body: {
        name: sheet.name,
        templates: [{ template_id: appRef('template', keys[i]!), is_primary: true, hidden_on_add: false }],
      },
    })),
    records: sheets.flatMap((sheet, i) =>
      sheet.rows.map((values, r) => ({
        key: `${keys[i]!.slice(0, 50)}_r${r + 1}`,
        entity: appRef('entity', keys[i]!),
        values,
      })),
    ),
  };
}
