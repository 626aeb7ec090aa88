import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers';
import { OFFLINE_HEADING, OFFLINE_MESSAGE, OfflineGate } from './offline-screen';

function goOffline(isOffline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!isOffline);
  act(() => {
    window.dispatchEvent(new Event(isOffline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OfflineGate', () => {
  it('shows the app while online', () => {
    renderWithProviders(<OfflineGate>app content</OfflineGate>);
    expect(screen.queryByTestId('offline-screen')).toBeNull();
    expect(screen.getByText('app content')).toBeTruthy();
  });

  it('replaces the app while offline and comes back online', () => {
    renderWithProviders(<OfflineGate>app content</OfflineGate>);
    goOffline(true);
    const overlay = screen.getByTestId('offline-screen');
    expect(screen.getByRole('heading', { name: OFFLINE_HEADING }).textContent).toBe(
      'Check Your Internet Connection',
    );
    expect(overlay.textContent).toContain("Please make sure you're connected to the internet and try again.");
    expect(OFFLINE_MESSAGE).toBe("Please make sure you're connected to the internet and try again.");
    expect(screen.getByTestId('offline-pulse').style.animationDuration).toBe('2000ms');
    expect(screen.getByText('app content').closest('[inert]')).not.toBeNull();

    goOffline(false);
    expect(screen.queryByTestId('offline-screen')).toBeNull();
    expect(screen.getByText('app content').closest('[inert]')).toBeNull();
  });

  it('starts offline when the browser already is', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineGate>app content</OfflineGate>);
    expect(screen.getByTestId('offline-screen')).toBeTruthy();
  });
});
