import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOAuthClientApp } from '@esigns/contracts/oauth';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { renderScreens } from '../profile/screen-test-utils';
import { SETTINGS_SCREENS } from '../settings/screens';
import { leaveFor } from './consent-screen';
import { OAUTH_SCREENS } from './screens';

vi.setConfig({ testTimeout: 15_000 });
staffSessionPerTest();
afterEach(() => vi.restoreAllMocks());

const APP: TOAuthClientApp = {
  appId: 'app_abc',
  name: 'Zapier bridge',
  redirectUris: ['https://zap.example.com/cb'],
  scopes: ['documents:read'],
  secretLast4: 'wxyz',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

function keysAnd(handler: (path: string, method: string, body: unknown) => Response | undefined) {
  return installFakeApi((call) => {
    if (call.path === '/api/Get-keys') return ok(null);
    return handler(call.path, call.method, call.body);
  });
}

describe('client apps on the credentials screen', () => {
  it('creates an app, checks its input first, and shows the secret once', async () => {
    let apps: TOAuthClientApp[] = [];
    const api = keysAnd((path, _method, body) => {
      if (path === '/api/fetch-clients') return ok(apps);
      if (path === '/api/create-client') {
        apps = [{ ...APP, ...(body as object) }];
        return ok({ app: apps[0], clientSecret: 'sec_shown_once' });
      }
      return undefined;
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/myapps-credentials');
    expect(await screen.findByText('No client apps yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New client app' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client app' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Zapier bridge' } });
    fireEvent.change(within(dialog).getByLabelText(/Redirect URIs/), {
      target: { value: 'http://evil.example.com/cb' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create app' }));
    expect(await within(dialog).findByText(/http only for localhost/)).toBeTruthy();
    expect(api.callsTo('/api/create-client')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Redirect URIs/), {
      target: { value: 'https://zap.example.com/cb\n' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create app' }));
    const secret = await screen.findByTestId('client-app-secret-value');
    expect(secret.textContent).toBe('sec_shown_once');
    expect(api.callsTo('/api/create-client', 'POST')[0]?.body).toEqual({
      name: 'Zapier bridge',
      redirectUris: ['https://zap.example.com/cb'],
      scopes: ['documents:read'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'I copied it' }));
    await waitFor(() => expect(screen.queryByTestId('client-app-secret-value')).toBeNull());
    expect(await screen.findAllByText('Zapier bridge')).not.toHaveLength(0);
    expect(screen.queryByText('sec_shown_once')).toBeNull();
  });

  it('rotates a secret and deletes an app after asking', async () => {
    let apps = [APP];
    const api = keysAnd((path) => {
      if (path === '/api/fetch-clients') return ok(apps);
      if (path === '/api/rotate-client-secret/app_abc') return ok({ app: APP, clientSecret: 'sec_rotated' });
      if (path === '/api/delete-client/app_abc') {
        apps = [];
        return ok(null, 'Client app deleted');
      }
      return undefined;
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/myapps-credentials');
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Zapier bridge' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
    expect((await screen.findByTestId('client-app-secret-value')).textContent).toBe('sec_rotated');
    fireEvent.click(screen.getByRole('button', { name: 'I copied it' }));

    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Zapier bridge' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete client app?' });
    expect(api.callsTo('/api/delete-client/app_abc')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No client apps yet')).toBeTruthy();
    expect(api.callsTo('/api/delete-client/app_abc', 'DELETE')).toHaveLength(1);
  });

  it('leaves the section out for members without the OAuth permissions', async () => {
    const api = keysAnd((path) => (path === '/api/fetch-clients' ? fail(403, 'No permission') : undefined));
    renderScreens(SETTINGS_SCREENS, '/profilesettings/myapps-credentials');
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/api/fetch-clients')).toHaveLength(1));
    expect(screen.queryByText('OAuth client apps')).toBeNull();
  });
});

describe('authorized apps on the credentials screen', () => {
  it("lists the user's authorized apps and revokes one after asking", async () => {
    let authorized = [
      { appId: 'app_abc', name: 'Zapier bridge', scopes: ['documents:read'], authorizedAt: APP.createdAt },
    ];
    const api = keysAnd((path, method) => {
      if (path === '/api/fetch-clients') return ok([]);
      if (path === '/api/oauth2/authorized-apps') return ok(authorized);
      if (path === '/api/oauth2/authorized-apps/app_abc' && method === 'DELETE') {
        authorized = [];
        return ok(null, 'Authorization revoked');
      }
      return undefined;
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/myapps-credentials');
    const section = await screen.findByTestId('authorized-apps');
    expect(await within(section).findByText('documents:read')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'More actions for Zapier bridge' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke access' }));
    const ask = await screen.findByRole('dialog', { name: 'Revoke access?' });
    expect(api.callsTo('/api/oauth2/authorized-apps/app_abc')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText('No authorized apps')).toBeTruthy();
    expect(api.callsTo('/api/oauth2/authorized-apps/app_abc', 'DELETE')).toHaveLength(1);
  });
});

describe('consent screen', () => {
  const details = {
    uid: 'u1',
    app: { appId: 'app_abc', name: 'Zapier bridge' },
    scopes: ['documents:read', 'records:write'],
    redirectUri: 'https://zap.example.com/cb',
    companyId: 'c1',
  };

  it('shows the app and its scopes in words; Allow sends the browser back', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const api = installFakeApi((call) => {
      if (call.path === '/api/oauth2/signin/details') return ok(details);
      if (call.path === '/api/oauth2/signin') return ok({ redirectTo: 'http://x/api/oauth2/authorize/u1' });
      return undefined;
    });
    renderScreens(OAUTH_SCREENS, '/signin/oauth?uid=u1');
    expect(await screen.findByText('Zapier bridge wants to use your account')).toBeTruthy();
    expect(screen.getByText('See your documents and their recipients')).toBeTruthy();
    expect(screen.getByText('Create, change and delete records of your entities')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://x/api/oauth2/authorize/u1'));
    expect(api.callsTo('/api/oauth2/signin', 'POST')[0]?.body).toEqual({ uid: 'u1', decision: 'allow' });
  });

  it('sends Deny as a refusal', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const api = installFakeApi((call) => {
      if (call.path === '/api/oauth2/signin/details') return ok(details);
      if (call.path === '/api/oauth2/signin') return ok({ redirectTo: 'http://x/back' });
      return undefined;
    });
    renderScreens(OAUTH_SCREENS, '/signin/oauth?uid=u1');
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://x/back'));
    expect(api.callsTo('/api/oauth2/signin', 'POST')[0]?.body).toEqual({ uid: 'u1', decision: 'deny' });
  });

  it('says an expired request cannot be answered, and a link without one', async () => {
    installFakeApi((call) =>
      call.path === '/api/oauth2/signin/details'
        ? fail(410, 'This sign-in request has expired: start again from the app')
        : undefined,
    );
    renderScreens(OAUTH_SCREENS, '/signin/oauth?uid=old');
    expect(await screen.findByText(/This sign-in request has expired/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });

  it('says a link without a request cannot be answered', async () => {
    installFakeApi(() => invalid({ uid: 'Required' }));
    renderScreens(OAUTH_SCREENS, '/signin/oauth');
    expect(await screen.findByText(/missing its request/)).toBeTruthy();
  });
});
