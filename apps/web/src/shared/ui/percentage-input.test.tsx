import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers';
import { PercentageInput } from './percentage-input';

afterEach(cleanup);

function Harness({ onValue, min, max }: { onValue: (n: number) => void; min?: number; max?: number }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <PercentageInput
      label="Discount"
      value={value}
      min={min}
      max={max}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('PercentageInput', () => {
  it('keeps digits and one decimal mark, reads a comma as the dot and shows %', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Discount') as HTMLInputElement;
    expect(screen.getByText('%')).toBeTruthy();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,5abc' } });
    expect(input.value).toBe('12.5');
    expect(onValue).toHaveBeenLastCalledWith(12.5);
  });

  it('clamps to the bounds and shows the clamped value on blur', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} min={10} max={50} />);
    const input = screen.getByLabelText('Discount') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '75' } });
    expect(onValue).toHaveBeenLastCalledWith(50);
    fireEvent.blur(input);
    expect(input.value).toBe('50');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(input.value).toBe('10');
    expect(onValue).toHaveBeenLastCalledWith(10);
  });
});
