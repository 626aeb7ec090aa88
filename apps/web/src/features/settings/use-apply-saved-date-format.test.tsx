import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_DATE_FORMAT,
  formatDate,
  getDefaultDateFormat,
  setDefaultDateFormat,
} from '../../shared/format/date';
import { sessionStore } from '../../shared/session/session-store';
import { USER_ID, fail, installFakeApi, ok, seedStaffSession } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { ApplySavedDateFormat, SAVED_FORMAT_WAIT_MS, SavedDateFormat } from './use-apply-saved-date-format';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const jan5 = new Date(2024, 0, 5);

staffSessionPerTest({ session: false });
afterEach(() => {
  setDefaultDateFormat(null);
  localStorage.clear();
});

/** Formats while it renders, like any screen showing a date. */
function ShownDate() {
  return <p data-testid="date">{formatDate(jan5)}</p>;
}

const REMEMBERED = `esigns.date-format:${USER_ID}:c1`;

describe('useApplySavedDateFormat', () => {
  it("applies the signed-in user's saved date format, and forgets it on sign-out", async () => {
    seedStaffSession();
    const api = installFakeApi((call) =>
      call.path === '/api/application-settings' ? ok({ date: 'YYYY-MM-DD', time: 'HH:mm' }) : undefined,
    );
    renderWithProviders(<ApplySavedDateFormat />);
    await waitFor(() => expect(getDefaultDateFormat()).toBe('YYYY-MM-DD'));
    expect(formatDate(jan5)).toBe('2024-01-05');
    expect(api.callsTo('/api/application-settings', 'GET')).toHaveLength(1);

    act(() => sessionStore.clear());
    await waitFor(() => expect(getDefaultDateFormat()).toBe(DEFAULT_DATE_FORMAT));
  });

  it('calls nothing while signed out and keeps the default when the settings fail to load', async () => {
    const api = installFakeApi(() => fail(500, 'down'));
    renderWithProviders(<ApplySavedDateFormat />);
    expect(api.calls).toHaveLength(0);
    expect(formatDate(jan5)).toBe('01-05-2024');

    act(() => seedStaffSession());
    await waitFor(() => expect(api.callsTo('/api/application-settings')).toHaveLength(1));
    expect(getDefaultDateFormat()).toBe(DEFAULT_DATE_FORMAT);
  });

  it('remembers the format for the next page load and starts with it until the settings arrive', async () => {
    const { answer } = signedInWithSettingsPending();
    localStorage.setItem(REMEMBERED, 'DD/MM/YYYY');
    renderWithProviders(
      <SavedDateFormat>
        <ShownDate />
      </SavedDateFormat>,
    );
    expect(screen.getByTestId('date').textContent).toBe('05/01/2024');

    await act(() => answer(ok({ date: 'YYYY-MM-DD', time: 'HH:mm' })));
    await waitFor(() => expect(screen.getByTestId('date').textContent).toBe('2024-01-05'));
    expect(localStorage.getItem(REMEMBERED)).toBe('YYYY-MM-DD');
  });

  it('in a new browser, draws the page once the saved format is known, and does not redraw it then', async () => {
    const { answer } = signedInWithSettingsPending();
    const mounts = vi.fn();
    renderWithProviders(
      <SavedDateFormat>
        <MountCounter onMount={mounts} />
      </SavedDateFormat>,
    );
    // Nothing remembered here: the page waits for the user's format instead of showing the
    // default and then being drawn anew (a camera switched on or a half-typed form would be lost).
    expect(screen.queryByTestId('date')).toBeNull();
    await act(() => answer(ok({ date: 'YYYY-MM-DD', time: 'HH:mm' })));
    expect((await screen.findByTestId('date')).textContent).toBe('2024-01-05');
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('draws the page with the default when the settings take too long', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      seedStaffSession();
      installFakeApi((call) =>
        call.path === '/api/application-settings' ? new Promise<Response>(() => {}) : undefined,
      );
      renderWithProviders(
        <SavedDateFormat>
          <ShownDate />
        </SavedDateFormat>,
      );
      expect(screen.queryByTestId('date')).toBeNull();
      act(() => vi.advanceTimersByTime(SAVED_FORMAT_WAIT_MS));
      expect((await screen.findByTestId('date')).textContent).toBe('01-05-2024');
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * A signed-in staff user whose application settings are still on their way: `answer` sends them
 * (it first waits for the request, so that the answer cannot be given before it is asked for).
 */
function signedInWithSettingsPending() {
  seedStaffSession();
  let resolve: (response: Response) => void = () => {};
  const api = installFakeApi((call) =>
    call.path === '/api/application-settings'
      ? new Promise<Response>((settle) => (resolve = settle))
      : undefined,
  );
  return {
    answer: async (response: Response) => {
      await waitFor(() => expect(api.callsTo('/api/application-settings')).toHaveLength(1));
      resolve(response);
    },
  };
}

/** A page that counts its mounts (a remount loses its state). */
function MountCounter({ onMount }: { onMount: () => void }) {
  useEffect(() => onMount(), [onMount]);
  return <ShownDate />;
}
