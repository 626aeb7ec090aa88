import type { TValidationDetail } from './envelope';
import { evaluateFormula, parseFormula, roundTo, type TFormulaRef } from './nocode-formula';
import { isInputFieldType } from './nocode-field-types';
import type { TDataTableColumn, TFormField, TFormFieldOf, TValueField } from './nocode-fields';
import {
  coerceBoolean,
  coerceDate,
  coerceDateTime,
  coerceEmail,
  coerceMultiSelect,
  coerceNumber,
  coercePhone,
  coerceSelect,
  coerceText,
  coerceTime,
  coerceUrl,
  type CoerceContext,
  type Coerced,
  type TFieldValue,
} from './nocode-value-coercion';
import {
  coerceBarcode,
  coerceEntityLink,
  coerceFiles,
  coerceLocation,
  coerceSignature,
} from './nocode-value-media';
import { visibleFieldKeys } from './nocode-visibility';

/*
 * THE validator of template values (DOMAIN-NOCODE: "the same validator runs in the browser"): the
 * record form checks with it before sending, and the API checks again with it before saving.
 * Errors come back in the 422 `errors.details` shape: `key` is the field key, or the dotted path
 * for data table cells (`items.0.qty`) and files (`photos.1`).
 */

export type TValueOptions = {
  /**
   * A partial update (PATCH, a draft, one step of a form): fields that are absent are neither
   * required nor defaulted; formulas are not computed (the server computes them on the merged
   * record). A field sent empty is still refused when required.
   */
  partial?: boolean;
  /** Values for keys that are not fields: 'reject' (default) answers an error, 'strip' drops them. */
  unknownKeys?: 'reject' | 'strip';
  /** Today as YYYY-MM-DD (for 'TODAY' in date bounds and defaults); default: today in UTC. */
  today?: string;
  /** When set, file references must start with it (the company's storage prefix). */
  fileRefPrefix?: string;
};

export type TParsedValues = {
  /** The normalised values of the visible fields; a field sent empty is null. */
  values: Record<string, TFieldValue>;
  errors: TValidationDetail[];
};

type Path = (string | number)[];

const detail = (path: Path, message: string): TValidationDetail => ({ key: path.join('.'), message, path });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** One value of a non-table field, normalised; the message says what is wrong with it. */
export function coerceFieldValue(
  field: TValueField,
  raw: unknown,
  ctx: CoerceContext,
): Coerced | { ok: false; message: string; index: number } {
  if (isBlank(raw)) return { ok: true, value: null };
  switch (field.type) {
    case 'SINGLE_LINE_TEXT':
    case 'MULTI_LINE_TEXT':
    case 'RICH_TEXT':
      return coerceText(field, raw);
    case 'NUMBER':
    case 'CURRENCY':
    case 'PERCENTAGE':
      return coerceNumber(field, raw);
    case 'DATE':
      return coerceDate(field, raw, ctx);
    case 'TIME':
      return coerceTime(field, raw);
    case 'DATE_TIME':
      return coerceDateTime(field, raw);
    case 'YES_OR_NO':
    case 'CHECKBOX':
      return coerceBoolean(field, raw);
    case 'SELECT':
    case 'RADIO':
      return coerceSelect(field, raw);
    case 'MULTI_SELECT':
      return coerceMultiSelect(field, raw);
    case 'EMAIL':
      return coerceEmail(field, raw);
    case 'PHONE':
      return coercePhone(field, raw);
    case 'URL':
      return coerceUrl(raw);
    case 'FILE':
    case 'IMAGE':
      return coerceFiles(field, raw, ctx);
    case 'SIGNATURE':
      return coerceSignature(raw, ctx);
    case 'ENTITY':
      return coerceEntityLink(field, raw);
    case 'LOCATION':
      return coerceLocation(raw);
    case 'BARCODE':
      return coerceBarcode(field, raw);
    case 'DATA_TABLE':
    case 'FORMULA':
    case 'AUTO_INCREMENT':
    case 'AGGREGATE':
    case 'GLOBAL_VARIABLE':
    case 'PAY_BUTTON':
      // Tables are read row by row by `parseTemplateValues`; computed values are never typed.
      return { ok: true, value: null };
    default: {
      const exhaustive: never = field;
      return exhaustive;
    }
  }
}

/** Whether a required field counts as filled (a required checkbox must be ticked). */
function isFilled(field: TValueField, value: TFieldValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (field.type === 'CHECKBOX') return value === true;
  return true;
}

