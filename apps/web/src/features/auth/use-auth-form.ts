import { useCallback, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { isApiError, type FieldErrors } from '../../shared/api/api-error';

/** First message per field key, the way 422 answers are shown (spec 1 §5). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export type ValidationResult<T> = { data: T; errors: null } | { data: null; errors: FieldErrors };

export function validateWith<S extends z.ZodType>(schema: S, values: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success
    ? { data: result.data, errors: null }
    : { data: null, errors: zodFieldErrors(result.error) };
}

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/**
 * Controlled values, field errors under the inputs and one critical error for an Alert.
 * `fields` lists the inputs on screen: a 422 message for a key without an input goes to the
 * Alert instead of being lost.
 */
export function useAuthForm<T extends Record<string, string>>(initial: T, fields: readonly (keyof T)[]) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [critical, setCritical] = useState<string | null>(null);

  const setValue = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as string];
      return next;
    });
  }, []);

  /** Props of a text input bound to `name`. */
  const inputProps = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(name, event.currentTarget.value as T[typeof name]),
    error: errors[name],
  });

  /** Shows a validation result; answers the data when it is valid. */
  const check = <S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | null => {
    const result = validateWith(schema, input);
    setCritical(null);
    setErrors(result.errors ?? {});
    return result.data;
  };

  /** Puts a failed call on screen: 422 messages under their inputs, anything else in the Alert. */
  const showError = (error: unknown) => {
    if (isApiError(error) && error.isValidation) {
      const own: FieldErrors = {};
      const other: string[] = [];
      for (const [key, message] of Object.entries(error.fieldErrors)) {
        if ((fields as readonly string[]).includes(key)) own[key] = message;
        else other.push(message);
      }
      setErrors(own);
      setCritical(other.length ? other.join(' ') : Object.keys(own).length ? null : error.message);
      return;
    }
    setErrors({});
    setCritical(
      isApiError(error) || error instanceof Error ? error.message || FALLBACK_ERROR : FALLBACK_ERROR,
    );
  };

  return {
    values,
    setValue,
    errors,
    setErrors,
    critical,
    setCritical,
    inputProps,
    check,
    showError,
  };
}
