import { describe, expect, it } from 'vitest';
import { fieldValueProblem, isFilled } from './field-rules';
import {
  credentialsFromLink,
  readSignerCredentials,
  searchWithoutToken,
  signerHeaders,
} from './signer-credentials';
import { emptyMarkFields, initialValues, missingFields, nextFieldKey, progressOf } from './signing-progress';
import { DOC_ID, PNG, USER_ID, makeSignerField } from './signing-test-utils';
import { sameOriginUrl } from './signing-paths';
import { batchesOf } from './use-value-autosave';

describe('field values, as the server checks them', () => {
  it.each([
    [{ type: 'NUMBER' as const, validation: { min: 1, max: 5 } }, '3', null],
    [{ type: 'NUMBER' as const, validation: { min: 1, max: 5 } }, '9', 'Enter 5 or less'],
    [{ type: 'NUMBER' as const, validation: {} }, 'abc', 'Enter a number'],
    [{ type: 'DATE' as const, validation: {} }, '2027-02-30', 'Enter a date as YYYY-MM-DD'],
    [{ type: 'DATE' as const, validation: {} }, '2027-02-28', null],
    [{ type: 'TEXT' as const, validation: { pattern: '[A-Z]{2}\\d+' } }, 'AB12', null],
    [
      { type: 'TEXT' as const, validation: { pattern: '[A-Z]{2}\\d+', message: 'Like AB12' } },
      'ab',
      'Like AB12',
    ],
    [{ type: 'TEXT' as const, validation: { pattern: '([' } }, 'anything', null],
    [{ type: 'TEXT' as const, validation: { min_length: 3 } }, 'ab', 'At least 3 characters'],
    [
      { type: 'DROPDOWN' as const, options: ['Yes', 'No'], validation: {} },
      'Maybe',
      'Choose one of the options',
    ],
    [{ type: 'CHECKBOX' as const, validation: {} }, 'yes', "A checkbox is 'true' or 'false'"],
    [{ type: 'SIGNATURE' as const, validation: {} }, 'data:image/gif;base64,AAAA', 'Use a PNG or JPEG image'],
    [{ type: 'SIGNATURE' as const, validation: {} }, PNG, null],
  ])('%j with %s', (field, value, problem) => {
    expect(fieldValueProblem(makeSignerField(field), value)).toBe(problem);
  });

  it('counts a required checkbox only when ticked', () => {
    expect(isFilled({ type: 'CHECKBOX' }, 'false')).toBe(false);
    expect(isFilled({ type: 'CHECKBOX' }, 'true')).toBe(true);
  });
});

describe('the guided progress', () => {
  const fields = [
    makeSignerField({ key: 'b', page: 2, y: 10 }),
    makeSignerField({ key: 'a', page: 1, y: 500, type: 'TEXT' }),
    makeSignerField({ key: 'opt', page: 1, y: 50, type: 'TEXT', required: false }),
    makeSignerField({ key: 'auto', page: 1, y: 40, type: 'FULL_NAME' }),
    makeSignerField({ key: 'ro', page: 1, y: 30, type: 'TEXT', read_only: true, default_value: 'x' }),
    makeSignerField({ key: 'other', page: 1, y: 20, mine: false }),
    makeSignerField({ key: 'c', page: 1, y: 700, type: 'TEXT', default_value: 'prefilled' }),
  ];

  it('steps through the own required fields in reading order, skipping done ones, wrapping round', () => {
    const values = initialValues(fields);
    expect(values).toEqual({ a: '', opt: '', c: 'prefilled', b: '' });
    expect(progressOf(fields, values)).toEqual({ done: 1, total: 3 });
    expect(nextFieldKey(fields, values, null)).toBe('a');
    expect(nextFieldKey(fields, values, 'a')).toBe('b');
    expect(nextFieldKey(fields, values, 'b')).toBe('a');
    expect(nextFieldKey(fields, { ...values, a: 'x', b: PNG }, 'b')).toBeNull();
    expect(missingFields(fields, { ...values, a: 'x' }).map((f) => f.key)).toEqual(['b']);
  });

  it('finds the empty signature fields an adopted signature goes to', () => {
    const sigs = [
      makeSignerField({ key: 's1' }),
      makeSignerField({ key: 's2', y: 10 }),
      makeSignerField({ key: 'i1', type: 'INITIAL' }),
    ];
    expect(emptyMarkFields(sigs, { s1: PNG, s2: '' }, 'SIGNATURE').map((f) => f.key)).toEqual(['s2']);
  });
});

describe('the link credentials', () => {
  it('take the token of the link over what is stored, and drop it from the query', () => {
    sessionStorage.clear();
    expect(credentialsFromLink(DOC_ID, USER_ID, '?token=abc&lang=en')).toEqual({
      document_id: DOC_ID,
      user_id: USER_ID,
      password: 'abc',
    });
    expect(credentialsFromLink(DOC_ID, USER_ID, '')?.password).toBe('abc');
    expect(credentialsFromLink(DOC_ID, 'someone-else', '')).toBeNull();
    expect(credentialsFromLink(DOC_ID, USER_ID, '?token=newer')?.password).toBe('newer');
    expect(readSignerCredentials(DOC_ID)?.password).toBe('newer');
    expect(searchWithoutToken('?token=abc&lang=en')).toBe('?lang=en');
    expect(searchWithoutToken('?token=abc')).toBe('');
  });

  it('become the spec headers', () => {
    expect(signerHeaders({ document_id: 'd', user_id: 'u', password: 'p' })).toEqual({
      documentid: 'd',
      userid: 'u',
      password: 'p',
    });
    expect(signerHeaders(null, 'u')).toEqual({ userid: 'u' });
  });
});

describe('autosave batches', () => {
  it('split values under the body limit', () => {
    const big = 'x'.repeat(300);
    expect(batchesOf({ a: big, b: big, c: big }, 700).map((b) => Object.keys(b))).toEqual([
      ['a', 'b'],
      ['c'],
    ]);
    expect(batchesOf({})).toEqual([]);
  });
});

describe('the file link', () => {
  it("becomes a path when it points at this app's storage route on another host name", () => {
    expect(sameOriginUrl('http://elsewhere.test:3261/api/storage/a.pdf?sig=1')).toBe(
      '/api/storage/a.pdf?sig=1',
    );
    expect(sameOriginUrl('https://bucket.s3.test/a.pdf?X-Amz=1')).toBe(
      'https://bucket.s3.test/a.pdf?X-Amz=1',
    );
    expect(sameOriginUrl(null)).toBeNull();
  });
});
