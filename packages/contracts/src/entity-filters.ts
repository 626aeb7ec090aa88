import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { NUMERIC_FIELD_TYPES, type TFormFieldType } from './nocode-field-types';
import {
  FILTER_OPERATORS,
  ZFieldRef,
  ZFilterGroup,
  ZFilterRule,
  ZSorts,
  type TFilterOperator,
  type TSystemColumn,
} from './nocode-filters';

/*
 * Saved filters of an entity (spec 3 §7 "Filters": `entity-filter`, `filters`) and a user's global
 * filters (/profilesettings/global-filters). A saved filter is shared with the company
 * (`shared: true`, no owner) or the author's own; quick filters show as one-click chips above the
 * record grid. A global filter is one rule on a field of a form template, applied to every entity
 * built from that template while it is on.
 */

export const MAX_FILTER_COLUMNS = 200;
export const MAX_FILTERS_BY_ENTITY_IDS = 100;
export const MAX_GLOBAL_FILTERS = 50;

export const ZFilterName = z
  .string({ error: 'Name the filter' })
  .trim()
  .min(1, 'Name the filter')
  .max(100, 'At most 100 characters');

const filterBody = {
  filter_name: ZFilterName,
  filters: ZFilterGroup,
  sort: ZSorts,
  /** Grid columns to show with the filter, in order (null: the grid's own). */
  columns: z.array(ZFieldRef).max(MAX_FILTER_COLUMNS, `At most ${MAX_FILTER_COLUMNS} columns`).nullable(),
  is_quick: z.boolean({ error: 'Use true or false' }),
  /** true: every user of the company sees it; false: only its author. */
  shared: z.boolean({ error: 'Use true or false' }),
};

export const ZCreateEntityFilterRequest = z.object({
  entity_id: z.uuid('Use an entity id'),
  filter_name: filterBody.filter_name,
  filters: filterBody.filters.default({ match: 'ALL', rules: [] }),
  sort: filterBody.sort.default([]),
  columns: filterBody.columns.default(null),
  is_quick: filterBody.is_quick.default(false),
  shared: filterBody.shared.default(false),
});
export type TCreateEntityFilterRequest = z.output<typeof ZCreateEntityFilterRequest>;
export type TEntityFilterDraft = z.input<typeof ZCreateEntityFilterRequest>;

/** `POST entity-filter/{id}`: only what is given changes; the entity never does. */
export const ZUpdateEntityFilterRequest = z.object(filterBody).partial();
export type TUpdateEntityFilterRequest = z.output<typeof ZUpdateEntityFilterRequest>;