function requiredMessage(field: TValueField): string {
  if (field.type === 'CHECKBOX') return 'Tick this box';
  if (field.type === 'DATA_TABLE') return 'Add at least one row';
  return 'Required';
}

/** Today in UTC as YYYY-MM-DD, kept until the day changes (an import checks rows by the thousand). */
let today = '';
let todayFrom = 0;
let todayUntil = 0;
const todayUtc = (): string => {
  const now = Date.now();
  if (now < todayFrom || now >= todayUntil) {
    today = new Date(now).toISOString().slice(0, 10);
    todayFrom = Math.floor(now / 86_400_000) * 86_400_000;
    todayUntil = todayFrom + 86_400_000;
  }
  return today;
};

/** The value a field starts with in a new record (its default), normalised; null without one. */
export function defaultValueOf(field: TValueField, ctx: CoerceContext): TFieldValue {
  if (!('default_value' in field) || field.default_value === undefined) return null;
  const raw = field.type === 'DATE' && field.default_value === 'TODAY' ? ctx.today : field.default_value;
  const coerced = coerceFieldValue(field, raw, ctx);
  return coerced.ok ? coerced.value : null;
}

type Fieldish = TValueField & { visibility?: TFormField['visibility'] };

/**
 * Checks and normalises the values of one template (or of one data table row, with its columns):
 * the values of visible fields, coerced to their canonical form, with formulas computed; and the
 * list of problems, empty when the values can be saved.
 */
export function parseTemplateValues(
  fields: readonly Fieldish[],
  input: unknown,
  options: TValueOptions = {},
  prefix: Path = [],
): TParsedValues {
  const errors: TValidationDetail[] = [];
  const values: Record<string, TFieldValue> = {};
  if (!isPlainObject(input)) {
    return { values, errors: [detail(prefix.length ? prefix : ['values'], 'Send the values as an object')] };
  }
  const ctx: CoerceContext = { today: options.today ?? todayUtc(), fileRefPrefix: options.fileRefPrefix };

  // Called once per row by imports: nothing below is built for a field that is fine (no paths,
  // no maps of the fields), so a row of valid values leaves little garbage.
  if (options.unknownKeys !== 'strip') {
    const known = fieldKeys(fields);
    for (const key in input) {
      if (Object.hasOwn(input, key) && !known.has(key))
        errors.push(detail([...prefix, key], 'Not a field of this template'));
    }
  }

  // Coerce first (visibility rules compare normalised values), report after. By field index;
  // `undefined`: not sent.
  const coerced: (ReturnType<typeof coerceFieldValue> | TParsedTable | undefined)[] = new Array(
    fields.length,
  );
  const fallbacks: TFieldValue[] = new Array(fields.length);
  fields.forEach((field, index) => {
    if (!isInputFieldType(field.type)) return;
    if (Object.hasOwn(input, field.key)) {
      coerced[index] =
        field.type === 'DATA_TABLE'
          ? parseTable(field, input[field.key], options, [...prefix, field.key])
          : coerceFieldValue(field, input[field.key], ctx);
    } else if (!options.partial) {
      fallbacks[index] = defaultValueOf(field, ctx);
    }
  });
  // Without visibility rules every field is shown (the common case: no second pass).
  let visible: ReadonlySet<string> | undefined;
  if (fields.some((field) => field.visibility)) {
    const current: Record<string, unknown> = {};
    fields.forEach((field, index) => {
      const result = coerced[index];
      if (result !== undefined) current[field.key] = result.ok ? result.value : input[field.key];
      else if (!options.partial && isInputFieldType(field.type)) current[field.key] = fallbacks[index];
    });
    visible = visibleFieldKeys(
      fields.map((field) => ({ key: field.key, visibility: field.visibility ?? null })),
      current,
    );
  }

  fields.forEach((field, index) => {
    if ((visible && !visible.has(field.key)) || !isInputFieldType(field.type)) return;
    const result = coerced[index];
    if (result === undefined) {
      if (options.partial) return;
      const fallback = fallbacks[index] as TFieldValue;
      if (field.required && !isFilled(field, fallback))
        errors.push(detail([...prefix, field.key], requiredMessage(field)));
      else if (fallback !== null) values[field.key] = fallback;
      return;
    }
    if (!result.ok) {
      const path = [...prefix, field.key];
      if ('errors' in result) errors.push(...result.errors);
      else errors.push(detail('index' in result ? [...path, result.index] : path, result.message));
      return;
    }
    if (field.required && !isFilled(field, result.value)) {
      errors.push(detail([...prefix, field.key], requiredMessage(field)));
      return;
    }
    values[field.key] = result.value;
  });

  if (!options.partial) computeFormulas(fields, values, visible);
  return { values, errors };
}

