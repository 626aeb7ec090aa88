import { render, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDomPolyfills } from '../shared/testing/render-with-providers';
import { AppProviders } from './providers';

describe('AppProviders', () => {
  beforeAll(installDomPolyfills);

  it('shows toasts at the bottom right, clear of the bell and the account menu at the top', async () => {
    render(
      <AppProviders>
        <p>screen</p>
      </AppProviders>,
    );
    act(() => {
      notifications.show({ message: 'Signature saved' });
    });
    const toast = await screen.findByText('Signature saved');
    expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
  });
});
