import { z } from 'zod';
import { ZInt4 } from './ids';
import { MAX_PAGE, MAX_PAGE_LIMIT, ZPageQuery } from './envelope';
import { ZFormField } from './nocode-fields';
import { ZFilterGroup, ZFieldRef, ZSorts } from './nocode-filters';

/*
 * Entities (business record types) and their records (DOMAIN-NOCODE "The model the spec
 * implies"). An entity is made of templates; exactly one of them is primary: its required fields
 * name a record and must be given to create one ('Primary fields data required'). A record's
 * values are kept per template: `values[template_id][field_key]`.
 */

export const ENTITY_TYPES = ['GENERAL', 'INDIVIDUAL', 'BUSINESS'] as const;
export type TEntityType = (typeof ENTITY_TYPES)[number];

export const MAX_ENTITY_TEMPLATES = 30;
export const PRIMARY_FIELDS_REQUIRED = 'Primary fields data required';

export const ZEntityName = z
  .string({ error: 'Give the entity a name' })
  .trim()
  .min(1, 'Give the entity a name')
  .max(100, 'At most 100 characters');

/** One template of an entity, in the order the record page shows them. */
export const ZEntityTemplate = z.object({
  template_id: z.uuid('Choose a form template'),
  /** The primary template names records; exactly one per entity. */
  is_primary: z.boolean().default(false),
  /** Shown on the record page but not asked for when adding a record. */
  hidden_on_add: z.boolean().default(false),
});
export type TEntityTemplate = z.infer<typeof ZEntityTemplate>;

/** Two records with the same values in all these fields are duplicates (spec: check-duplicate-rules). */
export const ZDuplicateRule = z.object({
  fields: z.array(ZFieldRef).min(1, 'Choose at least one field').max(5, 'At most 5 fields'),
  /** BLOCK: saving a duplicate answers 409; WARN: `check-duplicate-rules` reports it, saving works. */
  mode: z.enum(['BLOCK', 'WARN']).default('BLOCK'),
});
export type TDuplicateRule = z.infer<typeof ZDuplicateRule>;

const entityBody = {
  name: ZEntityName,
  description: z.string().trim().max(1000, 'At most 1000 characters').default(''),
  entity_type: z.enum(ENTITY_TYPES, { error: `Use one of ${ENTITY_TYPES.join(', ')}` }).default('GENERAL'),
  icon: z.string().trim().max(80).nullable().default(null),
  templates: z
    .array(ZEntityTemplate)
    .min(1, 'Add at least one template')
    .max(MAX_ENTITY_TEMPLATES, `At most ${MAX_ENTITY_TEMPLATES} templates`),
  /** The primary template's field shown as a record's title; default: its first text-like field. */
  display_field: z.string().trim().max(63).nullable().default(null),
  duplicate_rules: z.array(ZDuplicateRule).max(10, 'At most 10 rules').default([]),
};

export const ZCreateEntityRequest = z.object(entityBody);
export type TCreateEntityRequest = z.output<typeof ZCreateEntityRequest>;

/** `POST /entities/create`: an entity and its own new primary template, in one call. */
export const ZCreateEntityWithFieldsRequest = z.object({
  name: ZEntityName,
  description: entityBody.description,
  entity_type: entityBody.entity_type,
  icon: entityBody.icon,
  fields: z.array(ZFormField).min(1, 'Add at least one field'),
  /** Existing templates added after the new primary one. */
  templates: z
    .array(ZEntityTemplate)
    .max(MAX_ENTITY_TEMPLATES - 1)
    .default([]),
});
export type TCreateEntityWithFieldsRequest = z.output<typeof ZCreateEntityWithFieldsRequest>;

export const ZUpdateEntityRequest = z.object({
  ...entityBody,
  /** The version read; a stale one answers 409. */
  version: ZInt4().min(1).optional(),
});
export type TUpdateEntityRequest = z.output<typeof ZUpdateEntityRequest>;

export const ZEntity = z.object({
  _id: z.string(),
  company_id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  entity_type: z.enum(ENTITY_TYPES),
  icon: z.string().nullable(),
  templates: z.array(
    ZEntityTemplate.extend({
      name: z.string(),
      code: z.string(),
      is_repeatable: z.boolean(),
    }),
  ),
  primary_template_id: z.string(),
  /** The keys of the primary template's required fields. */
  primary_fields: z.array(z.string()),
  display_field: z.string().nullable(),
  duplicate_rules: z.array(ZDuplicateRule),
  records_count: z.number().int(),
  version: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TEntity = z.infer<typeof ZEntity>;

export const ZEntityListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  entity_type: z.enum(ENTITY_TYPES, { error: `Use one of ${ENTITY_TYPES.join(', ')}` }).optional(),
});
export type TEntityListQuery = z.output<typeof ZEntityListQuery>;

/** Template values of a record: `values[template_id][field_key]`. */
export const ZRecordValues = z.record(z.uuid('Use a template id'), z.record(z.string(), z.unknown()));
export type TRecordValues = z.infer<typeof ZRecordValues>;

export const ZEntityRecord = z.object({
  _id: z.string(),
  entity_id: z.string(),
  /** The record's display text (its primary display field). */
  title: z.string(),
  values: z.record(z.string(), z.record(z.string(), z.unknown())),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TEntityRecord = z.infer<typeof ZEntityRecord>;

/** One record as `GET /entity-data/{id}` answers it: with the titles of the records its ENTITY fields link. */
export const ZEntityRecordRead = ZEntityRecord.extend({
  /** Title by record id, for every linked record that still exists in the company. */
  linked_titles: z.record(z.string(), z.string()),
});
export type TEntityRecordRead = z.infer<typeof ZEntityRecordRead>;

export const ZCreateRecordRequest = z.object({
  entity_id: z.uuid('Use an entity id'),
  values: ZRecordValues,
});

/** The record grid and views: filters, sorts, search and a page (or a cursor for deep scrolling). */
export const ZRecordQuery = z.object({
  entity_id: z.uuid('Use an entity id'),
  filters: ZFilterGroup.optional(),
  /** A second group ANDed to `filters` (a view's or a saved filter's own, kept whole). */
  base_filters: ZFilterGroup.optional(),
  sort: ZSorts.default([]),
  /** Matches the record title by word prefix. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(20),
  /** Saved filter to apply (AND) on top of `filters`. */
  filter_id: z.uuid().optional(),
  /** The caller's global filters apply unless false. */
  apply_global_filters: z.boolean().default(true),
});
export type TRecordQuery = z.output<typeof ZRecordQuery>;

/**
 * Totals are exact up to this many matches (or up to ten pages past the one asked for, when that
 * is more); beyond, `total_capped` is true: counting a million rows would hold every page back.
 */
export const RECORD_COUNT_CAP = 10_000;

export const ZRecordPage = z.object({
  data: z.array(ZEntityRecord),
  total: z.number().int(),
  /** True when there are more matches than were counted (total is then a lower bound). */
  total_capped: z.boolean(),
  page: z.number().int(),
  total_pages: z.number().int(),
  /** Titles of the records the page's ENTITY fields link to, by id (one lookup per page). */
  linked_titles: z.record(z.string(), z.string()),
});
export type TRecordPage = z.infer<typeof ZRecordPage>;
