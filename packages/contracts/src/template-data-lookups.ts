import { z } from 'zod';
import { MAX_PAGE } from './envelope';
import type { TFormFieldType } from './nocode-field-types';
import { ZFieldRef } from './nocode-filters';

/*
 * Spec 3 §7 record calls that read template data without changing it: "is this value taken"
 * (`POST /entities-data/check`), template data of records (`GET /templates-data`) and a record's
 * fields with their values as text (`POST /TemplatesFieldsDataFromEntities`). The change of one
 * repeatable entry by its id (`PATCH /templates-data/{template_data_id}`) takes
 * `ZRepeatableEntryPatch` of `record-extras.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Is this value already taken?

/** Field types `POST /entities-data/check` compares: text (case-insensitively) and numbers (exactly). */
export const VALUE_CHECK_FIELD_TYPES: readonly TFormFieldType[] = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'EMAIL',
  'PHONE',
  'URL',
  'BARCODE',
  'AUTO_INCREMENT',
  'NUMBER',
  'CURRENCY',
  'PERCENTAGE',
];

/** Records answered at most by the check. */
export const VALUE_CHECK_MAX_RECORDS = 5;

export const ZValueCheckRequest = z.object({
  entity_id: z.uuid('Use an entity id'),
  /** `<template_id>#<key>`: a field of a non-repeatable template of the entity. */
  field: ZFieldRef,
  value: z.union([z.string().max(2000, 'At most 2,000 characters'), z.number()], {
    error: 'Give a text or a number',
  }),
  /** The record being edited (it does not count). */
  exclude_id: z.uuid('Use a record id').optional(),
});
export type TValueCheckRequest = z.infer<typeof ZValueCheckRequest>;

export const ZValueCheckResult = z.object({
  exists: z.boolean(),
  /** Up to 5 records holding the value, newest first. */
  records: z.array(z.object({ _id: z.string(), title: z.string() })),
});
export type TValueCheckResult = z.infer<typeof ZValueCheckResult>;

// ---------------------------------------------------------------------------------------------
// Template data of records

export const TEMPLATE_DATA_MAX_LIMIT = 100;

export const ZTemplateDataQuery = z.object({
  template_id: z.uuid('Use a template id'),
  entity_id: z.uuid('Use an entity id').optional(),
  entity_data_id: z.uuid('Use a record id').optional(),
  /** Matches record titles. */
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  page: z.coerce
    .number({ error: 'Give a page number' })
    .int('Give a page number')
    .min(1)
    .max(MAX_PAGE)
    .default(1),
  limit: z.coerce
    .number({ error: 'Give a number of rows' })
    .int('Give a number of rows')
    .min(1, 'At least 1')
    .max(TEMPLATE_DATA_MAX_LIMIT, `At most ${TEMPLATE_DATA_MAX_LIMIT}`)
    .default(20),
});
export type TTemplateDataQuery = z.output<typeof ZTemplateDataQuery>;

export const ZTemplateDataRow = z.object({
  entity_data_id: z.string(),
  entity_id: z.string(),
  /** The record's title. */
  title: z.string(),
  template_id: z.string(),
  /** A repeatable template's entry; null for a non-repeatable template (addressed by record and template). */
  template_data_id: z.string().nullable(),
  values: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
});
export type TTemplateDataRow = z.infer<typeof ZTemplateDataRow>;

export const ZTemplateDataPage = z.object({
  data: z.array(ZTemplateDataRow),
  total: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type TTemplateDataPage = z.infer<typeof ZTemplateDataPage>;

// ---------------------------------------------------------------------------------------------
// A record's fields as text

export const ZTemplatesFieldsRequest = z.object({
  entity_id: z.uuid('Use an entity id'),
  entity_data_id: z.uuid('Use a record id'),
  /** Only these (non-repeatable) templates of the entity; default every non-repeatable one. */
  template_ids: z.array(z.uuid('Use template ids')).min(1, 'Choose a template').max(30).optional(),
});
export type TTemplatesFieldsRequest = z.infer<typeof ZTemplatesFieldsRequest>;

export const ZTemplateFieldsText = z.object({
  template_id: z.string(),
  template_name: z.string(),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      input_type: z.string(),
      /** As stored (computed values filled in). */
      value: z.unknown(),
      /** Printable: files by name, linked records by title, dates `DD MMM YYYY`; '' when empty. */
      text: z.string(),
    }),
  ),
});
export type TTemplateFieldsText = z.infer<typeof ZTemplateFieldsText>;

export const ZTemplatesFieldsResult = z.array(ZTemplateFieldsText);
export type TTemplatesFieldsResult = z.infer<typeof ZTemplatesFieldsResult>;

/** The fields as plain text lines, `Label: value` (empty values left out), a heading per template. */
export function fieldsAsText(templates: readonly TTemplateFieldsText[]): string {
  return templates
    .map((template) => {
      const lines = template.fields.filter((f) => f.text !== '').map((f) => `${f.label}: ${f.text}`);
      return lines.length > 0 ? [template.template_name, ...lines].join('\n') : '';
    })
    .filter(Boolean)
    .join('\n\n');
}
