import { z } from 'zod';
import { coerceFieldValue } from './nocode-field-values';
import { parseFormula } from './nocode-formula';
import { GRID_COLUMNS, MAX_FORM_FIELDS, NUMERIC_FIELD_TYPES, isInputFieldType } from './nocode-field-types';
import {
  ZFormField,
  type TDataTableColumn,
  type TFieldLayout,
  type TFormField,
  type TValueField,
} from './nocode-fields';
import { isIsoDay, isValidPattern } from './nocode-value-coercion';

/*
 * A template's fields checked together: unique keys, settings that agree with each other
 * (min <= max...), defaults that pass the field's own validation, visibility rules and formulas
 * that name existing fields without cycles, grid places that do not overlap. Every problem is
 * reported at its path (`fields.3.options.1.value`), so the builder shows it on the right input.
 */

type Ctx = z.RefinementCtx;
type Path = (string | number)[];

const issue = (ctx: Ctx, path: Path, message: string) => ctx.addIssue({ code: 'custom', message, path });

/** Settings of one field (or column) that must agree with each other. */
function checkSettings(field: TValueField, path: Path, ctx: Ctx): void {
  const orderError = (
    a: number | string | undefined,
    b: number | string | undefined,
    at: string,
    what: string,
  ) => {
    if (a !== undefined && b !== undefined && a > b) issue(ctx, [...path, at], what);
  };
  switch (field.type) {
    case 'SINGLE_LINE_TEXT':
      if (field.pattern && !isValidPattern(field.pattern)) {
        issue(ctx, [...path, 'pattern'], 'This is not a valid regular expression');
      }
      orderError(field.min_length, field.max_length, 'max_length', 'Must be at least the minimum length');
      break;
    case 'MULTI_LINE_TEXT':
    case 'RICH_TEXT':
      orderError(field.min_length, field.max_length, 'max_length', 'Must be at least the minimum length');
      break;
    case 'NUMBER':
    case 'CURRENCY':
    case 'PERCENTAGE':
      orderError(field.min, field.max, 'max', 'Must be at least the minimum');
      break;
    case 'DATE': {
      const bothFixed = field.min_date !== 'TODAY' && field.max_date !== 'TODAY';
      if (field.min_date && field.min_date !== 'TODAY' && !isIsoDay(field.min_date)) {
        issue(ctx, [...path, 'min_date'], 'Not a real date');
      }
      if (field.max_date && field.max_date !== 'TODAY' && !isIsoDay(field.max_date)) {
        issue(ctx, [...path, 'max_date'], 'Not a real date');
      }
      if (bothFixed)
        orderError(field.min_date, field.max_date, 'max_date', 'Must be on or after the earliest date');
      break;
    }
    case 'TIME':
      orderError(field.min_time, field.max_time, 'max_time', 'Must be at or after the earliest time');
      break;
    case 'DATE_TIME':
      if (field.min && field.max && Date.parse(field.min) > Date.parse(field.max)) {
        issue(ctx, [...path, 'max'], 'Must be at or after the earliest date and time');
      }
      break;
    case 'MULTI_SELECT':
      orderError(field.min_selected, field.max_selected, 'max_selected', 'Must be at least the minimum');
      if (field.min_selected !== undefined && field.min_selected > field.options.length) {
        issue(ctx, [...path, 'min_selected'], 'More than there are options');
      }
      break;
    case 'DATA_TABLE':
      orderError(field.min_rows, field.max_rows, 'max_rows', 'Must be at least the minimum number of rows');
      break;
    case 'AGGREGATE':
      if (field.function !== 'COUNT' && !field.field_key) {
        issue(ctx, [...path, 'field_key'], `Choose the field to ${field.function.toLowerCase()}`);
      }
      break;
    case 'PAY_BUTTON':
      if ((field.amount === undefined) === (field.amount_field === undefined)) {
        issue(ctx, [...path, 'amount'], 'Give either a fixed amount or the field that holds it');
      }
      break;
    default:
      break;
  }
  if ('default_value' in field && field.default_value !== undefined) {
    // Bounds relative to today are not held against a default: it would pass one day, fail the next.
    const checked =
      field.type === 'DATE'
        ? {
            ...field,
            min_date: field.min_date === 'TODAY' ? undefined : field.min_date,
            max_date: field.max_date === 'TODAY' ? undefined : field.max_date,
          }
        : field;
    const isToday = field.type === 'DATE' && field.default_value === 'TODAY';
    const result = isToday ? null : coerceFieldValue(checked, field.default_value, { today: '1970-01-01' });
    if (result && !result.ok) issue(ctx, [...path, 'default_value'], result.message);
  }
}

