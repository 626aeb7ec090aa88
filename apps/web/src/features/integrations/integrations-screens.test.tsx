import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAppIntegrationData } from '@esigns/contracts/webhooks';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { withPermissions } from '../team/team-test-utils';
import { AddIntegrationScreen } from './add-integration-screen';
import { IntegrationsHubScreen } from './integrations-hub-screen';

const connected: TAppIntegrationData = {
  api_key: { client_id: 'esk_live_42', secret_last4: 'a1b2', created_at: '2026-03-01T10:00:00.000Z' },
  client_apps: [{ app_id: 'app-1', name: 'Zapier bridge', scopes: ['records:read'], webhook_endpoints: 1 }],
  webhooks: { endpoints: 2, enabled: 1, auto_disabled: 1, failed_last_day: 3, last_delivered_at: null },
};

const renderHub = () =>
  renderScreenAt(
    <IntegrationsHubScreen />,
    '/configuration/apiIntegrations',
    '/configuration/apiIntegrations',
  );

staffSessionPerTest();

describe('Integrations hub and catalogue', { timeout: 20_000 }, () => {
  it("shows the key, each app with its webhooks and the endpoints' trouble, with the way to each screen", async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === '/api/get-app-integration-data' ? ok(connected) : undefined,
      ),
    );
    renderHub();
    const key = await screen.findByTestId('integration-api-key');
    expect(key.textContent).toContain('esk_live_42');
    expect(key.textContent).toContain('a1b2');
    expect(screen.getByTestId('integration-apps').textContent).toContain(
      'Zapier bridge: records:read; 1 webhook',
    );
    const hooks = screen.getByTestId('integration-webhooks');
    expect(within(hooks).getByText('Needs attention')).toBeTruthy();
    expect(hooks.textContent).toContain('1 endpoint turned off after repeated failures.');
    expect(hooks.textContent).toContain('3 deliveries failed in the last day.');
    expect(within(hooks).getByRole('link', { name: 'Open the developer portal' }).getAttribute('href')).toBe(
      '/developer/portal',
    );
    expect(screen.getByRole('link', { name: 'Add integration' }).getAttribute('href')).toBe(
      '/configuration/AddNewIntegration',
    );
    expect(screen.getByRole('link', { name: 'Set up mail' }).getAttribute('href')).toBe(
      '/configuration/mail',
    );
  });

  it('says what each kind is for when nothing is connected, and refuses without the right', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === '/api/get-app-integration-data'
          ? ok({
              api_key: null,
              client_apps: [],
              webhooks: {
                endpoints: 0,
                enabled: 0,
                auto_disabled: 0,
                failed_last_day: 0,
                last_delivered_at: null,
              },
            })
          : undefined,
      ),
    );
    renderHub();
    expect((await screen.findByTestId('integration-api-key')).textContent).toContain('No API key yet');
    expect(within(screen.getByTestId('integration-webhooks')).queryByText('Needs attention')).toBeNull();
  });

  it('shows no data to a member without the right to see API clients', async () => {
    installFakeApi(
      withPermissions('MEMBER', (call) =>
        call.path === '/api/get-app-integration-data'
          ? fail(403, 'Missing permission oauth:view')
          : undefined,
      ),
    );
    renderHub();
    expect(await screen.findByText(/Only members allowed to see API clients/)).toBeTruthy();
    expect(screen.queryByTestId('integration-api-key')).toBeNull();
  });

  it('lists what can be added, each leading to where it is made', async () => {
    renderScreenAt(
      <AddIntegrationScreen />,
      '/configuration/AddNewIntegration',
      '/configuration/AddNewIntegration',
    );
    const links = (await screen.findAllByRole('link')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Create a client app', '/profilesettings/myapps-credentials'],
        ['Add an endpoint', '/developer/portal'],
        ['Build a pipeline', '/automation-pipelines/create'],
        ['Set up single sign-on', '/configuration/apiIntegrations/config'],
      ]),
    );
  });
});
