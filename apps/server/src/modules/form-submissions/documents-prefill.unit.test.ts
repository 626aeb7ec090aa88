import { describe, expect, it } from 'vitest';
import { ZField, ZRecipient, type TFieldInput } from '@esigns/contracts/documents';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { earlierAnswers, fieldValueOf, fillerRole, prefillFields } from './documents-prefill';

const field = (input: Partial<TFieldInput> & Pick<TFieldInput, 'key' | 'type'>) =>
  ZField.parse({ page: 1, x: 0, y: 0, width: 50, height: 20, recipient_key: 'me', ...input });
const role = (key: string, extra: object = {}) => ZRecipient.parse({ key, ...extra });

const step = (id: string, type: TStoredFormStep['type'] = 'TEMPLATE'): TStoredFormStep =>
  type === 'DOCUMENT'
    ? { id, name: id, type, document_template_id: id, required: true, condition: null }
    : { id, name: id, type: 'TEMPLATE', template_id: id, required: true, condition: null };

describe('earlierAnswers', () => {
  it('reads only the steps before the document step, the nearest one winning', () => {
    const steps = [step('a'), step('b'), step('doc', 'DOCUMENT'), step('c')];
    const answers = earlierAnswers(
      steps,
      { a: { City: 'Pune', Name: 'Old' }, b: { name: 'New' }, c: { later: 'x' } },
      'doc',
    );
    expect(Object.fromEntries(answers)).toEqual({ city: 'Pune', name: 'New' });
  });
});

describe('fieldValueOf', () => {
  it.each([
    [{ key: 'n', type: 'NUMBER' as const }, '12.50', '12.5'],
    [{ key: 'n', type: 'NUMBER' as const }, 'twelve', null],
    [{ key: 'd', type: 'DATE' as const }, '2026-02-03T10:00:00Z', '2026-02-03'],
    [{ key: 'd', type: 'DATE' as const }, '03/02/2026', null],
    [{ key: 'c', type: 'CHECKBOX' as const }, true, 'true'],
    [{ key: 'c', type: 'CHECKBOX' as const }, 'yes', null],
    [{ key: 'r', type: 'RADIO' as const, options: ['A', 'B'] }, 'B', 'B'],
    [{ key: 'r', type: 'DROPDOWN' as const, options: ['A', 'B'] }, 'C', null],
    [{ key: 't', type: 'TEXT' as const }, 42, '42'],
    [{ key: 't', type: 'TEXT' as const }, { nested: true }, null],
    [{ key: 't', type: 'TEXT' as const }, '   ', null],
  ])('%o takes %o as %o', (input, value, expected) => {
    expect(fieldValueOf(field(input), value)).toBe(expected);
  });
});

describe('prefillFields', () => {
  it("fills the filler's own typed fields by key or label, never signatures, automatic fields or others' fields", () => {
    const answers = new Map<string, unknown>([
      ['fullname', 'Asha Rao'],
      ['monthlyrent', 2500],
      ['email', 'a@example.com'],
      ['sig', 'x'],
    ]);
    const fields = [
      field({ key: 'full_name', type: 'TEXT' }),
      field({ key: 'rent', label: 'Monthly rent', type: 'NUMBER' }),
      field({ key: 'email', type: 'EMAIL' }),
      field({ key: 'sig', type: 'SIGNATURE' }),
      field({ key: 'fullName', type: 'TEXT', recipient_key: 'other' }),
      field({ key: 'FullName', type: 'TEXT', read_only: true, default_value: 'Fixed' }),
    ];
    const out = prefillFields(fields, role('me'), answers).map((f) => f.default_value);
    expect(out).toEqual(['Asha Rao', '2500', '', '', '', 'Fixed']);
  });
});

describe('fillerRole', () => {
  const roles = [
    role('cc', { user_type: 'CC', signing_order: 1 }),
    role('late', { role_name: 'Landlord', signing_order: 3 }),
    role('first', { role_name: 'Tenant', signing_order: 2 }),
  ];
  it('is the named role (name or key, without case), else the first non-CC role in signing order', () => {
    expect(fillerRole(roles, ' landlord ')?.key).toBe('late');
    expect(fillerRole(roles, 'FIRST')?.key).toBe('first');
    expect(fillerRole(roles, 'nobody')).toBeUndefined();
    expect(fillerRole(roles, undefined)?.key).toBe('first');
    expect(fillerRole([role('cc', { user_type: 'CC' })], '')).toBeUndefined();
  });
});
