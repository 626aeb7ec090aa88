import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import { installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { typeInto } from '../../shared/testing/user-input';
import { renderApp } from '../../test/render-app';

async function fillPersonal() {
  await screen.findByRole('heading', { name: 'Create your account' });
  typeInto(/^First name/, 'Ada');
  typeInto(/^Last name/, 'Lovelace');
  typeInto(/^Email/, 'Ada@Example.com');
  typeInto(/^Password/, 'engine-1843');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('SignupScreen', () => {
  it('creates a personal account and opens /verify for the email', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/signup'
        ? ok({ status_code: 'ACCOUNT_NOT_VERIFIED', email: 'ada@example.com' })
        : undefined,
    );
    const router = renderApp('/signup');
    await fillPersonal();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(api.callsTo('/api/signup')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'engine-1843',
    });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
  });

  it('adds the company name for a company account and calls /companySignup', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/companySignup'
        ? ok({ status_code: 'ACCOUNT_NOT_VERIFIED', email: 'ada@example.com' })
        : undefined,
    );
    const router = renderApp('/signup');
    await fillPersonal();
    expect(screen.queryByLabelText(/^Company name/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Company/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create company account' }));
    expect(await screen.findByText('Company name must be at least 2 characters')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    typeInto(/^Company name/, 'Analytical Engines Ltd');
    fireEvent.click(screen.getByRole('button', { name: 'Create company account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(api.callsTo('/api/companySignup')[0]?.body).toMatchObject({
      company_name: 'Analytical Engines Ltd',
      email: 'ada@example.com',
    });
  });

  it('shows 422 messages under the right inputs and the rest in an alert', async () => {
    installFakeApi((call) =>
      call.path === '/api/signup'
        ? invalid({
            password: 'This password is too common',
            last_name: 'Last name is too long',
            captcha: 'Please try again in a moment',
          })
        : undefined,
    );
    const router = renderApp('/signup');
    await fillPersonal();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const passwordError = await screen.findByText('This password is too common');
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-describedby')).toContain(passwordError.id);
    const lastNameError = screen.getByText('Last name is too long');
    expect(screen.getByLabelText(/^Last name/).getAttribute('aria-describedby')).toContain(lastNameError.id);
    expect(screen.getByLabelText(/^First name/).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Please try again in a moment');
    expect(router.state.location.pathname).toBe('/signup');

    // Editing a field clears its message.
    typeInto(/^Password/, 'another-pass-2');
    expect(screen.queryByText('This password is too common')).toBeNull();
  });

  it('hints at the password rules and strength', async () => {
    installFakeApi(() => undefined);
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    typeInto(/^Password/, 'abc');
    const hint = screen.getByTestId('password-strength');
    expect(hint.textContent).toContain('Strength: Too weak');
    expect(hint.textContent).toContain('At least 8 characters (not met yet)');
    expect(hint.textContent).toContain('A letter (met)');
    typeInto(/^Password/, 'Correct-Horse-9');
    expect(screen.getByTestId('password-strength').textContent).toContain('Strength: Strong');
  });
});
