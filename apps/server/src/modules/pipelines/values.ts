import { MERGE_FIELD_PATTERN } from '@esigns/contracts/email';
import type { PipelineTriggerEvent, TPipelineCondition } from '@esigns/contracts/pipelines';

/*
 * The values a run sees (contracts' pipelines.ts, top comment): the triggering record's fields by
 * merge name (`<template code>.<field key>`), `record.*`, `event.*`, `data.*` and what earlier
 * steps answered (`step<N>.*`). Conditions test them; action texts are filled with them.
 */

/** Merge name -> value as stored (not formatted: a condition compares the stored value). */
export type RunValues = ReadonlyMap<string, unknown>;

/** A template's id and code: record values are stored by template id, named by code. */
export type TemplateCode = { id: string; code: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `data.<key>` and `data.<key>.<sub>` for the event's data (values of record events excepted). */
function dataValues(data: Record<string, unknown>, into: Map<string, unknown>): void {
  for (const [key, value] of Object.entries(data)) {
    if (key === 'values') continue;
    into.set(`data.${key}`, value);
    if (isPlainObject(value)) {
      for (const [sub, inner] of Object.entries(value)) into.set(`data.${key}.${sub}`, inner);
    }
  }
}

/**
 * The record's fields of a record event: `values` stored by template id (`{ <template id>: {
 * <key>: value } }`, as records are), named `<code>.<key>`. Flat values (`{ <key>: value }`) are
 * named by the primary template's code.
 */
function recordFieldValues(values: unknown, templates: readonly TemplateCode[], into: Map<string, unknown>) {
  if (!isPlainObject(values)) return;
  const byId = new Map(templates.map((t) => [t.id, t.code]));
  for (const [key, value] of Object.entries(values)) {
    const code = byId.get(key);
    if (code && isPlainObject(value)) {
      for (const [field, inner] of Object.entries(value)) into.set(`${code}.${field}`, inner);
    } else if (templates[0] && !code) {
      into.set(`${templates[0].code}.${key}`, value);
    }
  }
}

/** The trigger's values (`templates`: the pipeline entity's, primary first; [] for other events). */
export function triggerValues(
  event: PipelineTriggerEvent,
  templates: readonly TemplateCode[],
): Map<string, unknown> {
  const values = new Map<string, unknown>([
    ['event.id', event.id],
    ['event.type', event.type],
    ['event.subject_id', event.subject_id],
  ]);
  const data = event.data as unknown as Record<string, unknown>;
  dataValues(data, values);
  if ('record_id' in data) {
    values.set('record.id', data.record_id);
    values.set('record.entity_id', data.entity_id);
    recordFieldValues(data.values, templates, values);
  }
  return values;
}

/** Adds what step `position` (0-based) answered as `step<N>.<key>`. */
export function withStepOutput(values: RunValues, position: number, output: unknown): RunValues {
  if (!isPlainObject(output)) return values;
  const next = new Map(values);
  for (const [key, value] of Object.entries(output)) next.set(`step${position + 1}.${key}`, value);
  return next;
}

/** A value as text: arrays joined, objects as JSON, empty as ''. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const sameText = (a: unknown, b: string): boolean =>
  textOf(a).trim().toLowerCase() === b.trim().toLowerCase();

function equalsValue(actual: unknown, expected: string): boolean {
  if (Array.isArray(actual)) return actual.some((item) => sameText(item, expected));
  if (isPlainObject(actual) && 'value' in actual) return sameText(actual.value, expected);
  return sameText(actual, expected);
}

function compareNumbers(actual: unknown, expected: string): number | null {
  const a = typeof actual === 'number' ? actual : Number(textOf(actual));
  const b = Number(expected);
  if (isEmpty(actual) || expected.trim() === '' || Number.isNaN(a) || Number.isNaN(b)) {
    // Dates (ISO text) compare as text.
    const at = textOf(actual);
    return at && expected ? at.localeCompare(expected) : null;
  }
  return a - b;
}

/** Whether one condition holds. `changed`: the field is among a record update's changed keys. */
export function conditionHolds(condition: TPipelineCondition, values: RunValues, changed: readonly string[]) {
  const actual = values.get(condition.field);
  const expected = condition.value;
  switch (condition.operator) {
    case 'equals':
      return equalsValue(actual, expected);
    case 'not_equals':
      return !equalsValue(actual, expected);
    case 'contains':
      return textOf(actual).toLowerCase().includes(expected.toLowerCase());
    case 'not_contains':
      return !textOf(actual).toLowerCase().includes(expected.toLowerCase());
    case 'is_empty':
      return isEmpty(actual);
    case 'is_not_empty':
      return !isEmpty(actual);
    case 'greater_than': {
      const c = compareNumbers(actual, expected);
      return c !== null && c > 0;
    }
    case 'less_than': {
      const c = compareNumbers(actual, expected);
      return c !== null && c < 0;
    }
    case 'changed': {
      const key = condition.field.split('.').pop() ?? '';
      return changed.includes(key) || changed.includes(condition.field);
    }
  }
}

/** Every condition holds (no conditions: true). */
export function conditionsHold(
  conditions: readonly TPipelineCondition[],
  event: PipelineTriggerEvent,
  values: RunValues,
) {
  const data = event.data as unknown as { changed?: unknown };
  const changed = Array.isArray(data.changed) ? data.changed.map(String) : [];
  return conditions.every((c) => conditionHolds(c, values, changed));
}

const mergePattern = () => new RegExp(MERGE_FIELD_PATTERN.source, 'g');

/**
 * A text with merge fields filled. A text that is exactly one merge field answers the value as
 * it is (a number stays a number, a list a list); else values are written into the text.
 */
export function fillValue(text: string, values: RunValues): unknown {
  const whole = /^\s*\{\{\s*([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){0,2})\s*\}\}\s*$/.exec(text);
  if (whole) return values.get(whole[1]!) ?? null;
  return fillText(text, values);
}

/** A text with merge fields written as text (unknown names: empty). */
export function fillText(text: string, values: RunValues): string {
  return text.replace(mergePattern(), (_whole, name: string) => textOf(values.get(name)));
}

/** A JSON text (a webhook body) with merge fields filled as JSON string contents. */
export function fillJson(text: string, values: RunValues): string {
  return text.replace(mergePattern(), (_whole, name: string) =>
    JSON.stringify(textOf(values.get(name))).slice(1, -1),
  );
}
