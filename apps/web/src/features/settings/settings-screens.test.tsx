import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPIRATIONS_REMINDERS, DEFAULT_NOTIFICATION_SETTINGS } from '@esigns/contracts/settings';
import { formatDate, getDefaultDateFormat, setDefaultDateFormat } from '../../shared/format/date';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { renderScreens } from '../profile/screen-test-utils';
import { SETTINGS_SCREENS } from './screens';
import { staffSessionPerTest } from '../../shared/testing/test-session';

// The first test of a file also compiles the lazy screens: allow more than the default 5 s.
vi.setConfig({ testTimeout: 15_000 });

staffSessionPerTest();
afterEach(() => setDefaultDateFormat(null));

describe('ApplicationSettingsScreen', () => {
  it('loads the settings, previews each format with today, saves and applies the date format', async () => {
    const api = installFakeApi((call) => {
      if (call.path !== '/api/application-settings') return undefined;
      return call.method === 'GET'
        ? ok({ date: 'MM-DD-YYYY', time: 'hh:mm A' })
        : ok(call.body, 'Settings saved');
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/application-settings');
    const dateInput = await screen.findByRole('combobox', { name: 'Date format' });
    expect((dateInput as HTMLInputElement).value).toMatch(/^MM-DD-YYYY \(\d\d-\d\d-\d{4}\)$/);

    fireEvent.click(dateInput);
    const option = await screen.findByRole('option', { name: /^DD MMM YYYY \(\d\d [A-Z][a-z]{2} \d{4}\)$/ });
    fireEvent.click(option);
    expect(screen.getByTestId('date-preview').textContent).toMatch(
      /^\d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d [AP]M$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(api.callsTo('/api/application-settings', 'POST')[0]?.body).toEqual({
      date: 'DD MMM YYYY',
      time: 'hh:mm A',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(getDefaultDateFormat()).toBe('DD MMM YYYY');
    expect(formatDate(new Date(2024, 0, 5))).toBe('05 Jan 2024');
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    installFakeApi((call) => {
      if (call.path !== '/api/application-settings') return undefined;
      calls += 1;
      return calls === 1 ? fail(500, 'Database unavailable') : ok({ date: 'YYYY-MM-DD', time: 'HH:mm' });
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/application-settings');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const input = await screen.findByRole('combobox', { name: 'Date format' });
    expect((input as HTMLInputElement).value).toMatch(/^YYYY-MM-DD/);
  });
});

describe('ExpirationRemindersScreen', () => {
  it("saves the defaults and shows the server's 422 under warn_before_expiry_days", async () => {
    let posts = 0;
    const api = installFakeApi((call) => {
      if (call.path !== '/api/expirations-reminders') return undefined;
      if (call.method === 'GET') return ok(DEFAULT_EXPIRATIONS_REMINDERS);
      posts += 1;
      return posts === 1
        ? invalid({ warn_before_expiry_days: 'The warning must come before the expiry' })
        : ok(call.body);
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/document-expiration-reminders');
    const expireAfter = await screen.findByLabelText('Expire after');
    fireEvent.change(expireAfter, { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Warn signers before expiry'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    const message = await screen.findByText('The warning must come before the expiry');
    const warn = screen.getByLabelText('Warn signers before expiry');
    expect(warn.getAttribute('aria-describedby')).toContain(message.id);
    expect(api.callsTo('/api/expirations-reminders', 'POST')[0]?.body).toEqual({
      ...DEFAULT_EXPIRATIONS_REMINDERS,
      expire_after_days: 10,
      warn_before_expiry_days: 5,
    });

    fireEvent.click(screen.getByRole('switch', { name: /Send reminders/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(api.callsTo('/api/expirations-reminders', 'POST')[1]?.body).toMatchObject({
      send_reminders: false,
    });
  });

  it('checks the contract rules before calling', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/expirations-reminders' ? ok(DEFAULT_EXPIRATIONS_REMINDERS) : undefined,
    );
    renderScreens(SETTINGS_SCREENS, '/profilesettings/document-expiration-reminders');
    fireEvent.change(await screen.findByLabelText('Expire after'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Remind every'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Expire after'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At most 60 days')).toBeTruthy();
    expect(api.callsTo('/api/expirations-reminders', 'POST')).toHaveLength(0);
  });
});

describe('DashboardSettingsScreen', () => {
  it('lists the cards with labels, reorders and saves the shown ones in order', async () => {
    const api = installFakeApi((call) => {
      if (call.path !== '/api/dashboard-stats-settings') return undefined;
      return call.method === 'GET' ? ok({ cards: ['completed', 'drafts'] }) : ok(call.body);
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/dashboard-settings');
    const list = await screen.findByRole('list', { name: 'Dashboard cards' });
    const labels = within(list)
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels).toEqual([
      'Completed',
      'Drafts',
      'Waiting for me',
      'Waiting for others',
      'Expiring soon',
      'Declined',
      'Rejected',
      'Voided',
      'Expired',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Move Drafts up' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Declined/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Completed/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Dashboard settings saved')).toBeTruthy();
    expect(api.callsTo('/api/dashboard-stats-settings', 'POST')[0]?.body).toEqual({
      cards: ['drafts', 'declined'],
    });
  });
});

describe('NotificationSettingsScreen', () => {
  it('shows each event with its channels and saves the changed choice', async () => {
    const api = installFakeApi((call) => {
      if (call.path !== '/api/notifications') return undefined;
      return call.method === 'GET' ? ok(DEFAULT_NOTIFICATION_SETTINGS) : ok(call.body);
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/document-notifications');
    const signedEmail = await screen.findByRole('switch', { name: 'Signed or approved: Email' });
    expect((signedEmail as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Viewed: Email' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(signedEmail);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Notification choices saved')).toBeTruthy();
    const body = api.callsTo('/api/notifications', 'POST')[0]?.body as typeof DEFAULT_NOTIFICATION_SETTINGS;
    expect(body.events.document_signed).toEqual({ email: false, in_app: true });
    expect(body.events.document_completed).toEqual(DEFAULT_NOTIFICATION_SETTINGS.events.document_completed);
  });

  it('shows a refused save', async () => {
    installFakeApi((call) => {
      if (call.path !== '/api/notifications') return undefined;
      return call.method === 'GET' ? ok(DEFAULT_NOTIFICATION_SETTINGS) : fail(403, 'Not allowed here');
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/document-notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Not allowed here')).toBeTruthy();
  });
});

describe('ApiKeysScreen', () => {
  it('generates keys and shows the secret once, then only its last four characters', async () => {
    const made = {
      client_id: 'ck_live_123',
      client_secret: 'cs_very_secret_9f3a',
      secret_last4: '9f3a',
      created_at: '2026-01-05T10:00:00.000Z',
    };
    const api = installFakeApi((call) => {
      if (call.path === '/api/Get-keys') return ok(null);
      if (call.path === '/api/generate-keys') return ok(made);
      return undefined;
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/myapps-credentials');
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate keys' }));

    const secret = await screen.findByTestId('new-secret');
    expect((within(secret).getByLabelText('Client secret') as HTMLInputElement).value).toBe(
      made.client_secret,
    );
    expect(within(secret).getByText(/only time the client secret is shown/)).toBeTruthy();
    expect((screen.getByLabelText('Client id') as HTMLInputElement).value).toBe('ck_live_123');
    expect(api.callsTo('/api/generate-keys', 'POST')).toHaveLength(1);

    fireEvent.click(within(secret).getByRole('button', { name: 'I copied it' }));
    await waitFor(() => expect(screen.queryByTestId('new-secret')).toBeNull());
    expect(screen.queryByDisplayValue(made.client_secret)).toBeNull();
    expect((screen.getByTestId('secret-masked') as HTMLInputElement).value).toContain('9f3a');
    expect(screen.getByText(/^Made 01-05-2026/)).toBeTruthy();
  });

  it('asks before regenerating', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/Get-keys') {
        return ok({ client_id: 'ck_1', secret_last4: 'aaaa', created_at: '2026-01-05T10:00:00.000Z' });
      }
      if (call.path === '/api/regenerate-keys') {
        return ok({
          client_id: 'ck_2',
          client_secret: 'cs_new',
          secret_last4: '_new',
          created_at: '2026-02-01T00:00:00Z',
        });
      }
      return undefined;
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/myapps-credentials');
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate keys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate API keys?' });
    expect(api.callsTo('/api/regenerate-keys')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByDisplayValue('cs_new')).toBeTruthy();
    expect((screen.getByLabelText('Client id') as HTMLInputElement).value).toBe('ck_2');
  });

  it('says only admins can manage API keys on a 403', async () => {
    installFakeApi((call) =>
      call.path === '/api/Get-keys' ? fail(403, 'You do not have permission to do this') : undefined,
    );
    renderScreens(SETTINGS_SCREENS, '/profilesettings/myapps-credentials');
    expect(await screen.findByText('Only admins can manage API keys')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate keys' })).toBeNull();
  });
});
