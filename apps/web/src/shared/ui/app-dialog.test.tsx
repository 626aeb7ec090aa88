import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../testing/render-with-providers';
import { AppDialog, resolveDialogHeaderColors } from './app-dialog';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

const defaults = { dialog_header_color: '#eee', dialog_header_text_color: '#808080' };

describe('resolveDialogHeaderColors', () => {
  it('uses the company colours, the defaults, or white/slate grey without a top bar', () => {
    expect(resolveDialogHeaderColors(defaults, null, false)).toEqual({
      background: '#eee',
      color: '#808080',
    });
    expect(
      resolveDialogHeaderColors(
        defaults,
        { dialog_header_color: '#000', dialog_header_text_color: '' },
        false,
      ),
    ).toEqual({
      background: '#000',
      color: '#808080',
    });
    expect(resolveDialogHeaderColors(defaults, { dialog_header_color: '#000' }, true)).toEqual({
      background: '#ffffff',
      color: '#708090',
    });
  });
});

describe('AppDialog', () => {
  it('renders title, body, default buttons and the default header colours', () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <AppDialog opened onClose={() => {}} title="Rename document" onConfirm={onConfirm}>
        Body text
      </AppDialog>,
    );
    expect(screen.getByText('Rename document')).toBeTruthy();
    expect(screen.getByText('Body text')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    const header = screen.getByTestId('app-dialog-header');
    expect(header.style.backgroundColor).toBe('rgb(238, 238, 238)');
    expect(header.style.color).toBe('rgb(108, 108, 108)');
  });

  it('shows the optional header and a custom footer, or none', () => {
    const { rerender } = renderWithProviders(
      <AppDialog
        opened
        onClose={() => {}}
        title="T"
        header={<span>Header bit</span>}
        footer={<button type="button">Only</button>}
      />,
    );
    expect(screen.getByText('Header bit')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Only' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    rerender(<AppDialog opened onClose={() => {}} title="T" footer={null} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('uses a white header with slate-grey text when the top bar is disabled', () => {
    renderWithProviders(
      <AppDialog
        opened
        onClose={() => {}}
        title="T"
        isTopBarDisabled
        companySettings={{ dialog_header_color: '#123456' }}
      />,
    );
    const header = screen.getByTestId('app-dialog-header');
    expect(header.style.backgroundColor).toBe('rgb(255, 255, 255)');
    expect(header.style.color).toBe('rgb(112, 128, 144)');
  });

  it('cancels straight away without confirmation', () => {
    const onClose = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<AppDialog opened onClose={onClose} onCancel={onCancel} title="T" />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for confirmation before cancelling when asked to', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AppDialog opened onClose={onClose} title="T" confirmCancel />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByText('Warning')).toBeTruthy();
    expect(screen.getByText('Are you sure to cancel the transaction?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Are you sure to cancel the transaction?')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows a notification titled 'Error' when company info failed to load", async () => {
    renderWithProviders(
      <AppDialog opened onClose={() => {}} title="T" companyInfoError={new Error('Company unavailable')} />,
    );
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Company unavailable')).toBeTruthy();
  });
});
