import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderApp } from '../../test/render-app';

const renderAt = (path: string) => renderApp(path, { strict: true });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('VerifyScreen', () => {
  it('verifies a mailed link by itself, once, and offers sign-in', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/user/verifyEmail/tok%2F123' ? ok({ verified: true }) : undefined,
    );
    renderAt('/verify?email=ada%40example.com&token=tok%2F123');

    expect(await screen.findByText('Email verified')).toBeTruthy();
    expect(api.callsTo('/api/user/verifyEmail/tok%2F123', 'POST')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href')).toBe(
      '/signin?email=ada%40example.com',
    );
  });

  it('falls back to the code when the link is refused', async () => {
    installFakeApi((call) =>
      call.path.startsWith('/api/user/verifyEmail/') ? fail(400, 'This link has expired') : undefined,
    );
    renderAt('/verify?email=ada%40example.com&token=old');
    expect((await screen.findByRole('alert')).textContent).toContain('This link has expired');
    expect(screen.getByLabelText('Verification code, digit 1 of 6')).toBeTruthy();
  });

  it('sends the 6-digit code for the email in the query', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/email/verify' ? ok({ verified: true }) : undefined,
    );
    renderAt('/verify?email=ada%40example.com');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByLabelText(/^Email/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Enter all 6 digits of the code')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code, digit 1 of 6'), {
      target: { value: '654321' },
    });

    expect(await screen.findByText('Email verified')).toBeTruthy();
    expect(api.callsTo('/api/email/verify')[0]?.body).toEqual({ email: 'ada@example.com', code: '654321' });
  });

  it('shows a wrong code in an alert and clears the boxes', async () => {
    installFakeApi((call) =>
      call.path === '/api/email/verify' ? fail(400, 'The code is wrong or has expired') : undefined,
    );
    renderAt('/verify?email=ada%40example.com');
    const first = await screen.findByLabelText('Verification code, digit 1 of 6');
    fireEvent.change(first, { target: { value: '111111' } });
    expect((await screen.findByRole('alert')).textContent).toContain('The code is wrong or has expired');
    expect((screen.getByLabelText('Verification code, digit 6 of 6') as HTMLInputElement).value).toBe('');
  });

  it('asks for the email when the query has none', async () => {
    installFakeApi(() => undefined);
    renderAt('/verify');
    expect(await screen.findByLabelText(/^Email/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Resend code/ }).hasAttribute('disabled')).toBe(true);
  });

  it('resends the code, then waits 60 s before the next resend', async () => {
    const api = installFakeApi((call) => (call.path === '/api/resend/verify' ? ok(null) : undefined));
    renderAt('/verify?email=ada%40example.com');
    const resend = await screen.findByRole('button', { name: 'Resend code' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(resend);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.callsTo('/api/resend/verify')[0]?.body).toEqual({ email: 'ada@example.com' });
    const button = screen.getByRole('button', { name: 'Resend code in 60 s' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('a new code is on its way');

    for (let second = 0; second < 59; second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(screen.getByRole('button', { name: 'Resend code in 1 s' }).hasAttribute('disabled')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const again = screen.getByRole('button', { name: 'Resend code' });
    expect(again.hasAttribute('disabled')).toBe(false);

    fireEvent.click(again);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.callsTo('/api/resend/verify')).toHaveLength(2);
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByRole('button', { name: /Resend code in/ })).toBeTruthy());
  });
});
