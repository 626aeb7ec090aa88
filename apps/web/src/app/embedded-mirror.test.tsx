import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TEmbedSessionReply } from '@esigns/contracts/embedding';
import { EMBEDDED_ALLOWED, EMBEDDED_REFUSED } from '@esigns/contracts/embedded-routes';
import { enterEmbeddedFrame, leaveEmbeddedFrame } from '../features/embedding/embedded-frame';
import { RecordActionsMenu } from '../features/entities/record-actions-menu';
import { withPermissions } from '../features/team/team-test-utils';
import { connectEmbeddedSessionHandlers } from '../features/embedding/embedded-session';
import { sessionStore } from '../shared/session/session-store';
import {
  installFakeApi,
  makeUserDetails,
  ok,
  seedStaffSession,
  shellHandler,
  type FakeCall,
} from '../shared/testing/fake-api';
import { renderWithProviders } from '../shared/testing/render-with-providers';
import { staffSessionPerTest } from '../shared/testing/test-session';
import { renderApp } from '../test/render-app';
import { buildEmbeddedFrameRoutes } from './router';
import {
  EMBEDDED_AREAS,
  EMBEDDED_PREFIX,
  EMBEDDED_REFUSED_SCREENS,
  EMBEDDED_ROUTES,
  STAFF_ROUTES,
  fillPattern,
  isMirroredInFrame,
} from './routes';

/*
 * The embedded frame mirrors only screens whose calls an embedded session may make: the server's
 * lists (@esigns/contracts/embedded-routes) decide, the web's EMBEDDED_REFUSED_SCREENS leaves out
 * the screens that need a refused call. Checked here both ways.
 */

type Listed = { method: string; pattern: string; regex: RegExp; isAllowed: boolean };

function listed(groups: typeof EMBEDDED_ALLOWED, isAllowed: boolean): Listed[] {
  return groups.flatMap((group) =>
    group.routes.flatMap((entry) => {
      const [methods, pattern] = entry.split(' ') as [string, string];
      const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
      return methods
        .split(',')
        .map((method) => ({ method, pattern, regex: new RegExp(`^${source}$`), isAllowed }));
    }),
  );
}

const ROUTES = [...listed(EMBEDDED_ALLOWED, true), ...listed(EMBEDDED_REFUSED, false)];
/** Calls of the frame that need no session (the policy does not apply to them). */
const NO_SESSION = new Set(['POST /api/embed/session']);

/**
 * The server's answer to an embedded session's call: the most specific listed route that matches
 * (static segments beat parameters, as the router picks), allowed or refused; in neither: refused.
 */
function isAllowedCall(method: string, path: string): boolean {
  const asked = method === 'HEAD' ? 'GET' : method;
  if (NO_SESSION.has(`${asked} ${path}`)) return true;
  const matching = ROUTES.filter((r) => r.method === asked && r.regex.test(path));
  const params = (r: Listed) => (r.pattern.match(/:/g) ?? []).length;
  const best = matching.sort((a, b) => params(a) - params(b))[0];
  return best?.isAllowed ?? false;
}

const refusedCalls = (calls: readonly FakeCall[]) =>
  calls
    .filter((c) => c.path.startsWith('/api/') && !isAllowedCall(c.method, c.path))
    .map((c) => `${c.method} ${c.path}`);

const ID = '5e0c7a1d-2b3f-4c5d-8e6f-7a8b9c0d1e2f';
const TOKEN = 'ifs_payload.mac';

function embedReply(): TEmbedSessionReply {
  return {
    access_token: 'embedded-access',
    access_token_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    sso_auth_expires_at: new Date(Date.now() + 300_000).toISOString(),
    user_details: makeUserDetails(),
    allowed_origins: ['https://host.example'],
    company: { _id: 'c1', name: 'Acme' },
  };
}

/** Opens `path` in an embedded frame (signed in with the host token) and waits until it settled. */
async function openInFrame(path: string) {
  enterEmbeddedFrame({ ssoAuth: TOKEN, basename: `/if/${TOKEN}` });
  const api = installFakeApi((call) =>
    call.path === '/api/embed/session' ? ok(embedReply()) : shellHandler(call),
  );
  const router = createMemoryRouter(buildEmbeddedFrameRoutes(), {
    basename: `/if/${TOKEN}`,
    initialEntries: [`/if/${TOKEN}${path}`],
  });
  connectEmbeddedSessionHandlers((to, options) => router.navigate(to, options));
  renderWithProviders(<RouterProvider router={router} />);
  await settled();
  return api;
}

/** The screen is there (a heading, not the not-found one) and nothing is loading any more. */
async function settled() {
  await waitFor(() => expect(screen.getAllByRole('heading').length).toBeGreaterThan(0), { timeout: 15_000 });
  expect(screen.queryByRole('heading', { name: '404' })).toBeNull();
  await waitFor(() =>
    expect(
      document.querySelectorAll('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root'),
    ).toHaveLength(0),
  );
}

