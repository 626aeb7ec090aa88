import { describe, expect, it } from 'vitest';
import { formatCurrency } from './currency';

describe('formatCurrency', () => {
  it('formats INR first-class', () => {
    expect(formatCurrency(1234.5, 'INR')).toBe('₹1,234.50');
    expect(formatCurrency(1234.5)).toBe('₹1,234.50');
    expect(formatCurrency(1234567.891, 'inr')).toBe('₹1,234,567.89');
  });

  it('formats other ISO codes en-US style', () => {
    expect(formatCurrency(0, 'USD')).toBe('$0.00');
    expect(formatCurrency(-5, 'USD')).toBe('-$5.00');
    expect(formatCurrency(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatCurrency(1234.5, 'JPY')).toBe('¥1,235');
  });

  it('falls back to the code text for unknown codes', () => {
    expect(formatCurrency(1234.5, 'XYZ')).toBe('XYZ 1,234.50');
    expect(formatCurrency(1234.5, 'ABCD')).toBe('ABCD 1,234.50');
    expect(formatCurrency(1, 'R$')).toBe('R$ 1.00');
  });

  it('accepts numeric strings', () => {
    expect(formatCurrency('1,234.5', 'INR')).toBe('₹1,234.50');
  });

  it.each([null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY])(
    'gives an empty string for %s',
    (value) => {
      expect(formatCurrency(value, 'INR')).toBe('');
    },
  );
});
