import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { confirmationError, PASSWORDS_DIFFER } from './account-fields';
import { CodeEntryForm, type CodeEntryFormProps } from './code-entry-form';

afterEach(cleanup);

function Harness(props: Partial<CodeEntryFormProps> & { onSubmit: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <CodeEntryForm
      id="test-code"
      codeLabel="Verification code"
      value={code}
      onChange={setCode}
      submitLabel="Verify"
      label="Enter the code"
      {...props}
    />
  );
}

const firstBox = () => screen.getByLabelText('Verification code, digit 1 of 6');

describe('CodeEntryForm', () => {
  it('sends the code once the sixth digit is in, and again from the submit button', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    expect(screen.getByRole('form', { name: 'Enter the code' })).toBeTruthy();
    fireEvent.change(firstBox(), { target: { value: '123456' } });
    expect(onSubmit).toHaveBeenCalledWith('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onSubmit).toHaveBeenLastCalledWith('123456');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('waits for the submit button when the form has more to fill in', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} isSentWhenComplete={false} />);
    fireEvent.change(firstBox(), { target: { value: '123456' } });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('shows the error under the boxes, the general problem above them, and a replacement instead', () => {
    renderWithProviders(
      <Harness onSubmit={() => undefined} error="Enter all 6 digits of the code" problem="Too many tries" />,
    );
    expect(screen.getByText('Enter all 6 digits of the code')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Too many tries');
    cleanup();
    renderWithProviders(
      <Harness onSubmit={() => undefined} replacement={<input aria-label="Recovery code" />} />,
    );
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    expect(screen.queryByLabelText('Verification code, digit 1 of 6')).toBeNull();
  });
});

describe('confirmationError', () => {
  it('asks for the password again, then for the same one', () => {
    expect(confirmationError('secret-123', '')).toBe('Type the new password again');
    expect(confirmationError('secret-123', 'secret-124')).toBe(PASSWORDS_DIFFER);
    expect(confirmationError('secret-123', 'secret-123')).toBeNull();
  });
});
