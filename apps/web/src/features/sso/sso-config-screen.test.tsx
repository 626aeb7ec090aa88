import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSsoConfig } from '@esigns/contracts/sso';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { withPermissions } from '../team/team-test-utils';
import { SsoConfigScreen } from './sso-config-screen';

const saved: TSsoConfig = {
  configured: true,
  enabled: true,
  issuer: 'https://login.acme.test/realms/acme',
  client_id: 'esigns',
  has_client_secret: true,
  allowed_domains: ['acme.test'],
  auto_create_users: false,
  new_user_type: 'MEMBER',
  redirect_uri: 'https://esigns.acme.test/sso-verify',
  backchannel_logout_uri: 'https://esigns.acme.test/api/sso/backchannel-logout/c1',
  updated_at: '2026-03-04T10:00:00.000Z',
};

function server(userType: 'OWNER' | 'MANAGER', put: FakeHandler): FakeHandler {
  return withPermissions(userType, (call) => {
    if (call.path !== '/api/sso/config') return undefined;
    return call.method === 'GET' ? ok(saved) : put(call);
  });
}

const render = () =>
  renderScreenAt(
    <SsoConfigScreen />,
    '/configuration/apiIntegrations/config',
    '/configuration/apiIntegrations/config',
  );

staffSessionPerTest();

describe('SsoConfigScreen', { timeout: 20_000 }, () => {
  it('shows the settings and the URLs to register (never the secret), and saves without it when left empty', async () => {
    const api = installFakeApi(server('OWNER', () => ok(saved)));
    render();
    const issuer = (await screen.findByRole('textbox', { name: 'Issuer URL' })) as HTMLInputElement;
    expect(issuer.value).toBe(saved.issuer);
    expect(screen.getByText(saved.redirect_uri)).toBeTruthy();
    expect(screen.getByText(saved.backchannel_logout_uri)).toBeTruthy();
    expect((screen.getByLabelText('Client secret') as HTMLInputElement).placeholder).toMatch(/Saved/);
    fireEvent.click(screen.getByRole('switch', { name: /Create accounts for new staff/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    await waitFor(() => expect(api.callsTo('/api/sso/config', 'PUT')).toHaveLength(1));
    const body = api.callsTo('/api/sso/config', 'PUT')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      issuer: saved.issuer,
      client_id: 'esigns',
      allowed_domains: ['acme.test'],
      auto_create_users: true,
    });
    expect('client_secret' in body).toBe(false);
    expect(await screen.findByText('Single sign-on settings saved')).toBeTruthy();
  });

  it("shows the server's reason under the issuer", async () => {
    installFakeApi(
      server('OWNER', () =>
        fail(422, 'The identity provider could not be reached', {
          errors: { details: [{ key: 'issuer', message: 'Nothing answers there', path: ['issuer'] }] },
        }),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('Nothing answers there')).toBeTruthy();
  });

  it('hides the settings from a user type without the right', async () => {
    const api = installFakeApi(server('MANAGER', () => ok(saved)));
    render();
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(api.callsTo('/api/sso/config')).toHaveLength(0);
  });
});
