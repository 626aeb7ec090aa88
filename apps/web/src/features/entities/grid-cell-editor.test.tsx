import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { setDefaultDateFormat } from '../../shared/format/date';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import type { TemplateField } from './entities-api';
import { CellEditor } from './grid-cells';

const dateField: TemplateField = {
  ref: 't1.f1',
  template_id: 't1',
  template_name: 'Lease',
  key: 'f1',
  label: 'Start date',
  type: 'DATE',
  is_primary: false,
  required: false,
};

afterEach(() => {
  cleanup();
  setDefaultDateFormat(null);
});

describe("the grid's inline date editor", () => {
  it("shows and reads the user's date format and saves YYYY-MM-DD", () => {
    setDefaultDateFormat('DD-MM-YYYY');
    const saved: unknown[] = [];
    renderWithProviders(
      <CellEditor field={dateField} value="2026-12-28" onSave={(v) => saved.push(v)} onCancel={() => {}} />,
    );
    const input = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(input.type).not.toBe('date');
    expect(input.value).toBe('28-12-2026');
    fireEvent.change(input, { target: { value: '05-01-2027' } });
    expect(saved.at(-1)).toBe('2027-01-05');
  });
});
