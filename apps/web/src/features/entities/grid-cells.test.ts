import { afterEach, describe, expect, it } from 'vitest';
import type { TFormFieldType } from '@esigns/contracts/nocode-field-types';
import { setDefaultDateFormat } from '../../shared/format/date';
import type { TemplateField } from './entities-api';
import { displayText } from './grid-cells';

const field = (type: TFormFieldType): TemplateField => ({
  ref: 't1.f1',
  template_id: 't1',
  template_name: 'Lease',
  key: 'f1',
  label: 'When',
  type,
  is_primary: false,
  required: false,
});

afterEach(() => setDefaultDateFormat(null));

describe('record cells', () => {
  it("write dates and date-times in the user's date format, not a fixed locale", () => {
    setDefaultDateFormat('DD MMM YYYY');
    expect(displayText(field('DATE'), '2026-12-28')).toBe('28 Dec 2026');
    const at = new Date(2026, 11, 28, 21, 5, 9);
    expect(displayText(field('DATE_TIME'), at.toISOString())).toBe('28 Dec 2026 21:05:09');
  });

  it('default to MM-DD-YYYY', () => {
    expect(displayText(field('DATE_TIME'), new Date(2026, 0, 2, 3, 4, 5).toISOString())).toBe(
      '01-02-2026 03:04:05',
    );
  });
});
