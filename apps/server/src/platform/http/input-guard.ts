import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { AppError, validationError } from './app-error';

/*
 * Text PostgreSQL cannot store, turned away where it enters: a NUL character (`text` and `jsonb`
 * refuse 0x00) and a lone UTF-16 surrogate (`"\ud800"` parses as JSON but is not Unicode; `jsonb`
 * refuses it). Both were 500s from whichever query met them first. One `preValidation` hook checks
 * the parsed body, the query and the path parameters of every route, keys included, and answers
 * the 422 envelope keyed to the first offending field. The walk is iterative and stops at
 * MAX_JSON_DEPTH levels, so a body nested 10,000 deep is a 400, not a stack overflow further in.
 * Multipart fields are checked by the multipart reader (file-upload.ts), which calls
 * `findBadText` itself.
 */

/** Deeper than any payload the product sends (form fields, filter groups, views nest < 20). */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be stored, or undefined when it can. */
export function badTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text (it holds a lone surrogate)';
  return undefined;
}

type Found = { path: (string | number)[]; message: string } | { tooDeep: true };

/**
 * The first string (value or key) in `value` that cannot be stored, with its path, or
 * `tooDeep` when `value` nests more than MAX_JSON_DEPTH levels. Buffers and other non-plain
 * objects (a raw upload body) are not looked into.
 */
export function findBadText(value: unknown): Found | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: v, path } = item;
    if (typeof v === 'string') {
      const message = badTextReason(v);
      if (message) return { path, message };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) continue;
    if (path.length >= MAX_JSON_DEPTH) return { tooDeep: true };
    if (isArray) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push({ value: v[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      const message = badTextReason(key);
      if (message) return { path: [...path, key], message: `Field names: ${message.toLowerCase()}` };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * Parsed JSON, query and path parameters (whose objects Fastify builds on null prototypes of its
 * own), not a raw body: a Buffer, a stream or any other class instance.
 */
function isPlainObject(v: object): boolean {
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return false;
  for (let proto = Object.getPrototypeOf(v) as object | null; proto; proto = Object.getPrototypeOf(proto)) {
    if (proto === Object.prototype) return true;
    if (typeof (proto as { constructor?: unknown }).constructor === 'function') return false;
  }
  return true;
}

/**
 * The AppError for a bad value found in one part of a request (`prefix` as in the validation
 * envelope: none for the body, `params` / `querystring` for the others), or undefined.
 */
export function badInputError(value: unknown, prefix: string[] = []): AppError | undefined {
  const found = findBadText(value);
  if (!found) return undefined;
  if ('tooDeep' in found) {
    return new AppError('BAD_REQUEST', {
      message: `The request is nested more than ${MAX_JSON_DEPTH} levels deep`,
    });
  }
  const path = [...prefix, ...found.path];
  const key = path.length === 0 ? 'body' : path.join('.');
  const detail: TValidationDetail = { key, message: found.message, path };
  return validationError([detail], `${key}: ${found.message}`);
}

/** Checks params, query and body of every request before its route validates them. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const error =
      badInputError(request.params, ['params']) ??
      badInputError(request.query, ['querystring']) ??
      badInputError(request.body);
    if (error) throw error;
  });
}
