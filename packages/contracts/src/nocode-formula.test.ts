import { describe, expect, it } from 'vitest';
import { evaluateFormula, parseFormula, roundTo, type TFormulaRef } from './nocode-formula';

const values: Record<string, number | null | (number | null)[]> = {
  a: 6,
  b: 4,
  empty: null,
  'items.amount': [10, null, 5.5],
};
const resolve = (ref: TFormulaRef) => values[ref.column ? `${ref.key}.${ref.column}` : ref.key] ?? null;

function run(source: string): number | null {
  const parsed = parseFormula(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return evaluateFormula(parsed.ast, resolve);
}

describe('formulas', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 512],
    ['-{a} + 10', 4],
    ['{a} / {b}', 1.5],
    ['{a} % {b}', 2],
    ['{empty} + 1', 1],
    ['{a} > {b}', 1],
    ['{a} == 6', 1],
    ['IF({a} >= 10, 1, 2)', 2],
    ['ROUND(2 / 3, 2)', 0.67],
    ['round(1.005, 2)', 1.01],
    ['FLOOR(-1.5) + CEIL(1.2) + ABS(-3)', 3],
    ['SUM({items.amount})', 15.5],
    ['AVG({items.amount})', 7.75],
    ['COUNT({items.amount})', 2],
    ['MAX({items.amount}, {a})', 10],
    ['MIN({a}, {b}, 2)', 2],
    ['SUM({a} + {b}, 1)', 11],
    ['.5 * 4', 2],
  ])('%s = %s', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('gives an empty result for division by zero and empty lists', () => {
    expect(run('{a} / 0')).toBeNull();
    expect(run('AVG({items.missing})')).toBeNull();
  });

  it('lists the references once', () => {
    const parsed = parseFormula('{a} + {a} * SUM({items.amount})');
    expect(parsed.ok && parsed.refs).toEqual([{ key: 'a' }, { key: 'items', column: 'amount' }]);
  });

  it.each([
    ['', 'The formula ends too early'],
    ['1 +', 'The formula ends too early'],
    ['(1 + 2', 'Expected ")" at position 7'],
    ['1 2', 'Unexpected "2" at position 3'],
    ['{Price} * 2', 'Unexpected "{" at position 1: write fields as {field_key} (lowercase key)'],
    ['NOW()', 'Unknown function NOW'],
    ['IF(1, 2)', 'IF takes 3 arguments'],
    ['ROUND()', 'ROUND takes 1 to 2 arguments'],
    ['{items.amount} * 2', '{items.amount} is a table column: use it inside SUM, AVG, MIN, MAX or COUNT'],
    ['1 ; 2', 'Unexpected ";" at position 3'],
    ['('.repeat(60) + '1' + ')'.repeat(60), 'The formula is nested too deeply'],
  ])('refuses %j', (source, message) => {
    const parsed = parseFormula(source);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain(message);
  });

  it('rounds half away from zero without floating-point drift', () => {
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(1234.5678, 1)).toBe(1234.6);
  });
});
