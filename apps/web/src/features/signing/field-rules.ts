import type { TField } from '@esigns/contracts/documents';
import { isTypedField } from '@esigns/contracts/field-values';

/*
 * The server's value rules (contracts `field-values.ts`), so a bad value is shown at its input
 * before it is sent, plus what only the signing screens need.
 */
export {
  fieldValueProblem,
  isFilled,
  isImageField,
  isIsoDate,
  isTypedField,
} from '@esigns/contracts/field-values';

/** Signature or initials: adopted once and applied with one tap. */
export const isMarkField = (field: Pick<TField, 'type'>): boolean =>
  field.type === 'SIGNATURE' || field.type === 'INITIAL';

/** Whether the signer can change the field: their own, typed, not read-only. */
export const isEditableField = (field: Pick<TField, 'type' | 'read_only'>): boolean =>
  isTypedField(field) && !field.read_only;
