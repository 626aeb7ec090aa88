import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import { renderApp } from '../../test/render-app';
import { OUTBOX_KEY_STORAGE } from './outbox-api';
import { OUTBOX_UNAUTHORISED_MESSAGE } from './outbox-page';

type Call = { url: string; headers: Record<string, string> };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const row = {
  _id: 'm1',
  to: ['ada@example.com'],
  cc: [],
  subject: 'Please sign: Lease agreement',
  kind: 'document.sent',
  template: 'Signing request',
  template_id: null,
  status: 'SENT',
  attempts: 1,
  retries: 0,
  transport: 'instance',
  error: null,
  created_at: '2024-05-01T10:00:00.000Z',
  sent_at: '2024-05-01T10:00:05.000Z',
};

function installFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, headers: { ...(init.headers as Record<string, string>) } };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const renderOutbox = (path = '/outbox') => renderApp(path);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  sessionStore.clear();
});

function signInAsAdmin() {
  sessionStore.setState({
    tokens: { access_token: 'admin-token', refresh_token: 'r' },
    user: { _id: 'u' },
    user_type: 'ADMIN',
  });
}

const page = (rows: unknown[]) =>
  json(200, { success: true, data: { data: rows, total: rows.length, page: 1, total_pages: 1 } });
/** The staff shell's own calls (profile, permissions...) in the email log tests. */
const shell = () => json(404, { success: false, message: 'Route not found' });

describe('OutboxPage as the company email log', () => {
  it('reads /api/email-logs with the bearer token, in the staff layout, never the Outbox', async () => {
    signInAsAdmin();
    const calls = installFetch(({ url }) => (url.startsWith('/api/email-logs') ? page([row]) : shell()));
    renderOutbox('/email-log');
    expect(await screen.findByTestId('staff-layout')).toBeTruthy();
    expect(await screen.findByText('Please sign: Lease agreement')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Email log' })).toBeTruthy();
    expect(screen.getByText('document.sent')).toBeTruthy();
    const logCalls = calls.filter((c) => c.url.startsWith('/api/email-logs'));
    expect(logCalls[0]?.url).toBe('/api/email-logs?page=1&limit=20');
    expect(logCalls[0]?.headers.authorization).toBe('Bearer admin-token');
    expect(calls.some((c) => c.url.startsWith('/api/outbox'))).toBe(false);
  });

  it('shows cards instead of the wide table on a phone; a card opens the mail', async () => {
    signInAsAdmin();
    const wide = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...wide(query),
      matches: query.includes('max-width: 48em'),
    }));
    installFetch(({ url }) =>
      url.startsWith('/api/email-logs/m1')
        ? json(200, { success: true, data: { ...row, redacted: true, html: '<p>Hi</p>', text: 'Hi' } })
        : url.startsWith('/api/email-logs')
          ? page([row])
          : shell(),
    );
    renderOutbox('/email-log');
    const card = await screen.findByTestId('outbox-card');
    expect(card.textContent).toContain('Please sign: Lease agreement');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(card);
    expect(await screen.findByTestId('outbox-redacted-notice')).toBeTruthy();
  });

  it('shows a redacted mail with the notice, its error and attempts', async () => {
    signInAsAdmin();
    const failed = { ...row, status: 'FAILED', attempts: 6, retries: 5, error: '550 mailbox unavailable' };
    installFetch(({ url }) =>
      url.startsWith('/api/email-logs/m1')
        ? json(200, {
            success: true,
            data: {
              ...failed,
              redacted: true,
              html: '<p>Open [redacted link]</p>',
              text: 'Open [redacted link]',
            },
          })
        : url.startsWith('/api/email-logs')
          ? page([failed])
          : shell(),
    );
    renderOutbox('/email-log');
    expect(await screen.findByText('Error: 550 mailbox unavailable')).toBeTruthy();
    expect(screen.getByText('Instance SMTP · 5 retries')).toBeTruthy();
    fireEvent.click(screen.getByRole('row', { name: /Open message/ }));
    expect(await screen.findByTestId('outbox-redacted-notice')).toBeTruthy();
    expect(screen.getByText('6 attempts')).toBeTruthy();
    const frame = (await screen.findByTitle('Message preview')) as HTMLIFrameElement;
    expect(frame.getAttribute('srcdoc')).toContain('[redacted link]');
  });

  it('shows no body for a mail without a redacted copy', async () => {
    signInAsAdmin();
    installFetch(({ url }) =>
      url.startsWith('/api/email-logs/m1')
        ? json(200, { success: true, data: { ...row, redacted: true, html: null, text: null } })
        : url.startsWith('/api/email-logs')
          ? page([row])
          : shell(),
    );
    renderOutbox('/email-log');
    fireEvent.click(await screen.findByRole('row', { name: /Open message/ }));
    expect(await screen.findByTestId('outbox-no-body')).toBeTruthy();
    expect(screen.queryByTitle('Message preview')).toBeNull();
  });

  it('shows the template, retries and transport, and filters by template', async () => {
    signInAsAdmin();
    const mailing = {
      ...row,
      _id: 'm2',
      subject: 'Welcome Jane',
      kind: 'entity.email',
      template: 'Welcome tenant',
      template_id: 'a1b2c3d4-0000-4000-8000-000000000009',
      attempts: 3,
      retries: 2,
      transport: 'company',
    };
    const templates = {
      data: [{ _id: mailing.template_id, name: 'Welcome tenant' }],
      total: 1,
      page: 1,
      total_pages: 1,
    };
    const calls = installFetch(({ url }) =>
      url.startsWith('/api/email-logs')
        ? page([row, mailing])
        : url.startsWith('/api/email-template/list')
          ? json(200, { success: true, data: templates })
          : shell(),
    );
    renderOutbox('/email-log');
    expect(await screen.findByText('Signing request')).toBeTruthy();
    expect(screen.getAllByText('Welcome tenant').length).toBeGreaterThan(0);
    expect(screen.getByText("Company's SMTP · 2 retries")).toBeTruthy();
    expect(screen.getByText('Instance SMTP')).toBeTruthy();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Filter by template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Welcome tenant' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes(`template_id=${mailing.template_id}`))).toBe(true),
    );
  });

  it('filters by status', async () => {
    signInAsAdmin();
    const calls = installFetch(({ url }) => (url.startsWith('/api/email-logs') ? page([row]) : shell()));
    renderOutbox('/email-log');
    await screen.findByText('Please sign: Lease agreement');
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'FAILED' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/email-logs?page=1&limit=20&status=FAILED')).toBe(true),
    );
  });
});

