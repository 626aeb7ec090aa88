import type { TValidationDetail } from '@esigns/contracts/envelope';

/**
 * The one-line summary of a 422 (`message`), in words a user reads: the place of the first
 * problem named by labels, not by a machine path. `fields.1.options` of a form whose second field
 * is labelled "Budget" reads `Field "Budget", options: Add at least one option`; an item without a
 * label or name is counted from 1 (`Recipient 2, email: ...`). The details keep their machine
 * `key` and `path`, which is what screens use to mark the input.
 */
export function validationSummary(details: readonly TValidationDetail[], body: unknown): string {
  const first = details[0];
  if (!first) return 'Validation failed';
  const place = placeOf(first.path ?? [], body);
  return place ? `${place}: ${first.message}` : first.message;
}

const MAX_NAME = 60;
/** Where a request's parts other than the body are named: their keys are read as they are. */
const PARTS = new Set(['query', 'params', 'headers', 'querystring']);

function placeOf(path: readonly (string | number)[], body: unknown): string {
  const parts: string[] = [];
  const isRequestPart = PARTS.has(String(path[0]));
  let value: unknown = isRequestPart ? undefined : body;
  for (let i = isRequestPart ? 1 : 0; i < path.length; i += 1) {
    const segment = path[i]!;
    const next = path[i + 1];
    if (typeof segment === 'string' && typeof next === 'number') {
      // A list and the position in it: one phrase ("Field "Budget"", "Recipient 2").
      const item = Array.isArray(recordOf(value)?.[segment])
        ? (recordOf(value)?.[segment] as unknown[])[next]
        : undefined;
      const name = nameOf(item);
      const noun = singular(words(segment));
      parts.push(name ? `${capitalise(noun)} "${name}"` : `${capitalise(noun)} ${next + 1}`);
      value = item;
      i += 1;
      continue;
    }
    if (typeof segment === 'number') {
      const item = Array.isArray(value) ? (value as unknown[])[segment] : undefined;
      const name = nameOf(item);
      parts.push(name ? `"${name}"` : `item ${segment + 1}`);
      value = item;
      continue;
    }
    parts.push(parts.length === 0 ? capitalise(words(segment)) : words(segment));
    value = recordOf(value)?.[segment];
  }
  return parts.join(', ');
}

function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The label, name or title the user gave an item, when it has one. */
function nameOf(item: unknown): string | undefined {
  const record = recordOf(item);
  if (!record) return undefined;
  for (const key of ['label', 'name', 'title', 'email']) {
    const candidate = record[key];
    if (typeof candidate === 'string' && candidate.trim()) {
      const text = candidate.trim().replace(/\s+/g, ' ');
      return text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text;
    }
  }
  return undefined;
}

/** `email_message` and `emailMessage` -> `email message`. */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

function singular(noun: string): string {
  if (/ies$/.test(noun)) return `${noun.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(noun)) return noun.slice(0, -2);
  if (/[^s]s$/.test(noun)) return noun.slice(0, -1);
  return noun;
}

function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
