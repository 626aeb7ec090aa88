import { screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TEmbedSessionReply } from '@esigns/contracts/embedding';
import { buildEmbeddedFrameRoutes } from '../../app/router';
import { SESSION_STORAGE_KEY, sessionStore } from '../../shared/session/session-store';
import { fail, installFakeApi, makeUserDetails, ok, shellHandler } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { originProblem } from './allowed-origins-section';
import { enterEmbeddedFrame, framePath, leaveEmbeddedFrame } from './embedded-frame';
import { connectEmbeddedSessionHandlers } from './embedded-session';
import { connectHostBridge, emitHostEvent, resetHostBridge } from './host-bridge';

staffSessionPerTest({ session: false, quietDebug: true });

const HOST = 'https://host.example';
const TOKEN = 'ifs_payload.mac';

function embedReply(overrides: Partial<TEmbedSessionReply> = {}): TEmbedSessionReply {
  return {
    access_token: 'embedded-access',
    access_token_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    sso_auth_expires_at: new Date(Date.now() + 300_000).toISOString(),
    user_details: makeUserDetails(),
    allowed_origins: [HOST],
    company: { _id: 'c1', name: 'Acme' },
    ...overrides,
  };
}

/** A window framed by `ancestor`, whose parent records what it is sent. */
function framedWindow(ancestor: string | null) {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = { postMessage: vi.fn() };
  const fake = {
    parent,
    location: { ancestorOrigins: ancestor ? [ancestor] : [] },
    document: { referrer: '', documentElement: document.documentElement },
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: () => {},
    deliver: (event: Partial<MessageEvent>) =>
      listeners.forEach((listener) => listener(event as MessageEvent)),
  };
  return fake;
}

beforeAll(() => sessionStore.keepInMemoryOnly());
afterEach(() => {
  leaveEmbeddedFrame();
  resetHostBridge();
});

