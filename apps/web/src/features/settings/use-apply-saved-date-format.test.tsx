import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DATE_FORMAT,
  formatDate,
  getDefaultDateFormat,
  setDefaultDateFormat,
} from '../../shared/format/date';
import { sessionStore } from '../../shared/session/session-store';
import { USER_ID, fail, installFakeApi, ok, seedStaffSession } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { ApplySavedDateFormat, SavedDateFormat } from './use-apply-saved-date-format';
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
    seedStaffSession();
    let answer: (response: Response) => void = () => {};
    const api = installFakeApi((call) =>
      call.path === '/api/application-settings'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    localStorage.setItem(REMEMBERED, 'DD/MM/YYYY');
    renderWithProviders(
      <SavedDateFormat>
        <ShownDate />
      </SavedDateFormat>,
    );
    expect(screen.getByTestId('date').textContent).toBe('05/01/2024');

    await waitFor(() => expect(api.callsTo('/api/application-settings')).toHaveLength(1));
    act(() => answer(ok({ date: 'YYYY-MM-DD', time: 'HH:mm' })));
    await waitFor(() => expect(screen.getByTestId('date').textContent).toBe('2024-01-05'));
    expect(localStorage.getItem(REMEMBERED)).toBe('YYYY-MM-DD');
  });
});
