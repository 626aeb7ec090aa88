import { APP_REF_PATTERN } from '@esigns/contracts/apps';
import type { z } from 'zod';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import { validationError } from '../../platform/http/app-error';

/*
 * References inside component bodies. A manifest writes the id of another component of the app as
 * `@<kind>:<key>`; packaging turns ids into references, installing turns references into ids.
 */

export const detail = (key: string, message: string): TValidationDetail => ({
  key,
  message,
  path: key.split('.'),
});

/** A zod error's issues as details keyed under `prefix`. */
export const zodDetails = (error: z.ZodError, prefix: string): TValidationDetail[] =>
  error.issues.map((issue) =>
    detail([prefix, ...issue.path.map(String)].filter(Boolean).join('.'), issue.message),
  );

/** `value` parsed by `schema`, else a 422 keyed under `at`. */
export function parsedOr422<T extends z.ZodType>(schema: T, value: unknown, at: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = zodDetails(result.error, at);
  throw validationError(details, details[0]?.message ?? 'Validation failed');
}

/** `@entity:property#rent` -> `@entity:property` (the component) and `#rent` (the field, if any). */
export function splitRef(text: string): { ref: string; field: string } {
  const hash = text.indexOf('#');
  return hash < 0 ? { ref: text, field: '' } : { ref: text.slice(0, hash), field: text.slice(hash) };
}

/** Every reference written in `value` (without its `#field`), with where (`<base>.<path>`). */
export function refsIn(value: unknown, base: string): { ref: string; at: string }[] {
  const found: { ref: string; at: string }[] = [];
  const walk = (v: unknown, at: string) => {
    if (typeof v === 'string') {
      if (APP_REF_PATTERN.test(v)) found.push({ ref: splitRef(v).ref, at });
    } else if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${at}.${i}`));
    else if (v && typeof v === 'object')
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) walk(item, `${at}.${k}`);
  };
  walk(value, base);
  return found;
}

/** `value` with every reference replaced by `resolve(ref)` (its id; a `#field` stays after it). */
export function resolveRefs<T>(value: T, resolve: (ref: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && APP_REF_PATTERN.test(v)) {
      const { ref, field } = splitRef(v);
      return `${resolve(ref)}${field}`;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, item]) => [k, walk(item)]),
      );
    return v;
  };
  return walk(value) as T;
}

/** Keys whose ids are the company's own audience, not part of an app: cleared when packaging. */
const CLEARED = new Set(['contact_type_id', 'contact_type_ids', 'header_footer_id']);
/** Keys whose values are ids local to the component itself (form steps), kept as they are. */
const LOCAL = new Set(['step_id', 'id']);

/**
 * `value` with every id of a packaged component replaced by its reference. An id under a `..._id`
 * or `..._ids` key that is neither packaged nor in `keep` (shared by every company: standard
 * templates) is a problem keyed to where it is: the group refers to something outside it.
 */
export function toRefs<T>(
  value: T,
  refOf: ReadonlyMap<string, string>,
  keep: ReadonlySet<string>,
  base: string,
  problems: TValidationDetail[],
): T {
  const walk = (v: unknown, at: string, key: string): unknown => {
    if (typeof v === 'string') {
      const { ref: id, field } = splitRef(v);
      const ref = refOf.get(id);
      if (ref) return `${ref}${field}`;
      if (isUuid(v) && !keep.has(v) && !LOCAL.has(key) && /_ids?$/.test(key))
        problems.push(
          detail(
            at,
            `Refers to something outside the entity group (${key} ${v}): add it to the group or remove it`,
          ),
        );
      return v;
    }
    if (Array.isArray(v)) return v.map((item, i) => walk(item, `${at}.${i}`, key));
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, item]) => {
          if (CLEARED.has(k)) return [k, Array.isArray(item) ? [] : null];
          return [k, walk(item, `${at}.${k}`, k)];
        }),
      );
    }
    return v;
  };
  return walk(value, base, '') as T;
}

/** A stand-in id for a reference (the same one each time), to check a body before anything exists. */
export function placeholderId(ref: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < ref.length; i += 1) {
    h1 = Math.imul(h1 ^ ref.charCodeAt(i), 16777619) >>> 0;
    h2 = Math.imul(h2 ^ ref.charCodeAt(i), 2246822519) >>> 0;
  }
  const hex = (h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')).repeat(2);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