function renderFrame(path: string) {
  const router = createMemoryRouter(buildEmbeddedFrameRoutes(), {
    basename: `/if/${TOKEN}`,
    initialEntries: [`/if/${TOKEN}${path}`],
  });
  connectEmbeddedSessionHandlers((to, options) => router.navigate(to, options));
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('the embedded frame', () => {
  it('signs in with the host token (memory only) and opens the staff screen asked for, under the prefix', async () => {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    enterEmbeddedFrame({ ssoAuth: TOKEN, basename: `/if/${TOKEN}` });
    const api = installFakeApi((call) =>
      call.path === '/api/embed/session' ? ok(embedReply()) : shellHandler(call),
    );
    const router = renderFrame('/contacts');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/if/${TOKEN}/contacts`), {
      timeout: 10_000,
    });
    expect(await screen.findByTestId('embedded-layout')).toBeTruthy();
    expect(screen.queryByTestId('staff-layout')).toBeNull();
    expect(api.callsTo('/api/embed/session')[0]?.body).toEqual({ ssoAuth: TOKEN });
    expect(sessionStore.getState().tokens?.access_token).toBe('embedded-access');
    expect(sessionStore.getState().tokens?.refresh_token).toBe('');
    // The app's stored session is neither read nor written by the frame.
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // Absolute staff links of the screens stay under /if/{ssoAuth}.
    await router.navigate('/documents/all');
    expect(router.state.location.pathname).toBe(`/if/${TOKEN}/documents/all`);
  });

  it('says why it cannot open (expired token) and never shows a password form', async () => {
    enterEmbeddedFrame({ ssoAuth: TOKEN, basename: `/if/${TOKEN}` });
    installFakeApi((call) =>
      call.path === '/api/embed/session'
        ? fail(401, 'expired', { error_code: 'EMBED_TOKEN_EXPIRED' })
        : shellHandler(call),
    );
    renderFrame('/documents/all');
    expect(
      await screen.findByText('This embedded session has expired', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/ask the host page to reload/i)).toBeTruthy();
    expect(document.querySelector('input[type="password"]')).toBeNull();
  });

  it('shows the not-found screen for a path that is not mirrored, with a way back under the prefix', async () => {
    enterEmbeddedFrame({ ssoAuth: TOKEN, basename: `/if/${TOKEN}` });
    installFakeApi((call) => (call.path === '/api/embed/session' ? ok(embedReply()) : shellHandler(call)));
    renderFrame('/dashboard');
    expect(await screen.findByRole('heading', { name: '404' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /back to documents/i }).getAttribute('href')).toBe(
      `/if/${TOKEN}/documents/all`,
    );
  });
});

describe('the host bridge', () => {
  it('posts events only to an allowed ancestor origin, and only inside a frame', () => {
    const win = framedWindow(HOST);
    resetHostBridge(win as never);
    emitHostEvent('document.sent', { document_id: 'd1' });
    expect(win.parent.postMessage).not.toHaveBeenCalled();

    enterEmbeddedFrame({ ssoAuth: TOKEN, basename: `/if/${TOKEN}` });
    expect(connectHostBridge([HOST], { navigate: vi.fn(), refresh: vi.fn() })).toBe(true);
    expect(win.parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'esigns', type: 'ready' }),
      HOST,
    );
    emitHostEvent('document.sent', { document_id: 'd1' });
    expect(win.parent.postMessage).toHaveBeenLastCalledWith(
      { source: 'esigns', type: 'document.sent', payload: { document_id: 'd1' } },
      HOST,
    );

    const other = framedWindow('https://evil.example');
    resetHostBridge(other as never);
    expect(connectHostBridge([HOST], { navigate: vi.fn(), refresh: vi.fn() })).toBe(false);
    emitHostEvent('form.submitted', {});
    expect(other.parent.postMessage).not.toHaveBeenCalled();
  });

  it('obeys navigate and refresh only from the host origin and the parent window', () => {
    const win = framedWindow(HOST);
    resetHostBridge(win as never);
    enterEmbeddedFrame({ ssoAuth: TOKEN, basename: `/if/${TOKEN}` });
    const navigate = vi.fn();
    const refresh = vi.fn();
    connectHostBridge([HOST], { navigate, refresh });
    const command = { source: 'esigns-host', type: 'navigate', payload: { path: '/contacts' } };
    win.deliver({ origin: 'https://evil.example', source: win.parent as never, data: command });
    win.deliver({ origin: HOST, source: {} as never, data: command });
    win.deliver({
      origin: HOST,
      source: win.parent as never,
      data: { ...command, payload: { path: '//evil' } },
    });
    win.deliver({ origin: HOST, source: win.parent as never, data: { ...command, source: 'other' } });
    expect(navigate).not.toHaveBeenCalled();
    win.deliver({ origin: HOST, source: win.parent as never, data: command });
    expect(navigate).toHaveBeenCalledWith('/contacts');
    win.deliver({
      origin: HOST,
      source: win.parent as never,
      data: { source: 'esigns-host', type: 'refresh' },
    });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('accepts only same-site paths from the host', () => {
    expect(framePath('/documents/all?x=1')).toBe('/documents/all?x=1');
    for (const bad of ['//evil.example', 'https://evil.example', 'documents', '/\\evil', 42, null]) {
      expect(framePath(bad)).toBeNull();
    }
  });
});

describe('allowed origins input', () => {
  it('checks an origin before asking the server', () => {
    const existing = [{ _id: '1', origin: 'https://a.example', created_at: '' }];
    expect(originProblem('', existing)).toBe('Enter an origin');
    expect(originProblem('http://a.example', existing)).toMatch(/origin such as/);
    expect(originProblem('https://a.example/path', existing)).toMatch(/without a path/);
    expect(originProblem('https://A.example', existing)).toBe('https://a.example is already allowed');
    expect(originProblem('http://localhost:3000', existing)).toBeNull();
    expect(originProblem('https://b.example', existing)).toBeNull();
  });
});