export const ZEntityFilter = z
  .object({
    _id: z.string(),
    company_id: z.string(),
    entity_id: z.string(),
    filter_name: z.string(),
    filters: ZFilterGroup,
    sort: ZSorts,
    columns: z.array(z.string()).nullable(),
    is_quick: z.boolean(),
    shared: z.boolean(),
    /** The owner of a personal filter; null when shared. */
    user_id: z.string().nullable(),
    created_by: z.string().nullable(),
    /** Whether the caller may change or delete it. */
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EntityFilter' });
export type TEntityFilter = z.infer<typeof ZEntityFilter>;

/** The start-up cache's item (spec 1 §7: filters `_id, filter_name, entity_id`). */
export const ZEntityFilterCacheItem = z.object({
  _id: z.string(),
  filter_name: z.string(),
  entity_id: z.string(),
});
export type TEntityFilterCacheItem = z.infer<typeof ZEntityFilterCacheItem>;

export const ZEntityFilterQuery = z.object({
  entity_id: z.uuid('Use an entity id'),
  /** true: only quick filters; false: only the others. */
  is_quick: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

export const ZFilterListQuery = ZPageQuery.extend({
  /** Matches the filter name (case-insensitive). */
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  entity_id: z.uuid('Use an entity id').optional(),
});
export type TFilterListQuery = z.output<typeof ZFilterListQuery>;

const ZEntityIdList = z
  .array(z.uuid('Use entity ids'))
  .max(MAX_FILTERS_BY_ENTITY_IDS, `At most ${MAX_FILTERS_BY_ENTITY_IDS} entities`);

export const ZFiltersByEntitiesRequest = z.object({ entity_ids: ZEntityIdList });

/** `?ids=a,b` or `?ids=a&ids=b`. */
export const ZFiltersByEntityIdsQuery = z.object({
  ids: z
    .union([z.string(), z.array(z.string())], { error: 'Give entity ids' })
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(ZEntityIdList),
});

// ---------------------------------------------------------------------------------------------
// Global filters

export const ZCreateGlobalFilterRequest = z.object({
  template_id: z.uuid('Choose a form template'),
  /** `field` must be `<template_id>#<key>` of that template. */
  rule: ZFilterRule,
  is_active: z.boolean({ error: 'Use true or false' }).default(true),
});
export type TCreateGlobalFilterRequest = z.output<typeof ZCreateGlobalFilterRequest>;

export const ZUpdateGlobalFilterRequest = z.object({
  rule: ZFilterRule.optional(),
  is_active: z.boolean({ error: 'Use true or false' }).optional(),
});
export type TUpdateGlobalFilterRequest = z.output<typeof ZUpdateGlobalFilterRequest>;

export const ZGlobalFilter = z
  .object({
    _id: z.string(),
    template_id: z.string(),
    /** Null when the template was deleted since (the filter then applies nowhere). */
    template_name: z.string().nullable(),
    field_label: z.string().nullable(),
    field_type: z.string().nullable(),
    rule: ZFilterRule,
    is_active: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'GlobalFilter' });
export type TGlobalFilter = z.infer<typeof ZGlobalFilter>;

// ---------------------------------------------------------------------------------------------
// Operators per field type (what the server's filters accept; the filter builders offer these)

export type TFilterKind = 'number' | 'text' | 'choice' | 'list' | 'boolean' | 'date' | 'datetime' | 'link';

const KIND_BY_TYPE: Partial<Record<TFormFieldType, TFilterKind>> = {
  SELECT: 'choice',
  RADIO: 'choice',
  MULTI_SELECT: 'list',
  YES_OR_NO: 'boolean',
  CHECKBOX: 'boolean',
  DATE: 'date',
  TIME: 'date',
  DATE_TIME: 'datetime',
  ENTITY: 'link',
};

const SYSTEM_KINDS: Record<TSystemColumn, TFilterKind> = {
  created_at: 'datetime',
  updated_at: 'datetime',
  created_by: 'link',
  title: 'text',
};

/** How a column compares: from its field type, or a system column's name. */
export function filterKindOf(type: TFormFieldType | TSystemColumn): TFilterKind {
  if (type in SYSTEM_KINDS) return SYSTEM_KINDS[type as keyof typeof SYSTEM_KINDS];
  if (NUMERIC_FIELD_TYPES.includes(type as TFormFieldType)) return 'number';
  return KIND_BY_TYPE[type as TFormFieldType] ?? 'text';
}

const RANGE: TFilterOperator[] = [
  'GREATER_THAN',
  'GREATER_OR_EQUAL',
  'LESS_THAN',
  'LESS_OR_EQUAL',
  'BETWEEN',
];
const TEXT: TFilterOperator[] = ['CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH'];

/** The operators a column of this kind accepts, in the order a picker lists them. */
export function operatorsFor(kind: TFilterKind): TFilterOperator[] {
  return FILTER_OPERATORS.filter((op) => {
    if (RANGE.includes(op)) return kind === 'number' || kind === 'date' || kind === 'datetime';
    if (TEXT.includes(op)) return kind === 'text' || kind === 'choice';
    if (kind === 'boolean') return !['IN', 'NOT_IN'].includes(op);
    return true;
  });
}

export const FILTER_OPERATOR_LABELS: Record<TFilterOperator, string> = {
  EQUALS: 'is',
  NOT_EQUALS: 'is not',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'does not contain',
  STARTS_WITH: 'starts with',
  GREATER_THAN: 'greater than',
  GREATER_OR_EQUAL: 'at least',
  LESS_THAN: 'less than',
  LESS_OR_EQUAL: 'at most',
  BETWEEN: 'between',
  IN: 'is any of',
  NOT_IN: 'is none of',
  IS_EMPTY: 'is empty',
  IS_NOT_EMPTY: 'is not empty',
};
