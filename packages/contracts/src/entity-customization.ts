import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { ZIconName } from './icons';
import { ZFieldRef, ZSort } from './nocode-filters';

/*
 * Entity customization (spec 1 §7, spec 3 §3 "Entity customization: label, entity_id, isActive"):
 * named looks of an entity's screens. An entity may have several; at most one is active, and the
 * record screens follow the active one (`GET /entity-customization/entity/isActive/{id}`).
 * Anything left null or empty keeps the screens' own default.
 *
 * `config`:
 * - `labels.singular` / `labels.plural`: what a record is called ("Property" / "Properties"),
 *   in titles and buttons instead of the entity's name;
 * - `icon`: an icon of the icon library for the entity's screens;
 * - `primary_color`: `#RRGGBB`, the accent of the entity's screens;
 * - `record_tabs`: the tabs of a record's page, in order (DETAILS always first);
 * - `list_columns`: the record list's columns, as field references (`<template_id>#<key>` of
 *   the entity's templates, or `created_at`, `updated_at`, `created_by`, `title`); empty: all;
 * - `default_sort`: the record list's sort until the user picks one;
 * - `page_size`: records per page of the list;
 * - `buttons`: labels of the add, edit, delete and save buttons.
 */

export const RECORD_TABS = ['DETAILS', 'RELATIONSHIPS', 'DOCUMENTS', 'FILES', 'ACTIVITY'] as const;
export type TRecordTab = (typeof RECORD_TABS)[number];

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const BUTTON_KINDS = ['add', 'edit', 'delete', 'save'] as const;

const ZShortLabel = z.string().trim().max(60, 'At most 60 characters');
/** Null or empty: the screen's default. */
const ZOptionalLabel = ZShortLabel.nullable().default(null);

export const ZEntityCustomizationConfig = z.object({
  labels: z
    .object({ singular: ZOptionalLabel, plural: ZOptionalLabel })
    .default({ singular: null, plural: null }),
  icon: ZIconName.nullable().default(null),
  primary_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1E88E5')
    .nullable()
    .default(null),
  record_tabs: z
    .array(z.enum(RECORD_TABS, { error: `Use ${RECORD_TABS.join(', ')}` }))
    .min(1, 'Show at least the details tab')
    .max(RECORD_TABS.length)
    .default([...RECORD_TABS])
    .superRefine((tabs, ctx) => {
      if (tabs[0] !== 'DETAILS') ctx.addIssue({ code: 'custom', message: 'The details tab comes first' });
      if (new Set(tabs).size !== tabs.length) ctx.addIssue({ code: 'custom', message: 'Show each tab once' });
    }),
  list_columns: z
    .array(ZFieldRef)
    .max(30, 'At most 30 columns')
    .default([])
    .superRefine((columns, ctx) => {
      const seen = new Set<string>();
      columns.forEach((column, index) => {
        if (seen.has(column))
          ctx.addIssue({ code: 'custom', message: 'This column is already shown', path: [index] });
        seen.add(column);
      });
    }),
  default_sort: ZSort.nullable().default(null),
  page_size: z.literal(PAGE_SIZES, { error: `Use ${PAGE_SIZES.join(', ')}` }).default(20),
  buttons: z
    .object({ add: ZOptionalLabel, edit: ZOptionalLabel, delete: ZOptionalLabel, save: ZOptionalLabel })
    .default({ add: null, edit: null, delete: null, save: null }),
});
export type TEntityCustomizationConfig = z.output<typeof ZEntityCustomizationConfig>;
export type TEntityCustomizationConfigInput = z.input<typeof ZEntityCustomizationConfig>;

/** The config with every default, for a new customization. */
export const defaultCustomizationConfig = (): TEntityCustomizationConfig =>
  ZEntityCustomizationConfig.parse({});

const ZCustomizationLabel = z
  .string({ error: 'Give the customization a name' })
  .trim()
  .min(1, 'Give the customization a name')
  .max(100, 'At most 100 characters');

export const ZCreateEntityCustomizationRequest = z.object({
  entity_id: z.uuid('Choose an entity'),
  label: ZCustomizationLabel,
  /** Activating it deactivates the entity's other customizations. */
  isActive: z.boolean().default(false),
  config: ZEntityCustomizationConfig.default(defaultCustomizationConfig),
});
export type TCreateEntityCustomizationRequest = z.input<typeof ZCreateEntityCustomizationRequest>;

export const ZUpdateEntityCustomizationRequest = z.object({
  _id: z.uuid('Choose a customization'),
  label: ZCustomizationLabel.optional(),
  isActive: z.boolean().optional(),
  config: ZEntityCustomizationConfig.optional(),
  /** The `updated_at` read: another one (a change meanwhile) answers 409. */
  updated_at: z.iso.datetime({ offset: true, error: 'Give the updated_at you read' }).optional(),
});
export type TUpdateEntityCustomizationRequest = z.input<typeof ZUpdateEntityCustomizationRequest>;

export const ZEntityCustomization = z
  .object({
    _id: z.string(),
    company_id: z.string(),
    entity_id: z.string(),
    entity_name: z.string(),
    label: z.string(),
    isActive: z.boolean(),
    config: ZEntityCustomizationConfig,
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EntityCustomization' });
export type TEntityCustomization = z.output<typeof ZEntityCustomization>;

export const ZEntityCustomizationListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  entity_id: z.uuid('Choose an entity').optional(),
});
export type TEntityCustomizationListQuery = z.output<typeof ZEntityCustomizationListQuery>;
