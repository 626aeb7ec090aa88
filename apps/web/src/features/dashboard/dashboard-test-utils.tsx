import type { TActivity, TCalendarEvent, TCheckInStatus, TDocumentStats } from '@esigns/contracts/dashboard';
import type { TRecentNote } from '@esigns/contracts/document-notes';
import { makeNote } from '../document-lists/document-lists-test-utils';

export const TODAY = '2026-05-14';

export function makeStats(overrides: Partial<TDocumentStats> = {}): TDocumentStats {
  const points = Array.from({ length: 7 }, (_, i) => ({
    date: `2026-05-${String(8 + i).padStart(2, '0')}`,
    sent: i % 3,
    completed: i % 2,
  }));
  return {
    waiting_for_me: 2,
    waiting_for_others: 15,
    completed: 20,
    drafts: 3,
    expiring_soon: 1,
    declined: 4,
    rejected: 0,
    voided: 1,
    expired: 0,
    archived: 5,
    total: 46,
    expiring_window_days: 2,
    series: {
      days: 7,
      from: '2026-05-08',
      to: '2026-05-14',
      total_sent: points.reduce((s, p) => s + p.sent, 0),
      total_completed: points.reduce((s, p) => s + p.completed, 0),
      points,
    },
    ...overrides,
  };
}

export function makeActivity(overrides: Partial<TActivity> = {}): TActivity {
  return {
    _id: 'a0000000-0000-4000-8000-000000000001',
    action: 'recipient.signed',
    kind: 'signed',
    message: 'Priya Shah signed "Lease 12B"',
    actor: { name: 'Priya Shah', email: 'priya@example.com' },
    is_me: false,
    document: { _id: 'd0000000-0000-4000-8000-000000000001', name: 'Lease 12B', status: 'WAITING' },
    link: '/emp-documents/custom/d0000000-0000-4000-8000-000000000001',
    created_at: new Date().toISOString(),
    is_unread: false,
    ...overrides,
  };
}

/** A colleague's note on "Lease 12B", written just now. */
export function makeRecentNote(overrides: Partial<TRecentNote> = {}): TRecentNote {
  const now = new Date().toISOString();
  return {
    ...makeNote({
      _id: 'n0000000-0000-4000-8000-000000000001',
      employee_document_id: 'd0000000-0000-4000-8000-000000000001',
      note: 'Called the buyer, signs tomorrow',
      author: { _id: 'u2', name: 'Priya Shah', email: 'priya@example.com' },
      is_mine: false,
      created_at: now,
      updated_at: now,
    }),
    document: { _id: 'd0000000-0000-4000-8000-000000000001', name: 'Lease 12B', status: 'WAITING' },
    ...overrides,
  };
}

export function makeCalendarEvent(overrides: Partial<TCalendarEvent> = {}): TCalendarEvent {
  return {
    _id: 'DOCUMENT_EXPIRES:d1',
    type: 'DOCUMENT_EXPIRES',
    date: '2026-05-20T10:00:00.000Z',
    title: 'Lease 12B',
    description: 'Expires unless everyone finishes',
    link: '/emp-documents/custom/d1',
    document_id: 'd1',
    request_id: null,
    status: 'WAITING',
    ...overrides,
  };
}

export function makeCheckIn(overrides: Partial<TCheckInStatus> = {}): TCheckInStatus {
  return {
    today: TODAY,
    state: 'NOT_CHECKED_IN',
    sessions: [],
    worked_minutes_today: 0,
    last_7_days: Array.from({ length: 7 }, (_, i) => ({
      day: `2026-05-${String(14 - i).padStart(2, '0')}`,
      first_check_in_at: null,
      last_check_out_at: null,
      worked_minutes: i === 1 ? 480 : 0,
      sessions: i === 1 ? 1 : 0,
      is_open: false,
    })),
    ...overrides,
  };
}
