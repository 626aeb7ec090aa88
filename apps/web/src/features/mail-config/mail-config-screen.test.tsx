import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSmtpConfig } from '@esigns/contracts/email';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { withPermissions } from '../team/team-test-utils';
import { MailConfigScreen } from './mail-config-screen';

const saved: TSmtpConfig = {
  configured: true,
  enabled: true,
  host: 'smtp.acme.test',
  port: 587,
  security: 'STARTTLS',
  username: 'mailer',
  has_password: true,
  from_name: 'Acme',
  from_email: 'hello@acme.test',
  verified_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:00:00.000Z',
};

function server(userType: 'ADMIN' | 'MANAGER', post: FakeHandler): FakeHandler {
  return withPermissions(userType, (call) => {
    if (call.path !== '/api/config/smtp') return undefined;
    return call.method === 'GET' ? ok(saved) : post(call);
  });
}

const render = () => renderScreenAt(<MailConfigScreen />, '/configuration/mail', '/configuration/mail');

staffSessionPerTest();

describe('MailConfigScreen', { timeout: 20_000 }, () => {
  it('shows the saved settings (never a password), keeps it when left empty, and saves after the test', async () => {
    const api = installFakeApi(server('ADMIN', () => ok(saved)));
    render();
    const host = (await screen.findByRole('textbox', { name: 'SMTP host' })) as HTMLInputElement;
    expect(host.value).toBe('smtp.acme.test');
    expect(screen.getByText('A password is saved.')).toBeTruthy();
    expect(screen.getByTestId('verified-at').textContent).toContain('Last verified');
    expect((screen.getByRole('textbox', { name: 'Send the test mail to' }) as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));
    await waitFor(() => expect(api.callsTo('/api/config/smtp', 'POST')).toHaveLength(1));
    const body = api.callsTo('/api/config/smtp', 'POST')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      enabled: true,
      host: 'smtp.acme.test',
      port: 587,
      test_to: 'ada@example.com',
    });
    expect('password' in body).toBe(false);
    expect(await screen.findByText('Mail settings tested and saved')).toBeTruthy();
  });

  it("shows 'Please Verify your Details Once' and the server's reason on the field", async () => {
    installFakeApi(
      server('ADMIN', () =>
        fail(422, 'Please Verify your Details Once', {
          errors: {
            details: [{ key: 'password', message: '535 Authentication failed', path: ['password'] }],
          },
        }),
      ),
    );
    render();
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));
    expect(await screen.findByText('Please Verify your Details Once')).toBeTruthy();
    expect(screen.getByText('535 Authentication failed')).toBeTruthy();
  });

  it('saves disabled settings untried', async () => {
    const api = installFakeApi(server('ADMIN', () => ok({ ...saved, enabled: false })));
    render();
    fireEvent.click(await screen.findByRole('switch', { name: /own SMTP|through this server/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('/api/config/smtp', 'POST')[0]?.body).toMatchObject({ enabled: false }),
    );
  });

  it('hides the form from a user type without the right', async () => {
    const api = installFakeApi(server('MANAGER', () => ok(saved)));
    render();
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(api.callsTo('/api/config/smtp')).toHaveLength(0);
  });
});
