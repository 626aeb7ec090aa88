import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TMenuItem } from '@esigns/contracts/menus';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { renderScreens } from '../profile/screen-test-utils';
import { shortcutsFor } from '../dashboard/dashboard-shortcuts';
import { appModeOf, menuForAppMode } from './app-mode';
import { SETTINGS_SCREENS } from './screens';

// The screen's test also compiles the lazy screen: allow more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
staffSessionPerTest();

const leaf = (key: string, route: string | null, kind: TMenuItem['kind'] = 'ROUTE'): TMenuItem => ({
  key,
  kind,
  label: key,
  route,
  icon: null,
  permission: null,
  children: [],
});
const MENU: TMenuItem[] = [
  leaf('dashboard', '/dashboard'),
  { ...leaf('docs', null, 'GROUP'), children: [leaf('all', '/documents/all'), leaf('tpl', '/templates')] },
  {
    ...leaf('data', null, 'GROUP'),
    children: [leaf('entities', '/entity'), leaf('deal', '/entity/abc', 'ENTITY')],
  },
  leaf('workflows', '/workflows'),
  leaf('help', null, 'EXTERNAL_LINK'),
  { ...leaf('settings', null, 'GROUP'), children: [leaf('users', '/company/users')] },
];
const keys = (items: TMenuItem[]) => items.map((i) => [i.key, i.children.map((c) => c.key)]);

describe('app mode', () => {
  it('filters the sidebar: e-signature hides the no-code links, no-code the document ones', () => {
    expect(keys(menuForAppMode(MENU, 'everything'))).toEqual(keys(MENU));
    expect(keys(menuForAppMode(MENU, 'esign'))).toEqual([
      ['dashboard', []],
      ['docs', ['all', 'tpl']],
      ['help', []],
      ['settings', ['users']],
    ]);
    expect(keys(menuForAppMode(MENU, 'nocode'))).toEqual([
      ['dashboard', []],
      ['data', ['entities', 'deal']],
      ['workflows', []],
      ['help', []],
      ['settings', ['users']],
    ]);
  });

  it('filters the dashboard shortcuts by mode and permission', () => {
    const all = () => true;
    expect(shortcutsFor('everything', all).map((s) => s.to)).toEqual([
      '/documents/upload',
      '/entity',
      '/formBuilders',
      '/scanner',
    ]);
    expect(shortcutsFor('esign', all).map((s) => s.to)).toEqual(['/documents/upload']);
    expect(shortcutsFor('nocode', (slug) => slug !== 'entities:view').map((s) => s.to)).toEqual([
      '/formBuilders',
      '/scanner',
    ]);
  });

  it('reads back unknown saved values as the defaults', () => {
    expect(appModeOf({ mode: 'games', color_scheme: 'dark' })).toEqual({
      mode: 'everything',
      color_scheme: 'dark',
    });
    expect(appModeOf(null)).toEqual({ mode: 'everything', color_scheme: 'light' });
  });

  it('the screen loads the saved choice and saves a new one', async () => {
    const api = installFakeApi((call) => {
      if (call.path !== '/api/app-mode-settings') return undefined;
      return call.method === 'GET' ? ok({ mode: 'everything', color_scheme: 'light' }) : ok(call.body);
    });
    renderScreens(SETTINGS_SCREENS, '/profilesettings/app-mode');
    // The first render also compiles the lazy screen.
    const nocode = await screen.findByRole('radio', { name: /No-code apps/ }, { timeout: 30_000 });
    expect(screen.getByRole('radio', { name: /Everything/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(nocode);
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('App mode saved')).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo('/api/app-mode-settings', 'POST')[0]?.body).toEqual({
        mode: 'nocode',
        color_scheme: 'dark',
      }),
    );
  });
});
