import type { TFormField, TVisibilityRule } from './nocode-fields';
import { parseBoolean, parseNumberText } from './nocode-value-coercion';

/*
 * Visibility rules: a field is shown only when the values of other fields say so ("show GST
 * number when Registered for GST is Yes"). A hidden field is neither required nor validated, and
 * its value is not kept. A field whose controlling field is hidden sees that field as empty, so
 * chains of rules behave as people expect.
 */

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function looselyEqual(value: unknown, expected: TVisibilityRule['value']): boolean {
  if (expected === undefined || expected === null) return isEmpty(value);
  if (typeof value === 'boolean') return parseBoolean(expected) === value;
  if (typeof value === 'number') {
    const n = parseNumberText(typeof expected === 'boolean' ? '' : expected);
    return n !== null && n === value;
  }
  if (typeof value === 'string') return value.trim().toLowerCase() === String(expected).trim().toLowerCase();
  return false;
}

function compare(value: unknown, expected: TVisibilityRule['value']): number | null {
  if (typeof value === 'number') {
    const n = parseNumberText(typeof expected === 'boolean' ? '' : expected);
    return n === null ? null : Math.sign(value - n);
  }
  // Dates (YYYY-MM-DD), times (HH:mm) and instants (ISO) compare as text.
  if (typeof value === 'string' && typeof expected === 'string') {
    return value < expected ? -1 : value > expected ? 1 : 0;
  }
  return null;
}

/** Whether one rule holds for the controlling field's value. */
export function ruleHolds(rule: TVisibilityRule, value: unknown): boolean {
  const items = Array.isArray(value) ? value : null;
  switch (rule.operator) {
    case 'IS_EMPTY':
      return isEmpty(value);
    case 'IS_NOT_EMPTY':
      return !isEmpty(value);
    case 'EQUALS':
      return items ? items.some((item) => looselyEqual(item, rule.value)) : looselyEqual(value, rule.value);
    case 'NOT_EQUALS':
      return !ruleHolds({ ...rule, operator: 'EQUALS' }, value);
    case 'CONTAINS':
      if (items) return items.some((item) => looselyEqual(item, rule.value));
      if (typeof value === 'string') {
        return value.toLowerCase().includes(String(rule.value ?? '').toLowerCase());
      }
      return looselyEqual(value, rule.value);
    case 'NOT_CONTAINS':
      return !ruleHolds({ ...rule, operator: 'CONTAINS' }, value);
    case 'GREATER_THAN':
      return compare(value, rule.value) === 1;
    case 'LESS_THAN':
      return compare(value, rule.value) === -1;
    default: {
      const exhaustive: never = rule.operator;
      return exhaustive;
    }
  }
}

/**
 * The keys of the fields shown for these values. Cycles (which `ZFormFields` refuses) count as
 * hidden rather than looping.
 */
export function visibleFieldKeys(
  fields: readonly Pick<TFormField, 'key' | 'visibility'>[],
  values: Readonly<Record<string, unknown>>,
): Set<string> {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const state = new Map<string, boolean | 'pending'>();
  const isVisible = (key: string): boolean => {
    const known = state.get(key);
    if (known === 'pending') return false;
    if (known !== undefined) return known;
    const field = byKey.get(key);
    if (!field) return false;
    if (!field.visibility) {
      state.set(key, true);
      return true;
    }
    state.set(key, 'pending');
    const results = field.visibility.rules.map((rule) =>
      ruleHolds(rule, byKey.has(rule.field) && isVisible(rule.field) ? values[rule.field] : undefined),
    );
    const visible = field.visibility.match === 'ANY' ? results.some(Boolean) : results.every(Boolean);
    state.set(key, visible);
    return visible;
  };
  return new Set(fields.filter((field) => isVisible(field.key)).map((field) => field.key));
}