staffSessionPerTest({ session: false, quietDebug: true });
beforeAll(() => sessionStore.keepInMemoryOnly());
afterEach(() => leaveEmbeddedFrame());

describe('the embedded mirror and the server’s embedded-session lists', () => {
  it('leaves out exactly the screens of the embedded areas that need a call the server lists as refused', () => {
    const mirrored = new Set(EMBEDDED_ROUTES.map((r) => r.pattern));
    for (const [pattern, needed] of Object.entries(EMBEDDED_REFUSED_SCREENS)) {
      const [method, path] = needed.split(' ') as [string, string];
      const route = STAFF_ROUTES.find((r) => r.pattern === pattern);
      expect(route && EMBEDDED_AREAS.has(route.area), `${pattern} is a screen of an embedded area`).toBe(
        true,
      );
      expect(mirrored.has(`${EMBEDDED_PREFIX}${pattern}`), pattern).toBe(false);
      expect(isMirroredInFrame(pattern), pattern).toBe(false);
      const refused = ROUTES.find((r) => !r.isAllowed && r.method === method && r.pattern === path);
      expect(refused, `${pattern} needs ${needed}, which EMBEDDED_REFUSED must list`).toBeTruthy();
      expect(
        ROUTES.some((r) => r.isAllowed && r.method === method && r.pattern === path),
        needed,
      ).toBe(false);
    }
    // Every other screen of those areas is mirrored.
    for (const route of STAFF_ROUTES.filter((r) => EMBEDDED_AREAS.has(r.area) && !r.redirectTo)) {
      if (!(route.pattern in EMBEDDED_REFUSED_SCREENS))
        expect(isMirroredInFrame(route.pattern), route.pattern).toBe(true);
    }
  });

  it(
    "reads each left-out screen's refused call when it opens in the staff app (GET ones)",
    { timeout: 120_000 },
    async () => {
      for (const [pattern, needed] of Object.entries(EMBEDDED_REFUSED_SCREENS)) {
        const [method, path] = needed.split(' ') as [string, string];
        if (method !== 'GET') continue;
        seedStaffSession();
        const api = installFakeApi(shellHandler);
        renderApp(fillPattern(pattern, { requestId: ID }).concat(pattern === '/invoice' ? `?id=${ID}` : ''));
        const regex = new RegExp(`^${path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
        await waitFor(
          () =>
            expect(
              api.calls.some((c) => c.method === 'GET' && regex.test(c.path)),
              pattern,
            ).toBe(true),
          {
            timeout: 15_000,
          },
        );
        cleanup();
      }
    },
  );

  const SECTIONED = new Set(['profile', 'settings', 'payments', 'subscriptions']);
  const opened = EMBEDDED_ROUTES.filter((r) => SECTIONED.has(r.area) && !r.redirectTo).map((r) =>
    r.pattern.slice(EMBEDDED_PREFIX.length),
  );

  it.each(opened)(
    '%s opens in the frame calling only routes an embedded session may call',
    { timeout: 60_000 },
    async (pattern) => {
      const api = await openInFrame(fillPattern(pattern, { paymentDetailsId: ID }));
      expect(refusedCalls(api.calls)).toEqual([]);
    },
  );

  it(
    'the profile and settings navigation in the frame lists only mirrored screens',
    { timeout: 60_000 },
    async () => {
      await openInFrame('/profile/signature');
      const nav = screen.getByRole('navigation', { name: 'Profile sections' });
      const links = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(links).toEqual([
        '/if/ifs_payload.mac/profile/personal-information',
        '/if/ifs_payload.mac/profile/signature',
        '/if/ifs_payload.mac/profile/initial',
      ]);
      cleanup();
      await openInFrame('/profilesettings/app-mode');
      const settings = screen.getByRole('navigation', { name: 'Settings sections' });
      const hrefs = [...settings.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
      expect(hrefs.some((h) => h.endsWith('myapps-credentials') || h.endsWith('transferAccount'))).toBe(
        false,
      );
      expect(hrefs.some((h) => h.endsWith('/profilesettings/app-mode'))).toBe(true);
    },
  );

  it("hides a record's Share read-only link in the frame (records' public links are refused), not in the app", async () => {
    // An owner: entity-data:export and the mail permission. "Send email" (permission-gated too)
    // shows the permissions have arrived before Share is looked for.
    const menuItems = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'More' }));
      await screen.findByRole('menuitem', { name: 'Send email' });
      return screen.getAllByRole('menuitem').map((item) => item.textContent);
    };
    const menu = <RecordActionsMenu entityId={ID} entityName="Visitors" recordId={ID} title="Asha Rao" />;
    seedStaffSession();
    installFakeApi(withPermissions('OWNER', shellHandler));
    renderWithProviders(menu);
    expect(await menuItems()).toContain('Share read-only link');
    expect(isAllowedCall('POST', '/api/entities-data/public-link')).toBe(false);
    cleanup();
    enterEmbeddedFrame({ ssoAuth: TOKEN, basename: `/if/${TOKEN}` });
    renderWithProviders(menu);
    expect(await menuItems()).not.toContain('Share read-only link');
  });
});
