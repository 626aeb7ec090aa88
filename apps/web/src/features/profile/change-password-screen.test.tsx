import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, json, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { typeInto } from '../../shared/testing/user-input';
import { PROFILE_SCREENS } from './screens';
import { renderScreens } from './screen-test-utils';

// The first test of a file also compiles the lazy screens: allow more than the default 5 s.
vi.setConfig({ testTimeout: 15_000 });

staffSessionPerTest();

async function fill(current: string, next: string, confirm = next) {
  await screen.findByRole('heading', { name: 'Change password' });
  typeInto(/^Current password/, current);
  typeInto(/^New password/, next);
  typeInto(/^Confirm new password/, confirm);
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordScreen', () => {
  it('changes the password and empties the form', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/password/update' ? ok({ done: true }, 'Password changed') : undefined,
    );
    renderScreens(PROFILE_SCREENS, '/profile/change-password');
    expect(await screen.findByTestId('password-strength')).toBeTruthy();
    await fill('old-secret-1', 'new-secret-22');

    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(api.callsTo('/api/password/update', 'PATCH')[0]?.body).toEqual({
      current_password: 'old-secret-1',
      new_password: 'new-secret-22',
    });
    await waitFor(() => expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe(''));
  });

  it('shows a wrong current password under that field', async () => {
    installFakeApi((call) =>
      call.path === '/api/password/update'
        ? json(422, {
            success: false,
            message: 'Current password is incorrect',
            errors: {
              details: [
                {
                  key: 'current_password',
                  message: 'Current password is incorrect',
                  path: ['current_password'],
                },
              ],
            },
          })
        : undefined,
    );
    renderScreens(PROFILE_SCREENS, '/profile/change-password');
    await fill('wrong-one-1', 'new-secret-22');

    const message = await screen.findByText('Current password is incorrect');
    const input = screen.getByLabelText(/^Current password/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });

  it("shows the server's refusal of a common new password under that field", async () => {
    installFakeApi((call) =>
      call.path === '/api/password/update'
        ? json(422, {
            success: false,
            message: 'This password is too common',
            errors: {
              details: [
                { key: 'new_password', message: 'This password is too common', path: ['new_password'] },
              ],
            },
          })
        : undefined,
    );
    renderScreens(PROFILE_SCREENS, '/profile/change-password');
    await fill('old-secret-1', 'password123');

    const message = await screen.findByText('This password is too common');
    const input = screen.getByLabelText(/^New password/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('checks the rules and the confirmation before calling', async () => {
    const api = installFakeApi(() => fail(500, 'should not be called'));
    renderScreens(PROFILE_SCREENS, '/profile/change-password');
    await fill('old-secret-1', 'short', 'different');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