describe('OutboxPage', () => {
  it("lists the operator's messages and opens one in a sandboxed frame", async () => {
    const calls = installFetch(({ url }) =>
      url.startsWith('/api/outbox/m1')
        ? json(200, {
            success: true,
            data: {
              ...row,
              redacted: false,
              html: '<p>Hello <b>Ada</b></p><script>alert(1)</script>',
              text: 'Hello Ada',
            },
          })
        : page([row]),
    );
    renderOutbox('/outbox?key=secret-123');
    expect(await screen.findByText('Please sign: Lease agreement')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('1-1 of 1')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/outbox?page=1&limit=20');

    fireEvent.click(screen.getByRole('row', { name: /Open message/ }));
    const frame = (await screen.findByTitle('Message preview')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<b>Ada</b>');
    expect(screen.queryByTestId('outbox-redacted-notice')).toBeNull();
    expect(calls.some((c) => c.url === '/api/outbox/m1')).toBe(true);
  });

  it('shows the public layout when signed out and an empty state', async () => {
    installFetch(() => page([]));
    renderOutbox('/outbox?key=secret-123');
    expect(await screen.findByText('The outbox is empty')).toBeTruthy();
    expect(screen.getByTestId('public-layout')).toBeTruthy();
  });

  it('takes the operator key from ?key=, keeps it in sessionStorage and removes it from the address', async () => {
    const calls = installFetch(() => page([row]));
    const router = renderOutbox('/outbox?key=secret-123');
    await screen.findByText('Please sign: Lease agreement');
    expect(calls[0]?.headers['x-outbox-key']).toBe('secret-123');
    expect(sessionStorage.getItem(OUTBOX_KEY_STORAGE)).toBe('secret-123');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('explains how to get in on 401', async () => {
    installFetch(() => json(401, { success: false, message: 'Unauthorized' }));
    renderOutbox();
    expect((await screen.findByTestId('outbox-unauthorised')).textContent).toBe(OUTBOX_UNAUTHORISED_MESSAGE);
    expect(OUTBOX_UNAUTHORISED_MESSAGE).toContain('Sign in as a workspace owner or admin');
  });

  it('shows other failures with a retry', async () => {
    installFetch(() => json(404, { success: false, message: 'Route not found' }));
    renderOutbox();
    expect(await screen.findByText('Could not load the email log')).toBeTruthy();
    expect(screen.getByText('Route not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('outbox calls with an operator key', () => {
  it('never refresh the session over a wrong key', async () => {
    const { setRefreshHandler, resetApiClient } = await import('../../shared/api/api-client');
    sessionStore.setState({
      tokens: { access_token: 'admin-token', refresh_token: 'r' },
      user: { _id: 'u' },
    });
    const refresh = vi.fn(async () => ({ access_token: 'new', refresh_token: 'r2' }));
    setRefreshHandler(refresh);
    // The staff shell's own calls (profile, workspaces) succeed; only the outbox refuses the key.
    installFetch(({ url }) =>
      url.startsWith('/api/outbox')
        ? json(401, { success: false, message: 'Invalid outbox key' })
        : json(404, { success: false, message: 'Route not found' }),
    );
    renderOutbox('/outbox?key=wrong');
    expect(await screen.findByTestId('outbox-unauthorised')).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
    expect(sessionStore.getState().tokens?.access_token).toBe('admin-token');
    resetApiClient();
  });
});
