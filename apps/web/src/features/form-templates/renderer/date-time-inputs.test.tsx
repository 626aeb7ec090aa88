import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { setDefaultDateFormat } from '../../../shared/format/date';
import { renderWithProviders } from '../../../shared/testing/render-with-providers';
import { FieldInput } from './field-input';

afterEach(() => {
  cleanup();
  setDefaultDateFormat(null);
});

const [when, at] = ZFormFields.parse([
  { key: 'when', label: 'Visit at', type: 'DATE_TIME' },
  { key: 'at', label: 'Opens at', type: 'TIME' },
]);

describe('the form renderer’s date-time and time inputs', () => {
  it("show a date-time in the user's date format and HH:mm, not a native datetime-local", () => {
    setDefaultDateFormat('DD MMM YYYY');
    // A wall-clock time of this browser, whatever its zone.
    const iso = new Date(2026, 11, 28, 14, 5).toISOString();
    renderWithProviders(<FieldInput field={when!} value={iso} onChange={() => {}} />);
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
    expect(screen.getByText('28 Dec 2026 14:05')).toBeTruthy();
  });

  it('show a time as 24-hour HH:mm, not a native time input', () => {
    renderWithProviders(<FieldInput field={at!} value="09:30" onChange={() => {}} />);
    expect(document.querySelector('input[type="time"]')).toBeNull();
    const shown = [...document.querySelectorAll('input')].map((input) => input.value).filter(Boolean);
    expect(shown.slice(0, 2)).toEqual(['09', '30']);
  });
});
