import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { TSignerField } from '@esigns/contracts/signing';
import { setDefaultDateFormat } from '../../shared/format/date';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { FieldPanel } from './field-panel';
import { SignerFieldBox } from './signer-field-box';
import { makeSignerField } from './signing-test-utils';

const field = (extra: Partial<TSignerField>): TSignerField =>
  makeSignerField({ key: 'd1', type: 'DATE_SIGNED', width: 120, height: 20, ...extra });

const box = (f: TSignerField, value = '') =>
  renderWithProviders(
    <SignerFieldBox
      field={f}
      zoom={1}
      value={value}
      color="#1c7ed6"
      isActive={false}
      error={null}
      auto={{ name: 'Sam Signer', email: 'sam@example.com', date: '2026-12-28' }}
      onActivate={() => {}}
    />,
  );

afterEach(() => {
  cleanup();
  setDefaultDateFormat(null);
});

describe('dates on the signing screen', () => {
  it("shows the date signed in the user's date format, never as YYYY-MM-DD", () => {
    setDefaultDateFormat('DD MMM YYYY');
    box(field({}));
    expect(screen.getByTestId('signer-field-d1').textContent).toContain('28 Dec 2026');
    expect(screen.getByTestId('signer-field-d1').textContent).not.toContain('2026-12-28');
  });

  it("shows another recipient's date in the spec default MM-DD-YYYY", () => {
    box(field({ key: 'd2', type: 'DATE', mine: false }), '2026-12-28');
    expect(screen.getByTestId('other-field-d2').textContent).toContain('12-28-2026');
  });
});

describe("the signer's date picker", () => {
  it("shows and reads the user's date format and keeps YYYY-MM-DD", () => {
    setDefaultDateFormat('DD-MM-YYYY');
    const changes: string[] = [];
    renderWithProviders(
      <FieldPanel
        field={field({ key: 'd3', type: 'DATE', label: 'Start date' })}
        value="2026-12-28"
        error={null}
        onChange={(value) => changes.push(value)}
        onAdopt={() => {}}
        onClose={() => {}}
      />,
    );
    const input = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(input.value).toBe('28-12-2026');
    fireEvent.change(input, { target: { value: '05-01-2027' } });
    expect(changes.at(-1)).toBe('2027-01-05');
  });
});
