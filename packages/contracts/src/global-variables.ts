import { z } from 'zod';
import type { TValidationDetail } from './envelope';
import { ZPageQuery } from './envelope';
import { FORM_FIELD_TYPE_INFO, type TFormFieldGroup, type TFormFieldType } from './nocode-field-types';
import { ZFormField, type TFormField } from './nocode-fields';
import { parseTemplateValues } from './nocode-field-values';
import type { TFieldValue } from './nocode-value-coercion';

/*
 * Global variables (spec 3 §7 "Global variables", DOMAIN-NOCODE): company-wide named values of
 * one field type that templates show through GLOBAL_VARIABLE fields. A variable's `settings` are
 * the settings of its field type (options of a SELECT, currency of a CURRENCY...) and its value
 * is checked by THE value validator of records (`parseTemplateValues`), in the browser and in the
 * API alike, through `checkGlobalVariable` below.
 */

/**
 * The field types a variable may have: those whose value makes sense as one constant. Left out:
 * computed types (formula, auto-increment, aggregate, pay button, global variable), links to
 * records and tables (ENTITY, DATA_TABLE), CHECKBOX and RADIO (YES_OR_NO and SELECT say the same),
 * RICH_TEXT (HTML), FILE and SIGNATURE (documents and signatures belong to records).
 */
export const GLOBAL_VARIABLE_TYPES = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'NUMBER',
  'CURRENCY',
  'PERCENTAGE',
  'DATE',
  'TIME',
  'DATE_TIME',
  'YES_OR_NO',
  'SELECT',
  'MULTI_SELECT',
  'EMAIL',
  'PHONE',
  'URL',
  'IMAGE',
  'LOCATION',
  'BARCODE',
] as const satisfies readonly TFormFieldType[];
export type TGlobalVariableType = (typeof GLOBAL_VARIABLE_TYPES)[number];

export const GLOBAL_VARIABLE_KINDS = ['STANDARD', 'CUSTOM'] as const;
export type TGlobalVariableKind = (typeof GLOBAL_VARIABLE_KINDS)[number];

export const MAX_GLOBAL_VARIABLE_TAGS = 20;

/** `GET /global-variables/types`: one row per type a variable may have. */
export const ZGlobalVariableTypeInfo = z.object({
  type: z.enum(GLOBAL_VARIABLE_TYPES),
  label: z.string(),
  description: z.string(),
  group: z.string(),
});
export type TGlobalVariableTypeInfo = z.infer<typeof ZGlobalVariableTypeInfo>;

export const GLOBAL_VARIABLE_TYPE_INFO: readonly TGlobalVariableTypeInfo[] = GLOBAL_VARIABLE_TYPES.map(
  (type) => {
    const info = FORM_FIELD_TYPE_INFO[type];
    return { type, label: info.label, description: info.description, group: info.group as TFormFieldGroup };
  },
);

export const ZGlobalVariableLabel = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(120, 'At most 120 characters');

export const ZTagName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(40, 'At most 40 characters')
  .regex(/^[^,]+$/, 'A tag cannot contain a comma');

const ZTags = z
  .array(ZTagName)
  .max(MAX_GLOBAL_VARIABLE_TAGS, `At most ${MAX_GLOBAL_VARIABLE_TAGS} tags`)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const lower = tag.toLowerCase();
      if (seen.has(lower)) return false;
      seen.add(lower);
      return true;
    });
  });

const ZType = z.enum(GLOBAL_VARIABLE_TYPES, {
  error: `Use one of ${GLOBAL_VARIABLE_TYPES.join(', ')}`,
});
const ZSettings = z.record(z.string(), z.unknown(), { error: 'Send the settings as an object' });
const ZDescription = z.string().trim().max(1000, 'At most 1000 characters');

export const ZCreateGlobalVariableRequest = z.object({
  label: ZGlobalVariableLabel,
  input_type: ZType,
  /** The settings of `input_type` (`options` of a SELECT, `currency` of a CURRENCY...). */
  settings: ZSettings.default({}),
  /** Checked like a record's value of a field of `input_type` with `settings`; required (422 'Required'). */
  value: z.unknown().optional(),
  is_fixed: z.boolean().default(false),
  /** Tag names; tags that do not exist yet are created. */
  tags: ZTags.default([]),
  description: ZDescription.default(''),
});
export type TCreateGlobalVariableRequest = z.output<typeof ZCreateGlobalVariableRequest>;
export type TGlobalVariableDraft = z.input<typeof ZCreateGlobalVariableRequest>;

export const ZUpdateGlobalVariableRequest = z.object({
  label: ZGlobalVariableLabel.optional(),
  input_type: ZType.optional(),
  settings: ZSettings.optional(),
  value: z.unknown().optional(),
  is_fixed: z.boolean().optional(),
  tags: ZTags.optional(),
  description: ZDescription.optional(),
});
export type TUpdateGlobalVariableRequest = z.output<typeof ZUpdateGlobalVariableRequest>;

