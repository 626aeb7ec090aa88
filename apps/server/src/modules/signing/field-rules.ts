/** The value rules of field types live in contracts: the signing screens check with the same ones. */
export {
  fieldValueProblem,
  isFilled,
  isImageField,
  isIsoDate,
  isTypedField,
} from '@esigns/contracts/field-values';
