import { randomUUID } from 'node:crypto';
import type { TSuccess } from '@esigns/contracts/envelope';

/** Wraps a payload in the success envelope `{ success: true, data }`. */
export function ok<T>(data: T, message?: string): TSuccess<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/**
 * JSON text already in hand (a jsonb column read as text), to be put into an answer as it is
 * rather than parsed and printed again. Only `plainJson` splices it; anywhere else it prints as
 * its parsed value.
 */
export class JsonText {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    if (!splicing) return JSON.parse(this.text);
    splicing.push(this.text);
    return SPLICE_MARK;
  }
}

/** The texts `plainJson` is collecting while it prints (JSON.stringify runs synchronously). */
let splicing: string[] | null = null;
/**
 * What a `JsonText` prints as while collected, then replaced. It begins with a NUL character,
 * which no text read from PostgreSQL can hold, and carries a per-process nonce besides.
 */
const SPLICE_MARK = `\u0000json-text-${randomUUID()}`;
const SPLICED = new RegExp(JSON.stringify(SPLICE_MARK).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'), 'g');

/**
 * A route's `serializerCompiler` for answers built from typed rows by their module: plain
 * `JSON.stringify`, without checking a large page against its zod schema on the way out (the
 * schema still documents the answer in OpenAPI). `JsonText` values are spliced in as they are.
 */
export const plainJson =
  () =>
  (data: unknown): string => {
    const texts: string[] = [];
    splicing = texts;
    let out: string;
    try {
      out = JSON.stringify(data);
    } finally {
      splicing = null;
    }
    if (texts.length === 0) return out;
    let next = 0;
    return out.replace(SPLICED, () => texts[next++]!);
  };
