import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRecentNote } from '@esigns/contracts/document-notes';
import { DEFAULT_PERMISSIONS } from '@esigns/contracts/permissions';
import { resetApiClient } from '../../shared/api/api-client';
import { sessionStore } from '../../shared/session/session-store';
import { fail, installFakeApi, ok, seedStaffSession } from '../../shared/testing/fake-api';
import { renderRoute } from '../documents/documents-test-utils';
import { makePermissionOverview, paged } from '../team/team-test-utils';
import { makeCheckIn, makeStats } from './dashboard-test-utils';

type FakeSocket = { anyHandlers: ((event: string, ...args: unknown[]) => void)[] };
const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const fake = {
      anyHandlers: [] as FakeSocket['anyHandlers'],
      onAny(fn: FakeSocket['anyHandlers'][number]) {
        this.anyHandlers.push(fn);
      },
      offAny(fn: FakeSocket['anyHandlers'][number]) {
        this.anyHandlers = this.anyHandlers.filter((h) => h !== fn);
      },
      disconnect: () => {},
    };
    sockets.push(fake);
    return fake;
  },
}));

const { DashboardScreen } = await import('./dashboard-screen');
const { RecentNotes } = await import('./recent-notes');
const { DashboardLiveUpdates } = await import('./dashboard-live');
const { stopRealtime } = await import('../../shared/realtime/socket');

const NOTES = '/api/all-documents/recent-notes';

function makeNote(overrides: Partial<TRecentNote> = {}): TRecentNote {
  return {
    _id: 'n0000000-0000-4000-8000-000000000001',
    employee_document_id: 'd0000000-0000-4000-8000-000000000001',
    note: 'Called the buyer, signs tomorrow',
    author: { _id: 'u2', name: 'Priya Shah', email: 'priya@example.com' },
    is_mine: false,
    edited: false,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    document: { _id: 'd0000000-0000-4000-8000-000000000001', name: 'Lease 12B', status: 'WAITING' },
    ...overrides,
  };
}

beforeEach(() => {
  seedStaffSession();
  sockets.length = 0;
});
afterEach(() => {
  cleanup();
  stopRealtime();
  sessionStore.clear();
  resetApiClient();
  vi.unstubAllGlobals();
});

