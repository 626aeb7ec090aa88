import { describe, expect, it } from 'vitest';
import { ZField, type TFieldInput } from '@esigns/contracts/documents';
import { fieldValueProblem, isFilled, isIsoDate, isTypedField } from './field-rules';
import { pngDataUrl } from './test-helpers';

const field = (input: Partial<TFieldInput>) =>
  ZField.parse({
    key: 'k',
    type: 'TEXT',
    page: 1,
    x: 0,
    y: 0,
    width: 50,
    height: 20,
    recipient_key: 'r',
    ...input,
  });

describe('field values by type', () => {
  it.each([
    ['TEXT', {}, 'anything', null],
    ['TEXT', { validation: { min_length: 3 } }, 'ab', 'At least 3 characters'],
    ['TEXT', { validation: { max_length: 3 } }, 'abcd', 'At most 3 characters'],
    ['TEXT', { validation: { pattern: '[A-Z]{2}\\d+' } }, 'AB12', null],
    ['TEXT', { validation: { pattern: '[A-Z]{2}\\d+', message: 'Use AB123' } }, 'ab12', 'Use AB123'],
    ['TEXT', { validation: { pattern: '([' } }, 'whatever', null],
    ['NUMBER', {}, '12.5', null],
    ['NUMBER', {}, 'twelve', 'Enter a number'],
    ['NUMBER', {}, 'Infinity', 'Enter a number'],
    ['NUMBER', { validation: { min: 1, max: 10 } }, '0', 'Enter 1 or more'],
    ['NUMBER', { validation: { min: 1, max: 10 } }, '11', 'Enter 10 or less'],
    ['DATE', {}, '2024-02-29', null],
    ['DATE', {}, '2023-02-29', 'Enter a date as YYYY-MM-DD'],
    ['DATE', {}, '01/02/2024', 'Enter a date as YYYY-MM-DD'],
    ['CHECKBOX', {}, 'true', null],
    ['CHECKBOX', {}, 'yes', "A checkbox is 'true' or 'false'"],
    ['DROPDOWN', { options: ['A', 'B'] }, 'B', null],
    ['RADIO', { options: ['A', 'B'] }, 'C', 'Choose one of the options'],
    ['SIGNATURE', {}, pngDataUrl(), null],
    ['SIGNATURE', {}, 'data:image/png;base64,/9j/4AAQ', 'The image is not a PNG or JPEG file'],
    ['INITIAL', {}, 'data:image/svg+xml;base64,PHN2Zz4=', 'Use a PNG or JPEG image'],
    ['IMAGE', {}, 'Jane Doe', 'Use a PNG or JPEG image'],
    ['TEXT', {}, '', null],
  ] as const)('%s %j: %s -> %s', (type, extra, value, problem) => {
    expect(fieldValueProblem(field({ type, ...extra } as Partial<TFieldInput>), value)).toBe(problem);
  });

  it('counts a required checkbox as filled only when ticked', () => {
    expect(isFilled(field({ type: 'CHECKBOX' }), 'false')).toBe(false);
    expect(isFilled(field({ type: 'CHECKBOX' }), 'true')).toBe(true);
    expect(isFilled(field({ type: 'TEXT' }), '')).toBe(false);
  });

  it('fills full name, email and date signed itself; company and title are typed', () => {
    expect(isTypedField({ type: 'FULL_NAME' })).toBe(false);
    expect(isTypedField({ type: 'DATE_SIGNED' })).toBe(false);
    expect(isTypedField({ type: 'EMAIL' })).toBe(false);
    expect(isTypedField({ type: 'COMPANY' })).toBe(true);
    expect(isTypedField({ type: 'SIGNATURE' })).toBe(true);
  });

  it('reads ISO dates strictly', () => {
    expect(isIsoDate('2024-12-31')).toBe(true);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
  });
});
