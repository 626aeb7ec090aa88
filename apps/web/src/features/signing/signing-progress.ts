import type { TSignerField } from '@esigns/contracts/signing';
import { fieldValueProblem, isEditableField, isFilled, isMarkField } from './field-rules';

/** Field key -> the value the signer has given (or the sender's default). */
export type FieldValues = Record<string, string>;

/** Reading order: page by page, top to bottom, then left to right (rows within 4 points count as one). */
export function inReadingOrder<T extends Pick<TSignerField, 'page' | 'x' | 'y'>>(fields: readonly T[]): T[] {
  return [...fields].sort((a, b) => {
    if (a.page !== b.page) return a.page - b.page;
    if (Math.abs(a.y - b.y) > 4) return a.y - b.y;
    return a.x - b.x;
  });
}

/** The fields the signer fills in, in reading order. */
export function editableFields(fields: readonly TSignerField[]): TSignerField[] {
  return inReadingOrder(fields.filter((field) => field.mine && isEditableField(field)));
}

/** The fields the guided "Next" steps through: the signer's required ones. */
export function requiredFields(fields: readonly TSignerField[]): TSignerField[] {
  return editableFields(fields).filter((field) => field.required);
}

/** Starting values: what was saved (a reload keeps it), else the sender's default. */
export function initialValues(fields: readonly TSignerField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of editableFields(fields)) values[field.key] = field.value ?? field.default_value ?? '';
  return values;
}

export function isFieldDone(field: TSignerField, values: FieldValues): boolean {
  const value = values[field.key];
  return isFilled(field, value) && fieldValueProblem(field, value ?? '') === null;
}

/** "3 of 7 required". */
export function progressOf(
  fields: readonly TSignerField[],
  values: FieldValues,
): { done: number; total: number } {
  const required = requiredFields(fields);
  return { done: required.filter((field) => isFieldDone(field, values)).length, total: required.length };
}

/** The required fields still empty (or invalid), in reading order. */
export function missingFields(fields: readonly TSignerField[], values: FieldValues): TSignerField[] {
  return requiredFields(fields).filter((field) => !isFieldDone(field, values));
}

/**
 * The next required field to fill after `currentKey` (in reading order, wrapping round), or the
 * first one without a current field; null when every required field is done.
 */
export function nextFieldKey(
  fields: readonly TSignerField[],
  values: FieldValues,
  currentKey: string | null,
): string | null {
  const ordered = requiredFields(fields);
  const start = currentKey ? ordered.findIndex((field) => field.key === currentKey) : -1;
  for (let step = 1; step <= ordered.length; step += 1) {
    const field = ordered[(start + step + ordered.length) % ordered.length];
    if (field && !isFieldDone(field, values)) return field.key;
  }
  return null;
}

/** The signer's signature (or initials) fields that are still empty. */
export function emptyMarkFields(
  fields: readonly TSignerField[],
  values: FieldValues,
  type: 'SIGNATURE' | 'INITIAL',
): TSignerField[] {
  return editableFields(fields).filter(
    (field) => field.type === type && isMarkField(field) && !values[field.key],
  );
}
