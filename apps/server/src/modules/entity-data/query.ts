import { escapeLike } from '../../platform/db/database';
import { sql, type SQL } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { NUMERIC_FIELD_TYPES } from '@esigns/contracts/nocode-field-types';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import {
  splitFieldRef,
  VALUELESS_FILTER_OPERATORS,
  type TFilterGroup,
  type TFilterRule,
  type TSort,
} from '@esigns/contracts/nocode-filters';
import type { EntityDefinition } from '../entities';
import { entityData } from './schema';

/*
 * Filters and sorts over `entity_data.values` as SQL (DOMAIN-NOCODE "Storage"). Equality on
 * choice, number, boolean and link fields becomes JSONB containment (`values @> {...}`), which
 * the GIN index (jsonb_path_ops) answers; ranges cast the JSON number (only numbers are ever
 * stored in numeric fields: the validator normalises them); text compares case-insensitively.
 * Every unknown field or ill-typed value is a 422 detail keyed by the rule's path.
 */

type Kind = 'number' | 'text' | 'choice' | 'list' | 'boolean' | 'date' | 'datetime' | 'link' | 'other';

const KIND_BY_TYPE: Partial<Record<TFormField['type'], Kind>> = {
  SINGLE_LINE_TEXT: 'text',
  MULTI_LINE_TEXT: 'text',
  RICH_TEXT: 'text',
  EMAIL: 'text',
  PHONE: 'text',
  URL: 'text',
  AUTO_INCREMENT: 'text',
  BARCODE: 'text',
  SELECT: 'choice',
  RADIO: 'choice',
  MULTI_SELECT: 'list',
  YES_OR_NO: 'boolean',
  CHECKBOX: 'boolean',
  DATE: 'date',
  TIME: 'date',
  DATE_TIME: 'datetime',
};

function kindOf(field: TFormField): Kind {
  if (NUMERIC_FIELD_TYPES.includes(field.type)) return 'number';
  if (field.type === 'ENTITY') return field.allow_multiple ? 'list' : 'link';
  return KIND_BY_TYPE[field.type] ?? 'other';
}

type Column = { json: SQL; text: SQL; kind: Kind; templateId: string | null; key: string | null };

const SYSTEM: Record<string, () => Column> = {
  created_at: () => ({
    json: sql`to_jsonb(${entityData.createdAt})`,
    text: sql`${entityData.createdAt}`,
    kind: 'datetime',
    templateId: null,
    key: null,
  }),
  updated_at: () => ({
    json: sql`to_jsonb(${entityData.updatedAt})`,
    text: sql`${entityData.updatedAt}`,
    kind: 'datetime',
    templateId: null,
    key: null,
  }),
  created_by: () => ({
    json: sql`to_jsonb(${entityData.createdBy})`,
    text: sql`${entityData.createdBy}::text`,
    kind: 'link',
    templateId: null,
    key: null,
  }),
  title: () => ({
    json: sql`to_jsonb(${entityData.title})`,
    text: sql`${entityData.title}`,
    kind: 'text',
    templateId: null,
    key: null,
  }),
};

/** The column a field reference names in this entity, or null. */
export function columnOf(def: EntityDefinition, ref: string): Column | null {
  const system = SYSTEM[ref];
  if (system) return system();
  const parts = splitFieldRef(ref);
  const template = parts ? def.byId.get(parts.templateId) : undefined;
  const field = template?.isRepeatable ? undefined : template?.fields.find((f) => f.key === parts!.key);
  if (!parts || !field) return null;
  return {
    json: sql`(${entityData.values} -> ${parts.templateId}::text -> ${parts.key}::text)`,
    text: sql`(${entityData.values} -> ${parts.templateId}::text ->> ${parts.key}::text)`,
    kind: kindOf(field),
    templateId: parts.templateId,
    key: parts.key,
  };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

type Scalar = string | number | boolean;

/** The filter value in the column's type, or the reason it cannot be. */
function typed(column: Column, value: Scalar): { ok: true; value: Scalar } | { ok: false; message: string } {
  switch (column.kind) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(String(value).replace(/[, ]/g, ''));
      return Number.isFinite(n) && String(value).trim() !== ''
        ? { ok: true, value: n }
        : { ok: false, message: 'Give a number' };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return { ok: false, message: 'Give true or false' };
    case 'date':
      return typeof value === 'string' && (ISO_DAY.test(value) || TIME.test(value))
        ? { ok: true, value }
        : { ok: false, message: 'Give a date as YYYY-MM-DD' };
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? { ok: true, value: new Date(value).toISOString() }
        : { ok: false, message: 'Give a date and time' };
    default:
      return { ok: true, value: String(value) };
  }
}

