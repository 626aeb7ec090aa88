import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDefaultDateFormat } from '../../shared/format/date';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import type { TTemplateField } from './entity-views-api';
import { RuleValueInput } from './filter-values';

afterEach(() => {
  cleanup();
  setDefaultDateFormat(null);
});

const field = (type: TTemplateField['type']): TTemplateField => ({ ref: 't1#f1', label: 'When', type });

describe('filter values of dates', () => {
  it("show a date-time in the user's date format and HH:mm, the value unchanged", () => {
    setDefaultDateFormat('DD-MM-YYYY');
    renderWithProviders(
      <RuleValueInput
        field={field('DATE_TIME')}
        operator="EQUALS"
        value="2026-12-28T14:05"
        onChange={() => {}}
        label="Value"
      />,
    );
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
    expect(screen.getByText('28-12-2026 14:05')).toBeTruthy();
  });

  it("read a date in the user's date format and keep YYYY-MM-DD", () => {
    setDefaultDateFormat('DD-MM-YYYY');
    const changes: unknown[] = [];
    renderWithProviders(
      <RuleValueInput
        field={field('DATE')}
        operator="EQUALS"
        value="2026-12-28"
        onChange={(v) => changes.push(v)}
        label="Value"
      />,
    );
    const input = screen.getByLabelText('Value') as HTMLInputElement;
    expect(input.value).toBe('28-12-2026');
    fireEvent.change(input, { target: { value: '05-01-2027' } });
    expect(changes.at(-1)).toBe('2027-01-05');
  });
});
