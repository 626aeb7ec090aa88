import { useCallback, useState } from 'react';
import { isApiError, type FieldErrors } from '../../shared/api/api-error';
import { errorMessageOf } from '../profile/screen-states';

/**
 * Field errors under inputs and one message for the rest (spec 1 §5), for forms whose values are
 * not all text. `fields` names the inputs on screen: other 422 keys go to the message.
 */
export function useFieldErrors(fields: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [critical, setCritical] = useState<string | null>(null);

  const clearError = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const showError = (error: unknown) => {
    if (isApiError(error) && error.isValidation) {
      const own: FieldErrors = {};
      const other: string[] = [];
      for (const [key, message] of Object.entries(error.fieldErrors)) {
        if (fields.includes(key)) own[key] = message;
        else other.push(message);
      }
      setErrors(own);
      setCritical(other.length ? other.join(' ') : Object.keys(own).length ? null : error.message);
      return;
    }
    setErrors({});
    setCritical(errorMessageOf(error));
  };

  /** Shows client-side errors (or clears them); answers whether there were none. */
  const showChecks = (found: FieldErrors | null) => {
    setCritical(null);
    setErrors(found ?? {});
    return !found || Object.keys(found).length === 0;
  };

  return { errors, setErrors, critical, setCritical, clearError, showError, showChecks };
}