/** `values @> {template: {key: value}}`: answered by the GIN index. */
const contains = (column: Column, value: unknown): SQL =>
  sql`${entityData.values} @> ${JSON.stringify({ [column.templateId!]: { [column.key!]: value } })}::jsonb`;

const numeric = (column: Column): SQL =>
  sql`(case when jsonb_typeof(${column.json}) = 'number' then (${column.text})::numeric end)`;

function comparable(column: Column): SQL {
  if (column.kind === 'number') return numeric(column);
  if (column.kind === 'datetime') return column.templateId ? sql`(${column.text})::timestamptz` : column.text;
  return column.text;
}

const isEmpty = (column: Column): SQL =>
  column.templateId
    ? sql`(${column.json} is null or ${column.json} in ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`
    : sql`(${column.text} is null or ${column.text} = '')`;

function equals(column: Column, value: Scalar): SQL {
  if (column.templateId && column.kind !== 'text') {
    // A list field "equals" a value when it holds it.
    return contains(column, column.kind === 'list' ? [value] : value);
  }
  if (column.kind === 'datetime') return sql`${comparable(column)} = ${value}::timestamptz`;
  return sql`lower(${column.text}) = lower(${String(value)})`;
}

function ruleSql(column: Column, rule: TFilterRule, values: Scalar[]): SQL {
  const [a, b] = values;
  const cmp = comparable(column);
  const cast =
    column.kind === 'datetime' ? sql`::timestamptz` : column.kind === 'number' ? sql`::numeric` : sql``;
  switch (rule.operator) {
    case 'EQUALS':
      return equals(column, a!);
    case 'NOT_EQUALS':
      return sql`not coalesce(${equals(column, a!)}, false)`;
    case 'IN':
      return sql`(${sql.join(
        values.map((v) => equals(column, v)),
        sql` or `,
      )})`;
    case 'NOT_IN':
      return sql`not coalesce((${sql.join(
        values.map((v) => equals(column, v)),
        sql` or `,
      )}), false)`;
    case 'CONTAINS':
      return sql`${column.text} ilike ${`%${escapeLike(String(a))}%`}`;
    case 'NOT_CONTAINS':
      return sql`coalesce(${column.text}, '') not ilike ${`%${escapeLike(String(a))}%`}`;
    case 'STARTS_WITH':
      return sql`${column.text} ilike ${`${escapeLike(String(a))}%`}`;
    case 'GREATER_THAN':
      return sql`${cmp} > ${a}${cast}`;
    case 'GREATER_OR_EQUAL':
      return sql`${cmp} >= ${a}${cast}`;
    case 'LESS_THAN':
      return sql`${cmp} < ${a}${cast}`;
    case 'LESS_OR_EQUAL':
      return sql`${cmp} <= ${a}${cast}`;
    case 'BETWEEN':
      return sql`${cmp} between ${a}${cast} and ${b}${cast}`;
    case 'IS_EMPTY':
      return isEmpty(column);
    case 'IS_NOT_EMPTY':
      return sql`not ${isEmpty(column)}`;
  }
}

const RANGE_OPERATORS = new Set([
  'GREATER_THAN',
  'GREATER_OR_EQUAL',
  'LESS_THAN',
  'LESS_OR_EQUAL',
  'BETWEEN',
]);
const TEXT_OPERATORS = new Set(['CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH']);

