import { z } from 'zod';

/*
 * Filters and sorts over entity records (DOMAIN-NOCODE "Entity views" and "Filters"): one shape
 * for the record grid, saved filters (`entity-filter`), entity views, global filters, counts and
 * charts. The server turns it into SQL over `entity_data.values`; the browser builds it in the
 * filter bar. A column is named by a field reference:
 *
 * - `<template_id>#<field_key>`: a field of one of the entity's templates;
 * - a system column: `created_at`, `updated_at`, `created_by`, `title` (the record's display
 *   text, from its primary field).
 */

export const SYSTEM_COLUMNS = ['created_at', 'updated_at', 'created_by', 'title'] as const;
export type TSystemColumn = (typeof SYSTEM_COLUMNS)[number];

const FIELD_REF = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}#[a-z][a-z0-9_]{0,62}$/;

export const ZFieldRef = z
  .string({ error: 'Name a field' })
  .trim()
  .refine(
    (ref) => (SYSTEM_COLUMNS as readonly string[]).includes(ref) || FIELD_REF.test(ref),
    `Use <template_id>#<field_key> or one of ${SYSTEM_COLUMNS.join(', ')}`,
  );
export type TFieldRef = z.infer<typeof ZFieldRef>;

export const fieldRef = (templateId: string, key: string): string => `${templateId}#${key}`;

/** Splits a field reference; null for a system column. */
export function splitFieldRef(ref: string): { templateId: string; key: string } | null {
  const at = ref.indexOf('#');
  if (at < 0) return null;
  return { templateId: ref.slice(0, at), key: ref.slice(at + 1) };
}

export const FILTER_OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'CONTAINS',
  'NOT_CONTAINS',
  'STARTS_WITH',
  'GREATER_THAN',
  'GREATER_OR_EQUAL',
  'LESS_THAN',
  'LESS_OR_EQUAL',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
] as const;
export type TFilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators that take no value. */
export const VALUELESS_FILTER_OPERATORS: readonly TFilterOperator[] = ['IS_EMPTY', 'IS_NOT_EMPTY'];
/** Operators whose value is a list (BETWEEN: exactly two bounds). */
export const LIST_FILTER_OPERATORS: readonly TFilterOperator[] = ['IN', 'NOT_IN', 'BETWEEN'];

const ZScalar = z.union([z.string().max(500, 'At most 500 characters'), z.number(), z.boolean()]);

export const ZFilterRule = z
  .object({
    field: ZFieldRef,
    operator: z.enum(FILTER_OPERATORS, { error: `Use one of ${FILTER_OPERATORS.join(', ')}` }),
    value: z
      .union([ZScalar, z.array(ZScalar).max(200, 'At most 200 values')])
      .nullable()
      .optional(),
  })
  .superRefine((rule, ctx) => {
    const needsNone = VALUELESS_FILTER_OPERATORS.includes(rule.operator);
    const needsList = LIST_FILTER_OPERATORS.includes(rule.operator);
    const value = rule.value;
    if (needsNone) return;
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: 'Give the value to compare with', path: ['value'] });
    } else if (needsList && !Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'Give a list of values', path: ['value'] });
    } else if (rule.operator === 'BETWEEN' && Array.isArray(value) && value.length !== 2) {
      ctx.addIssue({ code: 'custom', message: 'Give the two bounds', path: ['value'] });
    } else if (!needsList && Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'Give one value', path: ['value'] });
    }
  });
export type TFilterRule = z.infer<typeof ZFilterRule>;

export const MAX_FILTER_RULES = 30;

/** Records match when all (ALL) or any (ANY) of the rules hold; no rules: every record. */
export const ZFilterGroup = z.object({
  match: z.enum(['ALL', 'ANY'], { error: 'Use ALL or ANY' }).default('ALL'),
  rules: z.array(ZFilterRule).max(MAX_FILTER_RULES, `At most ${MAX_FILTER_RULES} rules`).default([]),
});
export type TFilterGroup = z.infer<typeof ZFilterGroup>;
export type TFilterGroupInput = z.input<typeof ZFilterGroup>;

export const ZSort = z.object({
  field: ZFieldRef,
  direction: z.enum(['asc', 'desc'], { error: 'Use asc or desc' }).default('asc'),
});
export type TSort = z.infer<typeof ZSort>;

export const MAX_SORTS = 3;
export const ZSorts = z.array(ZSort).max(MAX_SORTS, `Sort by at most ${MAX_SORTS} columns`);
