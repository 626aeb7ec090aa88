import { describe, expect, it } from 'vitest';
import { ZFormFields } from './nocode-template-check';
import { fieldsFromText } from './form-from-text';

describe('fieldsFromText', () => {
  it('reads one field per line or phrase, with types from the words and choices from brackets', () => {
    const fields = fieldsFromText(
      'Full name\nMobile number, Email address\nBudget in INR\nSite visit date\nStatus (New, Visited, Won)\n' +
        'Amenities (Pool, Gym, Parking)\nNumber of bedrooms\nPhotos\nIs the buyer pre-approved?\nNotes',
    );
    expect(fields.map((f) => [f.label, f.type])).toEqual([
      ['Full name', 'SINGLE_LINE_TEXT'],
      ['Mobile number', 'PHONE'],
      ['Email address', 'EMAIL'],
      ['Budget in INR', 'CURRENCY'],
      ['Site visit date', 'DATE'],
      ['Status', 'SELECT'],
      ['Amenities', 'MULTI_SELECT'],
      ['Number of bedrooms', 'NUMBER'],
      ['Photos', 'IMAGE'],
      ['Is the buyer pre-approved?', 'YES_OR_NO'],
      ['Notes', 'MULTI_LINE_TEXT'],
    ]);
    expect(fields[5]!.options).toEqual([{ value: 'New' }, { value: 'Visited' }, { value: 'Won' }]);
    expect(fields[0]!.required).toBe(true);
    // What it makes is a valid template.
    expect(ZFormFields.safeParse(fields).success).toBe(true);
  });

  it('marks required fields, keeps keys unique and skips empty phrases', () => {
    const fields = fieldsFromText('- Name\n\n* Phone (required)\n, ,\nName');
    expect(fields.map((f) => f.key)).toEqual(['name', 'phone', 'name_2']);
    expect(fields.map((f) => f.required)).toEqual([true, true, false]);
    expect(fieldsFromText('   ')).toEqual([]);
  });
});
