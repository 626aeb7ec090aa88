import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDashboardStatsSettings } from '@esigns/contracts/settings';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderRoute } from '../documents/documents-test-utils';
import { paged, withPermissions } from '../team/team-test-utils';
import { makeCheckIn, makeRecentNote, makeStats } from './dashboard-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { fakeSockets as sockets } from '../../shared/testing/fake-socket';

vi.mock('socket.io-client', async () => (await import('../../shared/testing/fake-socket')).fakeSocketIo);

const { DashboardScreen } = await import('./dashboard-screen');

const NOTES = '/api/all-documents/recent-notes';

function server(
  options: {
    cards?: TDashboardStatsSettings | null;
    next?: FakeHandler;
    userType?: 'OWNER' | 'MANAGER' | 'MEMBER';
  } = {},
): FakeHandler {
  return withPermissions(options.userType ?? 'OWNER', async (call) => {
    const answer = await options.next?.(call);
    if (answer) return answer;
    if (call.path === '/api/dashboard-stats-settings') {
      return options.cards === null ? fail(500, 'Settings are down') : ok(options.cards ?? { cards: [] });
    }
    if (call.path === '/api/all-document-stats') return ok(makeStats());
    if (call.path === '/api/all-documents/recent-activities') {
      return ok({ data: [], unread_count: 0, has_more: false, last_open_at: null });
    }
    if (call.path === '/api/getCalender/calender') return ok({ from: '', to: '', events: [] });
    if (call.path === '/api/entities-data/fetchCheckin') return ok(makeCheckIn());
    if (call.path === NOTES) return ok(paged([]));
    return undefined;
  });
}

const renderDashboard = () => renderRoute(<DashboardScreen />, '/dashboard', '/dashboard');

staffSessionPerTest();
beforeEach(() => {
  sockets.length = 0;
});

describe('DashboardScreen', () => {
  it('shows the chosen cards in their order, each opening its list', async () => {
    installFakeApi(server({ cards: { cards: ['completed', 'waiting-for-me', 'expiring-soon'] } }));
    renderDashboard();
    const cards = await screen.findByTestId('stat-cards');
    await waitFor(() => expect(within(cards).getAllByRole('link')).toHaveLength(3));
    const links = within(cards).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Completed: 20',
      'Waiting for me: 2',
      'Expiring soon: 1',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/documents/all?status=completed',
      '/documents/all?status=waiting-for-me',
      '/documents/all?status=waiting-for-others&sort=expires_at',
    ]);
    expect(within(cards).getByText('Expire within 2 days')).toBeTruthy();
    expect(screen.queryByTestId('stat-drafts')).toBeNull();
    expect(screen.getByRole('link', { name: /Customise/ }).getAttribute('href')).toBe(
      '/profilesettings/dashboard-settings',
    );
    expect(await screen.findByRole('link', { name: /New document/ })).toBeTruthy();
    const chart = screen.getByTestId('sent-completed-chart');
    expect(chart.getAttribute('aria-label')).toBe(
      'Documents sent and completed per day: 6 sent, 3 completed',
    );
  });

  it('falls back on the default cards when the settings cannot be read', async () => {
    installFakeApi(server({ cards: null }));
    renderDashboard();
    expect(await screen.findByTestId('stat-waiting-for-others')).toBeTruthy();
    expect(screen.getByTestId('stat-drafts')).toBeTruthy();
    expect(screen.queryByTestId('stat-declined')).toBeNull();
  });

  it("shows the server's message when the numbers cannot be read", async () => {
    installFakeApi(
      server({
        next: (call) =>
          call.path === '/api/all-document-stats'
            ? fail(403, 'You do not have permission to do this (dashboards:view)')
            : undefined,
      }),
    );
    renderDashboard();
    expect(await screen.findByText('You do not have permission to do this (dashboards:view)')).toBeTruthy();
    expect(screen.getByText('The chart could not be loaded.')).toBeTruthy();
  });

  it('asks for another range of the chart', async () => {
    const api = installFakeApi(server());
    renderDashboard();
    await screen.findByTestId('sent-completed-chart');
    expect(api.callsTo('/api/all-document-stats')[0]?.url).toContain('days=30');
    fireEvent.click(screen.getByText('7 days'));
    await waitFor(() => expect(api.callsTo('/api/all-document-stats').at(-1)?.url).toContain('days=7'));
  });

  it('refreshes its numbers when a document event arrives over the socket', async () => {
    let completed = 20;
    const api = installFakeApi(
      server({
        cards: { cards: ['completed'] },
        next: (call) => (call.path === '/api/all-document-stats' ? ok(makeStats({ completed })) : undefined),
      }),
    );
    renderDashboard();
    expect((await screen.findByTestId('stat-completed-count')).textContent).toBe('20');
    const before = api.callsTo('/api/all-document-stats').length;
    completed = 21;
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    act(() => {
      for (const handler of sockets.at(-1)!.anyHandlers) handler('document.completed', { document_id: 'd1' });
    });
    await waitFor(() => expect(screen.getByTestId('stat-completed-count').textContent).toBe('21'));
    expect(api.callsTo('/api/all-document-stats').length).toBe(before + 1);
    expect(api.callsTo('/api/all-documents/recent-activities').length).toBeGreaterThan(1);
  });

  it('shows the recent notes to those who may read notes, and follows note events live', async () => {
    let notes = [makeRecentNote()];
    const api = installFakeApi(
      server({ next: (call) => (call.path === NOTES ? ok(paged(notes)) : undefined) }),
    );
    renderDashboard();
    const panel = await screen.findByTestId('recent-notes');
    expect(await within(panel).findByRole('link', { name: 'Lease 12B' })).toBeTruthy();
    const stats = api.callsTo('/api/all-document-stats').length;
    notes = [
      makeRecentNote({ _id: 'n0000000-0000-4000-8000-000000000009', note: 'Buyer signed on paper' }),
      ...notes,
    ];
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    act(() => {
      for (const handler of sockets.at(-1)!.anyHandlers) {
        handler('document.note_added', { document_id: 'd1', note_id: 'n9', by: 'u2' });
      }
    });
    expect(await within(panel).findByText('Buyer signed on paper')).toBeTruthy();
    expect(api.callsTo(NOTES)).toHaveLength(2);
    // A note changes no count: the numbers are not fetched again.
    expect(api.callsTo('/api/all-document-stats')).toHaveLength(stats);
  });

  it("says whose documents the counts cover: the company's for a manager, their own for a member", async () => {
    installFakeApi(server({ userType: 'MANAGER' }));
    renderDashboard();
    expect(await screen.findByText(/Here is where the company's documents stand\./)).toBeTruthy();
    cleanup();
    installFakeApi(server({ userType: 'MEMBER' }));
    renderDashboard();
    expect(await screen.findByText(/Here is where your documents stand\./)).toBeTruthy();
  });

  it('leaves the recent notes out without documents:notes (a MEMBER by default)', async () => {
    const api = installFakeApi(server({ userType: 'MEMBER' }));
    renderDashboard();
    // "New document" shows once the permissions have loaded: the panel stays out, its call unmade.
    expect(await screen.findByRole('link', { name: /New document/ })).toBeTruthy();
    expect(screen.queryByTestId('recent-notes')).toBeNull();
    expect(api.callsTo(NOTES)).toHaveLength(0);
  });
});
