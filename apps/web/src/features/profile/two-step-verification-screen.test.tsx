import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../shared/api/api-client';
import { sessionStore } from '../../shared/session/session-store';
import {
  installFakeApi,
  invalid,
  makeUserDetails,
  ok,
  seedStaffSession,
} from '../../shared/testing/fake-api';
import { PROFILE_SCREENS } from './screens';
import { renderScreens } from './screen-test-utils';

const QR = 'data:image/png;base64,QRQRQR';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-${String(1000 + i)}`);

// The first test of a file also compiles the lazy screens: allow more than the default 5 s.
vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  resetApiClient();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function typeCode(code: string) {
  fireEvent.change(screen.getByLabelText('Code from the app, digit 1 of 6'), { target: { value: code } });
}

describe('TwoStepVerificationScreen', () => {
  it('enrols an authenticator: QR and key, then a code, then the recovery codes once', async () => {
    seedStaffSession();
    let attempts = 0;
    const api = installFakeApi((call) => {
      if (call.path === '/api/mf2a/totp/setup') {
        return ok({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_data_url: QR });
      }
      if (call.path === '/api/mf2a/totp/enable') {
        attempts += 1;
        return attempts === 1
          ? invalid({ code: 'That code is not right: check the app and try again' })
          : ok({ recovery_codes: CODES });
      }
      return undefined;
    });
    renderScreens(PROFILE_SCREENS, '/profile/two-step-verification');
    expect((await screen.findByTestId('mf2a-status')).textContent).toBe('Off');

    fireEvent.click(screen.getByRole('button', { name: 'Set up app' }));
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(QR);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');

    typeCode('111111');
    expect(await screen.findByText('That code is not right: check the app and try again')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();

    typeCode('123456');
    const panel = await screen.findByTestId('recovery-codes');
    expect(api.callsTo('/api/mf2a/totp/enable', 'POST')[1]?.body).toEqual({ code: '123456' });
    for (const code of CODES) expect(within(panel).getByText(code)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: /Copy codes/ })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: /Download .txt/ })).toBeTruthy();
    expect(sessionStore.getState().user?.mf2a_enabled).toBe(true);
    expect(screen.getByTestId('mf2a-status').textContent).toBe('On');

    const done = within(panel).getByRole('button', { name: 'Done' });
    expect(done.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(panel).getByLabelText('I saved these codes somewhere safe'));
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
    expect(screen.queryByText(CODES[0]!)).toBeNull();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeTruthy();
  });

  it('turns off with the password; a wrong one shows under the input', async () => {
    seedStaffSession({ user: makeUserDetails({ mf2a_enabled: true }) });
    const api = installFakeApi((call) => {
      if (call.path !== '/api/mf2a/disable') return undefined;
      const body = call.body as { current_password: string };
      return body.current_password === 'right-one-1'
        ? ok({ done: true })
        : invalid({ current_password: 'Password is incorrect' });
    });
    renderScreens(PROFILE_SCREENS, '/profile/two-step-verification');
    expect((await screen.findByTestId('mf2a-status')).textContent).toBe('On');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));

    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Current password/), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Password is incorrect')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Current password/), {
      target: { value: 'right-one-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByTestId('mf2a-status').textContent).toBe('Off'));
    expect(api.callsTo('/api/mf2a/disable')).toHaveLength(2);
    expect(sessionStore.getState().user?.mf2a_enabled).toBe(false);
  });

  it('turns on mailed codes with the password and shows the recovery codes', async () => {
    seedStaffSession();
    const api = installFakeApi((call) =>
      call.path === '/api/mf2a/email/enable' ? ok({ recovery_codes: CODES }) : undefined,
    );
    renderScreens(PROFILE_SCREENS, '/profile/two-step-verification');
    fireEvent.click(await screen.findByRole('button', { name: 'Use email codes' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Current password/), { target: { value: 'secret-123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByTestId('recovery-codes')).toBeTruthy();
    expect(api.callsTo('/api/mf2a/email/enable')[0]?.body).toEqual({ current_password: 'secret-123' });
  });
});
