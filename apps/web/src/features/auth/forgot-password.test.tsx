import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { typeInto } from '../../shared/testing/user-input';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('forgot password', () => {
  it('mails a code, takes it with a new password and returns to sign-in', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/forgot-password' && call.method === 'PATCH') return ok(null);
      if (call.path === '/api/verify/forgot-password' && call.method === 'PATCH') return ok(null);
      return undefined;
    });
    const router = renderApp('/signin');
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));

    // The typed email comes along.
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset code' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password-verification'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(api.callsTo('/api/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
    // A mail was just sent: the resend waits.
    expect(
      (await screen.findByRole('button', { name: /Resend code in 60 s/ })).hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.change(screen.getByLabelText('Reset code, digit 1 of 6'), { target: { value: '246810' } });
    typeInto(/^New password/, 'new-secret-42');
    typeInto(/^Confirm new password/, 'new-secret-43');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(api.callsTo('/api/verify/forgot-password')).toHaveLength(0);

    typeInto(/^Confirm new password/, 'new-secret-42');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(api.callsTo('/api/verify/forgot-password')[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '246810',
      password: 'new-secret-42',
    });
    expect(await screen.findByText('Password changed')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('validates the email before asking for a code', async () => {
    const api = installFakeApi(() => undefined);
    renderApp('/forgot-password');
    await screen.findByLabelText(/^Email/);
    typeInto(/^Email/, 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusal of the new password under that field", async () => {
    installFakeApi((call) =>
      call.path === '/api/verify/forgot-password'
        ? invalid({ password: 'The password must not contain your email name' })
        : undefined,
    );
    renderApp('/forgot-password-verification?email=ada.lovelace%40example.com');
    fireEvent.change(await screen.findByLabelText('Reset code, digit 1 of 6'), {
      target: { value: '111111' },
    });
    typeInto(/^New password/, 'ada.lovelace-42');
    typeInto(/^Confirm new password/, 'ada.lovelace-42');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText('The password must not contain your email name');
    const input = screen.getByLabelText(/^New password/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('shows a refused code under the code and other failures in an alert', async () => {
    let attempt = 0;
    installFakeApi((call) => {
      if (call.path !== '/api/verify/forgot-password') return undefined;
      attempt += 1;
      return attempt === 1
        ? invalid({ code: 'The code is wrong or has expired' })
        : fail(429, 'Too many attempts');
    });
    renderApp('/forgot-password-verification?email=ada%40example.com');
    fireEvent.change(await screen.findByLabelText('Reset code, digit 1 of 6'), {
      target: { value: '111111' },
    });
    typeInto(/^New password/, 'new-secret-42');
    typeInto(/^Confirm new password/, 'new-secret-42');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const codeError = await screen.findByText('The code is wrong or has expired');
    expect(screen.getByRole('group', { name: 'Reset code' }).getAttribute('aria-describedby')).toBe(
      codeError.id,
    );
    expect(screen.getByLabelText('Reset code, digit 1 of 6').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
  });
});