describe('RecentNotes', () => {
  it('lists the newest notes, each linking to its document screen, and pages to older ones', async () => {
    const first = makeNote();
    const mine = makeNote({
      _id: 'n0000000-0000-4000-8000-000000000002',
      note: 'Sent the corrected rent',
      is_mine: true,
      edited: true,
      document: { _id: 'd0000000-0000-4000-8000-000000000002', name: 'NDA Globex', status: 'COMPLETED' },
    });
    const older = makeNote({
      _id: 'n0000000-0000-4000-8000-000000000003',
      note: 'First draft agreed',
      author: null,
      document: { _id: 'd0000000-0000-4000-8000-000000000003', name: 'Old deal', status: 'VOIDED' },
    });
    const api = installFakeApi((call) => {
      if (call.path !== NOTES) return undefined;
      return call.url.includes('page=2')
        ? ok({ data: [older], total: 3, page: 2, total_pages: 2 })
        : ok({ data: [first, mine], total: 3, page: 1, total_pages: 2 });
    });
    renderRoute(<RecentNotes />, '/', '/');
    const rows = await screen.findAllByTestId('recent-note');
    expect(api.callsTo(NOTES)[0]?.url).toContain('limit=5');
    expect(within(rows[0]!).getByRole('link', { name: 'Lease 12B' }).getAttribute('href')).toBe(
      `/emp-documents/custom/${first.document._id}`,
    );
    expect(rows[0]!.textContent).toContain('Called the buyer, signs tomorrow');
    expect(rows[0]!.textContent).toContain('Priya Shah · ');
    expect(within(rows[0]!).getByText('Waiting')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('You · ');
    expect(rows[1]!.textContent).toContain('· edited');

    fireEvent.click(screen.getByRole('button', { name: 'Show older notes' }));
    expect(await screen.findByText('First draft agreed')).toBeTruthy();
    expect(api.callsTo(NOTES).at(-1)?.url).toContain('page=2');
    const all = screen.getAllByTestId('recent-note');
    expect(all).toHaveLength(3);
    expect(all[2]!.textContent).toContain('A former member');
    expect(within(all[2]!).getByRole('link').getAttribute('href')).toBe(
      `/emp-documents/custom/${older.document._id}`,
    );
    expect(screen.queryByRole('button', { name: 'Show older notes' })).toBeNull();
  });

  it('explains an empty list, and shows the error with a retry', async () => {
    installFakeApi((call) => (call.path === NOTES ? ok(paged([])) : undefined));
    renderRoute(<RecentNotes />, '/', '/');
    expect(await screen.findByText(/No notes yet/)).toBeTruthy();
    cleanup();

    let down = true;
    const api = installFakeApi((call) =>
      call.path === NOTES ? (down ? fail(500, 'Notes are down') : ok(paged([makeNote()]))) : undefined,
    );
    renderRoute(<RecentNotes />, '/', '/');
    expect(await screen.findByText('Notes are down', {}, { timeout: 5000 })).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('recent-note')).toBeTruthy();
    expect(api.callsTo(NOTES).length).toBeGreaterThan(1);
  });

  it('refreshes when a note is added or edited in the workspace, without reloading the counts', async () => {
    let notes = [makeNote()];
    const api = installFakeApi((call) => {
      if (call.path === NOTES) return ok(paged(notes));
      if (call.path === '/api/all-document-stats') return ok(makeStats());
      return undefined;
    });
    renderRoute(
      <>
        <DashboardLiveUpdates />
        <RecentNotes />
      </>,
      '/',
      '/',
    );
    expect(await screen.findAllByTestId('recent-note')).toHaveLength(1);
    notes = [
      makeNote({ _id: 'n0000000-0000-4000-8000-000000000009', note: 'Buyer signed on paper' }),
      ...notes,
    ];
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    act(() => {
      for (const handler of sockets.at(-1)!.anyHandlers) {
        handler('document.note_added', { document_id: 'd1', note_id: 'n9', by: 'u2' });
      }
    });
    expect(await screen.findByText('Buyer signed on paper')).toBeTruthy();
    expect(api.callsTo(NOTES)).toHaveLength(2);
    expect(api.callsTo('/api/all-document-stats')).toHaveLength(0);
  });
});

describe('the dashboard', () => {
  const dashboard = (permissions: readonly string[]) =>
    installFakeApi((call) => {
      if (call.path === '/api/permissions')
        return ok(makePermissionOverview('MEMBER', 'BUSINESS', permissions));
      if (call.path === '/api/dashboard-stats-settings') return ok({ cards: [] });
      if (call.path === '/api/all-document-stats') return ok(makeStats());
      if (call.path === '/api/all-documents/recent-activities') {
        return ok({ data: [], unread_count: 0, has_more: false, last_open_at: null });
      }
      if (call.path === '/api/getCalender/calender') return ok({ from: '', to: '', events: [] });
      if (call.path === '/api/entities-data/fetchCheckin') return ok(makeCheckIn());
      if (call.path === NOTES) return ok(paged([makeNote()]));
      return undefined;
    });

  it('shows the recent notes panel to those who may read notes', async () => {
    dashboard([...DEFAULT_PERMISSIONS.MEMBER, 'documents:notes']);
    renderRoute(<DashboardScreen />, '/dashboard', '/dashboard');
    const panel = await screen.findByTestId('recent-notes');
    expect(await within(panel).findByRole('link', { name: 'Lease 12B' })).toBeTruthy();
  });

  it('leaves it out without documents:notes (a MEMBER by default)', async () => {
    const api = dashboard(DEFAULT_PERMISSIONS.MEMBER);
    renderRoute(<DashboardScreen />, '/dashboard', '/dashboard');
    // "New document" shows once the permissions have loaded: the panel stays out, its call unmade.
    expect(await screen.findByRole('link', { name: /New document/ })).toBeTruthy();
    expect(screen.queryByTestId('recent-notes')).toBeNull();
    expect(api.callsTo(NOTES)).toHaveLength(0);
  });
});
