import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { setDefaultDateFormat } from '../format/date';
import { renderWithProviders } from '../testing/render-with-providers';
import { DateField, parseDateText } from './date-field';

afterEach(() => {
  cleanup();
  setDefaultDateFormat(null);
});

function Picker({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Due date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows the spec default MM-DD-YYYY, not the browser locale', () => {
    renderWithProviders(<Picker initial="2026-12-28" onValue={() => {}} />);
    const input = screen.getByLabelText('Due date') as HTMLInputElement;
    expect(input.value).toBe('12-28-2026');
    expect(input.placeholder).toBe('MM-DD-YYYY');
  });

  it("shows and reads the user's date format; the value stays YYYY-MM-DD", () => {
    setDefaultDateFormat('DD-MM-YYYY');
    const onValue = vi.fn();
    renderWithProviders(<Picker initial="2026-12-28" onValue={onValue} />);
    const input = screen.getByLabelText('Due date') as HTMLInputElement;
    expect(input.value).toBe('28-12-2026');
    fireEvent.change(input, { target: { value: '05-01-2027' } });
    expect(onValue).toHaveBeenLastCalledWith('2027-01-05');
  });
});

describe('parseDateText', () => {
  it.each([
    ['28-12-2026', 'DD-MM-YYYY', '2026-12-28'],
    ['12/28/2026', 'MM/DD/YYYY', '2026-12-28'],
    ['28 Dec 2026', 'DD MMM YYYY', '2026-12-28'],
    ['2026-12-28', 'MM-DD-YYYY', '2026-12-28'],
    ['31-02-2026', 'DD-MM-YYYY', null],
    ['soon', 'MM-DD-YYYY', null],
  ])('%s in %s -> %s', (text, format, expected) => {
    expect(parseDateText(text, format)).toBe(expected);
  });
});
