import {
  AUTO_FIELD_TYPES,
  OPTION_FIELD_TYPES,
  SIGNATURE_FIELD_TYPES,
  type TField,
  type TRecipient,
} from '@esigns/contracts/documents';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';

/*
 * What a form's DOCUMENT step takes from the answers before it (pure). A document field is
 * prefilled when its key or its label, compared without case, spaces or punctuation, is the key of
 * a field answered in an earlier step (the nearest earlier step wins). Only a value the field can
 * hold is used (a number for NUMBER, `YYYY-MM-DD` for DATE, one of the options for RADIO and
 * DROPDOWN...), so the signing checks and the seal never meet a value they refuse.
 */

type Values = Record<string, Record<string, unknown>>;

const NOT_PREFILLED: readonly TField['type'][] = [...AUTO_FIELD_TYPES, ...SIGNATURE_FIELD_TYPES, 'IMAGE'];

export const comparableKey = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The answers of the steps before `stepId`, by comparable field key (the nearest step first). */
export function earlierAnswers(
  steps: readonly TStoredFormStep[],
  values: Values,
  stepId: string,
): Map<string, unknown> {
  const at = steps.findIndex((step) => step.id === stepId);
  const answers = new Map<string, unknown>();
  for (const step of steps.slice(0, Math.max(at, 0)).reverse()) {
    for (const [key, value] of Object.entries(values[step.id] ?? {})) {
      const comparable = comparableKey(key);
      if (comparable !== '' && !answers.has(comparable)) answers.set(comparable, value);
    }
  }
  return answers;
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return null;
}

/** The value as the field stores it, or null when the field cannot hold it. */
export function fieldValueOf(field: TField, value: unknown): string | null {
  const text = scalarText(value);
  if (text === null) return null;
  switch (field.type) {
    case 'NUMBER':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? String(Number(text)) : null;
    case 'DATE': {
      const day = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(text.trim())?.[1];
      return day && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null;
    }
    case 'CHECKBOX':
      return text === 'true' || text === 'false' ? text : null;
    default:
      if (OPTION_FIELD_TYPES.includes(field.type)) return field.options.includes(text) ? text : null;
      return text.length <= 5000 ? text : null;
  }
}

/** The template's fields with the filler's own fields prefilled from `answers` (others unchanged). */
export function prefillFields(
  fields: readonly TField[],
  role: TRecipient,
  answers: Map<string, unknown>,
): TField[] {
  return fields.map((field) => {
    if (field.recipient_key !== role.key || NOT_PREFILLED.includes(field.type)) return field;
    // A read-only field keeps the value its template gives it; an empty one shows the answer.
    if (field.read_only && field.default_value !== '') return field;
    const answer = answers.get(comparableKey(field.key)) ?? answers.get(comparableKey(field.label));
    const value = answer === undefined ? null : fieldValueOf(field, answer);
    return value === null ? field : { ...field, default_value: value };
  });
}

/**
 * The role the filler signs as: the step's `role` (a role name or key, without case), else the
 * template's first role in signing order that is not CC. Undefined when there is none.
 */
export function fillerRole(roles: readonly TRecipient[], wanted: string | undefined): TRecipient | undefined {
  const name = wanted?.trim().toLowerCase() ?? '';
  if (name !== '') {
    return roles.find((r) => r.role_name.trim().toLowerCase() === name || r.key.toLowerCase() === name);
  }
  return roles
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.user_type !== 'CC')
    .sort((a, b) => a.r.signing_order - b.r.signing_order || a.i - b.i)[0]?.r;
}
