import { describe, expect, it } from 'vitest';
import { JsonText, ok, plainJson } from './envelope';

const print = plainJson();

describe('plainJson', () => {
  it('prints an answer as JSON.stringify does', () => {
    const answer = ok({ page: 1, rows: [{ a: 'x', b: null }] });
    expect(print(answer)).toBe(JSON.stringify(answer));
  });

  it('splices JsonText in as it is, in order, however many', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: i,
      values: new JsonText(`{"n":${i},"s":"é\\"q"}`),
    }));
    const printed = print(ok({ rows }));
    expect(JSON.parse(printed)).toEqual({
      success: true,
      data: { rows: rows.map((_, i) => ({ id: i, values: { n: i, s: 'é"q' } })) },
    });
  });

  it('leaves strings that look like its mark alone', () => {
    const answer = { title: '\u0000json-text-', values: new JsonText('[1,2]'), note: '$& $1 $$' };
    expect(JSON.parse(print(answer))).toEqual({
      title: '\u0000json-text-',
      values: [1, 2],
      note: '$& $1 $$',
    });
  });

  it('prints JsonText as its parsed value anywhere else', () => {
    expect(JSON.stringify({ values: new JsonText('{"a":[1,{"b":true}]}') })).toBe(
      '{"values":{"a":[1,{"b":true}]}}',
    );
  });
});