/** A filter group as a SQL condition (null: no rules), or every problem in it. */
export function filterSql(
  def: EntityDefinition,
  group: TFilterGroup | undefined,
  prefix: string,
): { where: SQL | null; errors: TValidationDetail[] } {
  const errors: TValidationDetail[] = [];
  const parts: SQL[] = [];
  const fail = (path: string, message: string) => errors.push({ key: path, path: path.split('.'), message });
  (group?.rules ?? []).forEach((rule, index) => {
    const at = `${prefix}.rules.${index}`;
    const column = columnOf(def, rule.field);
    if (!column) return fail(`${at}.field`, 'Not a field of this entity');
    if (RANGE_OPERATORS.has(rule.operator) && !['number', 'date', 'datetime'].includes(column.kind)) {
      return fail(`${at}.operator`, 'Only numbers and dates compare as greater or less');
    }
    if (TEXT_OPERATORS.has(rule.operator) && !['text', 'choice', 'other'].includes(column.kind)) {
      return fail(`${at}.operator`, 'Only text fields match by contents');
    }
    if (VALUELESS_FILTER_OPERATORS.includes(rule.operator)) return parts.push(ruleSql(column, rule, []));
    const raw = Array.isArray(rule.value) ? rule.value : [rule.value as Scalar];
    const values: Scalar[] = [];
    for (const [i, v] of raw.entries()) {
      const result = typed(column, v);
      if (!result.ok)
        return fail(Array.isArray(rule.value) ? `${at}.value.${i}` : `${at}.value`, result.message);
      values.push(result.value);
    }
    parts.push(ruleSql(column, rule, values));
  });
  if (errors.length > 0 || parts.length === 0) return { where: null, errors };
  return { where: sql`(${sql.join(parts, group?.match === 'ANY' ? sql` or ` : sql` and `)})`, errors };
}

/** ORDER BY for the sorts (then newest first, then id, so pages never overlap). */
/** One key of a record order: its expression and direction (always NULLS LAST). */
export type SortPart = { expr: SQL; desc: boolean; system?: 'created_at' | 'id' };

/**
 * The keys of a record order, the last ones breaking ties (created_at unless it is the only sort,
 * then id): what `orderSql` joins and what a keyset reader compares (record-export-pages.ts).
 */
export function sortParts(
  def: EntityDefinition,
  sorts: readonly TSort[],
  prefix: string,
): { parts: SortPart[]; errors: TValidationDetail[] } {
  const errors: TValidationDetail[] = [];
  const parts: SortPart[] = [];
  sorts.forEach((sort, index) => {
    const column = columnOf(def, sort.field);
    if (!column) {
      const key = `${prefix}.${index}.field`;
      errors.push({ key, path: key.split('.'), message: 'Not a field of this entity' });
      return;
    }
    const expr =
      column.kind === 'text' || column.kind === 'choice' ? sql`lower(${column.text})` : comparable(column);
    parts.push({
      expr,
      desc: sort.direction === 'desc',
      ...(sort.field === 'created_at' ? { system: 'created_at' as const } : {}),
    });
  });
  // Matches the (entity_id, created_at desc nulls last, id desc nulls last) index.
  if (sorts.length !== 1 || sorts[0]!.field !== 'created_at')
    parts.push({ expr: sql`${entityData.createdAt}`, desc: true, system: 'created_at' });
  parts.push({ expr: sql`${entityData.id}`, desc: true, system: 'id' });
  return { parts, errors };
}

export function orderSql(
  def: EntityDefinition,
  sorts: readonly TSort[],
  prefix: string,
): { order: SQL; errors: TValidationDetail[] } {
  const { parts, errors } = sortParts(def, sorts, prefix);
  const order = parts.map((p) => (p.desc ? sql`${p.expr} desc nulls last` : sql`${p.expr} asc nulls last`));
  return { order: sql.join(order, sql`, `), errors };
}