export const ZGlobalVariable = z
  .object({
    _id: z.string(),
    /** null for the STANDARD variables (derived from the company, read-only). */
    company_id: z.string().nullable(),
    type: z.enum(GLOBAL_VARIABLE_KINDS),
    label: z.string(),
    /** A slug of the label made when the variable is created, unique in the company. */
    key: z.string(),
    input_type: z.enum(GLOBAL_VARIABLE_TYPES),
    settings: z.record(z.string(), z.unknown()),
    /** The normalised value (numbers, ISO dates, E.164 phones, option values, file references). */
    value: z.unknown(),
    /** IMAGE values: a download link (valid one hour) per file, in order; otherwise empty. */
    value_urls: z.array(z.string()),
    /** The value cannot be overridden where it is used. */
    is_fixed: z.boolean(),
    tags: z.array(z.string()),
    description: z.string(),
    created_by: z.string().nullable(),
    updated_by: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'GlobalVariable' });
export type TGlobalVariable = z.infer<typeof ZGlobalVariable>;

export const GLOBAL_VARIABLE_SORTS = ['label', '-label', 'updated_at', '-updated_at'] as const;

export const ZGlobalVariableListQuery = ZPageQuery.extend({
  /** Matches label, key or description (case-insensitive). */
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  /** Tag names, comma-separated or repeated: variables with any of them. */
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw) =>
      (Array.isArray(raw) ? raw : (raw ?? '').split(','))
        .map((tag) => tag.trim())
        .filter((tag) => tag.length > 0)
        .slice(0, MAX_GLOBAL_VARIABLE_TAGS),
    ),
  input_type: ZType.optional(),
  sort: z
    .enum(GLOBAL_VARIABLE_SORTS, { error: `Use one of ${GLOBAL_VARIABLE_SORTS.join(', ')}` })
    .default('label'),
});
export type TGlobalVariableListQuery = z.output<typeof ZGlobalVariableListQuery>;

export const ZGlobalVariableTag = z.object({
  _id: z.string(),
  name: z.string(),
  /** How many of the company's variables carry it. */
  variables_count: z.number().int(),
  created_at: z.string(),
});
export type TGlobalVariableTag = z.infer<typeof ZGlobalVariableTag>;

export const ZCreateGlobalVariableTagRequest = z.object({ name: ZTagName });

// ---------------------------------------------------------------------------------------------
// The check shared by the browser and the API

/** Settings every field has that mean nothing for a variable (and `default_value`: the value is the value). */
const NOT_SETTINGS = new Set([
  'type',
  'key',
  'label',
  'required',
  'help_text',
  'placeholder',
  'read_only',
  'is_primary',
  'visibility',
  'layout',
  'default_value',
]);

/** The field a variable's value is checked as (key `value`, so problems are keyed `value`, `value.0`). */
export function globalVariableField(
  inputType: TGlobalVariableType,
  settings: Record<string, unknown>,
  label = 'Value',
): { ok: true; field: TFormField } | { ok: false; errors: TValidationDetail[] } {
  const own = Object.fromEntries(Object.entries(settings).filter(([name]) => !NOT_SETTINGS.has(name)));
  const parsed = ZFormField.safeParse({ ...own, type: inputType, key: 'value', label, required: true });
  if (parsed.success) return { ok: true, field: parsed.data };
  const errors = parsed.error.issues.map((issue): TValidationDetail => {
    const path = ['settings', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    return { key: path.join('.'), message: issue.message, path };
  });
  return { ok: false, errors };
}

/** The type's settings as stored: defaults applied, shared field settings dropped. */
export function storedSettings(field: TFormField): Record<string, unknown> {
  return Object.fromEntries(Object.entries(field).filter(([name]) => !NOT_SETTINGS.has(name)));
}

export type TGlobalVariableCheck = {
  settings: Record<string, unknown>;
  value: TFieldValue;
  /** 422 details keyed `settings.<name>`, `value` or `value.<index>`; empty when it can be saved. */
  errors: TValidationDetail[];
};

/**
 * Checks a variable's settings and value: the settings with the field schema of its type, the
 * value with the records' validator. `today` (YYYY-MM-DD) and `fileRefPrefix` as for records.
 */
export function checkGlobalVariable(
  input: { input_type: TGlobalVariableType; settings: Record<string, unknown>; value: unknown },
  options: { today?: string; fileRefPrefix?: string } = {},
): TGlobalVariableCheck {
  const made = globalVariableField(input.input_type, input.settings);
  if (!made.ok) return { settings: input.settings, value: null, errors: made.errors };
  const parsed = parseTemplateValues(
    [made.field],
    { value: input.value },
    {
      ...(options.today ? { today: options.today } : {}),
      ...(options.fileRefPrefix ? { fileRefPrefix: options.fileRefPrefix } : {}),
    },
  );
  return {
    settings: storedSettings(made.field),
    value: parsed.values.value ?? null,
    errors: parsed.errors,
  };
}
