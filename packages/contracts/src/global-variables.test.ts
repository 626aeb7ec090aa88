import { describe, expect, it } from 'vitest';
import { checkGlobalVariable, globalVariableField, GLOBAL_VARIABLE_TYPE_INFO } from './global-variables';

describe('checkGlobalVariable', () => {
  it('normalises a value with the records validator and keeps the type settings with their defaults', () => {
    const checked = checkGlobalVariable({
      input_type: 'CURRENCY',
      settings: { label: 'x', decimals: 0 },
      value: '₹1,00,000',
    });
    expect(checked.errors).toEqual([]);
    expect(checked.value).toBe(100000);
    expect(checked.settings).toEqual({ currency: 'INR', decimals: 0 });
  });

  it('keys problems by settings.<path> and value', () => {
    const settings = checkGlobalVariable({ input_type: 'SELECT', settings: { options: [] }, value: 'a' });
    expect(settings.errors.map((e) => e.key)).toEqual(['settings.options']);
    const value = checkGlobalVariable({ input_type: 'EMAIL', settings: {}, value: 'not an email' });
    expect(value.errors.map((e) => e.key)).toEqual(['value']);
    const empty = checkGlobalVariable({ input_type: 'NUMBER', settings: {}, value: '' });
    expect(empty.errors).toEqual([{ key: 'value', message: 'Required', path: ['value'] }]);
  });

  it('checks file references against the company prefix', () => {
    const file = { file_ref_id: 'companies/b/logo.png', name: 'logo.png', size: 1, mime_type: 'image/png' };
    const checked = checkGlobalVariable(
      { input_type: 'IMAGE', settings: {}, value: [file] },
      { fileRefPrefix: 'companies/a/' },
    );
    expect(checked.errors.map((e) => e.key)).toEqual(['value.0']);
  });

  it('builds the value field of every offered type with default settings (selects need options)', () => {
    for (const { type } of GLOBAL_VARIABLE_TYPE_INFO) {
      const settings = type === 'SELECT' || type === 'MULTI_SELECT' ? { options: [{ value: 'A' }] } : {};
      expect(globalVariableField(type, settings).ok, type).toBe(true);
    }
  });
});