/** Formulas: they parse, and name numeric fields (or columns of data tables) that exist. */
function checkFormulas(fields: readonly TValueField[], path: Path, ctx: Ctx): void {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const edges = new Map<string, string[]>();
  fields.forEach((field, index) => {
    if (field.type !== 'FORMULA') return;
    const at = [...path, index, 'expression'];
    const parsed = parseFormula(field.expression);
    if (!parsed.ok) return issue(ctx, at, parsed.message);
    for (const ref of parsed.refs) {
      const target = byKey.get(ref.key);
      const name = ref.column ? `{${ref.key}.${ref.column}}` : `{${ref.key}}`;
      if (!target) return issue(ctx, at, `${name} is not a field of this template`);
      if (ref.key === field.key) return issue(ctx, at, 'A formula cannot use itself');
      const column =
        ref.column !== undefined && target.type === 'DATA_TABLE'
          ? target.columns.find((c: TDataTableColumn) => c.key === ref.column)
          : undefined;
      if (ref.column !== undefined && !column)
        return issue(ctx, at, `${name} is not a column of a data table`);
      if (!NUMERIC_FIELD_TYPES.includes((column ?? target).type)) {
        return issue(ctx, at, `${name} is not a number, currency, percentage or formula field`);
      }
    }
    edges.set(
      field.key,
      parsed.refs.filter((ref) => ref.column === undefined).map((ref) => ref.key),
    );
  });
  const cyclic = findCycle(edges);
  if (cyclic) {
    const index = fields.findIndex((field) => field.key === cyclic);
    issue(ctx, [...path, index, 'expression'], 'Formulas refer to each other in a loop');
  }
}

/** A key on a cycle of the dependency graph, or null. */
function findCycle(edges: Map<string, string[]>): string | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (key: string): string | null => {
    if (state.get(key) === 'done') return null;
    if (state.get(key) === 'visiting') return key;
    state.set(key, 'visiting');
    for (const next of edges.get(key) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    state.set(key, 'done');
    return null;
  };
  for (const key of edges.keys()) {
    const found = visit(key);
    if (found) return found;
  }
  return null;
}

function checkUniqueKeys(fields: readonly { key: string }[], path: Path, ctx: Ctx, what: string): void {
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (seen.has(field.key))
      issue(ctx, [...path, index, 'key'], `Another ${what} already uses the key ${field.key}`);
    seen.add(field.key);
  });
}

const overlaps = (a: TFieldLayout, b: TFieldLayout): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The checks that need the whole list (see the file comment). */
export function checkFormFields(fields: readonly TFormField[], ctx: Ctx): void {
  checkUniqueKeys(fields, [], ctx, 'field');
  const byKey = new Map(fields.map((field) => [field.key, field]));
  fields.forEach((field, index) => {
    checkSettings(field, [index], ctx);
    if (field.is_primary && (!isInputFieldType(field.type) || field.type === 'DATA_TABLE')) {
      issue(ctx, [index, 'is_primary'], 'Only fields people fill in can be primary fields');
    }
    if (field.type === 'DATA_TABLE') {
      checkUniqueKeys(field.columns, [index, 'columns'], ctx, 'column');
      field.columns.forEach((column, c) => checkSettings(column, [index, 'columns', c], ctx));
      checkFormulas(field.columns, [index, 'columns'], ctx);
    }
    if (field.type === 'PAY_BUTTON' && field.amount_field) {
      const target = byKey.get(field.amount_field);
      if (!target || !NUMERIC_FIELD_TYPES.includes(target.type)) {
        issue(ctx, [index, 'amount_field'], 'Choose a number, currency or formula field of this template');
      }
    }
    field.visibility?.rules.forEach((rule, r) => {
      const at = [index, 'visibility', 'rules', r, 'field'];
      if (rule.field === field.key) issue(ctx, at, 'A field cannot depend on itself');
      else if (!byKey.has(rule.field)) issue(ctx, at, `${rule.field} is not a field of this template`);
    });
  });
  checkFormulas(fields, [], ctx);

  const dependsOn = new Map(
    fields.map((field) => [field.key, field.visibility?.rules.map((rule) => rule.field) ?? []]),
  );
  const cyclic = findCycle(dependsOn);
  if (cyclic) {
    const index = fields.findIndex((field) => field.key === cyclic);
    issue(ctx, [index, 'visibility'], 'Visibility rules depend on each other in a loop');
  }

  const placed = fields.map((field, index) => ({ index, layout: field.layout }));
  for (let i = 0; i < placed.length; i += 1) {
    const a = placed[i]!;
    if (!a.layout) continue;
    const clash = placed.slice(0, i).find((b) => b.layout && overlaps(a.layout!, b.layout));
    if (clash) issue(ctx, [a.index, 'layout'], `Overlaps the field ${fields[clash.index]!.label}`);
  }
}

export type TPlacedFormField = TFormField & { layout: TFieldLayout };

/**
 * Gives every field without a place one below all the others, full width, one row high. The API
 * stores placed fields only, so every reader can render the grid as it is.
 */
export function placeFields(fields: readonly TFormField[]): TPlacedFormField[] {
  let bottom = fields.reduce(
    (max, field) => (field.layout ? Math.max(max, field.layout.y + field.layout.h) : max),
    0,
  );
  return fields.map((field) => {
    if (field.layout) return field as TPlacedFormField;
    const layout = { x: 0, y: bottom, w: GRID_COLUMNS, h: 1 };
    bottom += 1;
    return { ...field, layout };
  });
}

/** A template's field list as a client sends it: each field checked alone, then all together, then placed. */
export const ZFormFields = z
  .array(ZFormField)
  .max(MAX_FORM_FIELDS, `At most ${MAX_FORM_FIELDS} fields`)
  .superRefine(checkFormFields)
  .transform(placeFields);
