import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { renderWithProviders } from '../../../shared/testing/render-with-providers';
import { TemplateForm } from './template-form';

afterEach(() => cleanup());

const fields = ZFormFields.parse([
  { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'email', label: 'Owner email', type: 'EMAIL' },
  {
    key: 'listing',
    label: 'Listed for',
    type: 'RADIO',
    options: [
      { value: 'SALE', label: 'Sale' },
      { value: 'RENT', label: 'Rent' },
    ],
  },
  {
    key: 'rent',
    label: 'Monthly rent',
    type: 'CURRENCY',
    required: true,
    visibility: { rules: [{ field: 'listing', operator: 'EQUALS', value: 'RENT' }] },
  },
  { key: 'area', label: 'Area', type: 'NUMBER' },
  { key: 'rate', label: 'Rate', type: 'NUMBER' },
  {
    key: 'price',
    label: 'Price',
    type: 'FORMULA',
    expression: '{area} * {rate}',
    result_type: 'CURRENCY',
    decimals: 0,
  },
  {
    key: 'items',
    label: 'Items',
    type: 'DATA_TABLE',
    columns: [
      { key: 'what', label: 'What', type: 'SINGLE_LINE_TEXT', required: true },
      { key: 'qty', label: 'Qty', type: 'NUMBER', min: 1 },
    ],
  },
]);

describe('TemplateForm', () => {
  it("shows the shared validator's messages on submit and the valid values once fixed", async () => {
    const onValid = vi.fn();
    renderWithProviders(<TemplateForm fields={fields} onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Owner email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check values' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('2 values need your attention');
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Villa' } });
    fireEvent.change(screen.getByLabelText('Owner email'), { target: { value: 'Asha@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check values' }));
    await screen.findByText('All values are valid.');
    expect(onValid).toHaveBeenCalledWith({ title: 'Villa', email: 'asha@example.com', price: null });
  });

  it('shows a field only while its rules hold, and computes formulas as values change', async () => {
    renderWithProviders(<TemplateForm fields={fields} />);
    expect(screen.queryByLabelText(/Monthly rent/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Rent' }));
    expect(await screen.findByLabelText(/Monthly rent/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Area'), { target: { value: '1,200' } });
    fireEvent.change(screen.getByLabelText('Rate'), { target: { value: '50' } });
    await waitFor(() =>
      expect((screen.getByTestId('computed-price') as HTMLInputElement).value).toContain('60,000'),
    );
  });

  it('keys data table cell errors by row and column', async () => {
    renderWithProviders(<TemplateForm fields={fields} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    const table = screen.getByRole('table');
    fireEvent.change(within(table).getByLabelText('Qty'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Villa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check values' }));
    expect(await within(table).findByText('Enter 1 or more')).toBeTruthy();
    expect(within(table).getByText('Required')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Required')).toBeNull());
  });
});