/** The keys of a list of fields, kept per list while its keys stay the same (checked each time). */
const keysOfFields = new WeakMap<readonly Fieldish[], { order: string[]; keys: ReadonlySet<string> }>();
function fieldKeys(fields: readonly Fieldish[]): ReadonlySet<string> {
  const known = keysOfFields.get(fields);
  if (known && known.order.length === fields.length && fields.every((f, i) => f.key === known.order[i])) {
    return known.keys;
  }
  const order = fields.map((field) => field.key);
  const keys = new Set(order);
  keysOfFields.set(fields, { order, keys });
  return keys;
}

/** `parseTemplateValues` when only the problems matter: `[]` means the values can be saved. */
export function validateTemplateValues(
  fields: readonly Fieldish[],
  input: unknown,
  options: TValueOptions = {},
): TValidationDetail[] {
  return parseTemplateValues(fields, input, options).errors;
}

type TParsedTable = { ok: true; value: TFieldValue } | { ok: false; errors: TValidationDetail[] };

function parseTable(
  field: TFormFieldOf<'DATA_TABLE'>,
  raw: unknown,
  options: TValueOptions,
  path: Path,
): TParsedTable {
  if (isBlank(raw)) return { ok: true, value: null };
  if (!Array.isArray(raw)) return { ok: false, errors: [detail(path, 'Send the rows as a list')] };
  const errors: TValidationDetail[] = [];
  const rows: Record<string, unknown>[] = [];
  raw.forEach((row, index) => {
    // A row left blank (the form's empty last row) is not a row.
    if (isPlainObject(row) && Object.values(row).every(isBlank)) return;
    const parsed = parseTemplateValues(field.columns, row, { ...options, partial: false }, [...path, index]);
    errors.push(...parsed.errors);
    rows.push(parsed.values);
  });
  if (rows.length > field.max_rows) errors.push(detail(path, `At most ${field.max_rows} rows`));
  else if (rows.length < field.min_rows) errors.push(detail(path, `At least ${field.min_rows} rows`));
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: rows.length === 0 ? null : rows };
}

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Fills FORMULA fields in dependency order (`ZFormFields` refuses cycles and unknown references).
 * A formula that does not parse, that is hidden, or whose fields are all empty gives null; once
 * one of its fields has a value, the empty ones count as 0.
 */
export function computeFormulas(
  fields: readonly (TValueField | TDataTableColumn)[],
  values: Record<string, TFieldValue>,
  visible?: ReadonlySet<string>,
): void {
  if (!fields.some((field) => field.type === 'FORMULA')) return;
  const formulas = fields.filter((field): field is TFormFieldOf<'FORMULA'> => field.type === 'FORMULA');
  const parsed = new Map(formulas.map((field) => [field.key, parseFormula(field.expression)]));
  const done = new Set<string>();
  const resolve = (ref: TFormulaRef) => {
    const value = values[ref.key];
    if (ref.column === undefined) return asNumber(value);
    return Array.isArray(value)
      ? value.map((row) => asNumber((row as Record<string, unknown>)[ref.column!]))
      : [];
  };
  const compute = (field: TFormFieldOf<'FORMULA'>, depth: number): void => {
    if (done.has(field.key) || depth > formulas.length) return;
    done.add(field.key);
    const formula = parsed.get(field.key)!;
    if (!formula.ok || (visible && !visible.has(field.key))) return;
    for (const ref of formula.refs) {
      const dependency = formulas.find((f) => f.key === ref.key);
      if (dependency) compute(dependency, depth + 1);
    }
    // Nothing to compute from yet: the result stays empty rather than showing 0.
    const inputs = formula.refs.map(resolve).flat();
    if (formula.refs.length > 0 && inputs.every((input) => input === null)) {
      values[field.key] = null;
      return;
    }
    const result = evaluateFormula(formula.ast, resolve);
    values[field.key] = result === null ? null : roundTo(result, field.decimals);
  };
  // Data table rows first: a top-level SUM({items.amount}) needs each row's amount.
  for (const field of fields) {
    if (field.type !== 'DATA_TABLE' || !Array.isArray(values[field.key])) continue;
    for (const row of values[field.key] as Record<string, TFieldValue>[]) computeFormulas(field.columns, row);
  }
  for (const field of formulas) compute(field, 0);
}
