import type {
  TCalendarReply,
  TCheckInResult,
  TCheckInStatus,
  TDocumentStats,
  TRecentActivities,
} from '@esigns/contracts/dashboard';
import type { TRecentNote } from '@esigns/contracts/document-notes';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';
import { workspaceIdOf, type SessionState } from '../../shared/session/session-store';

/**
 * Query keys of the dashboard, under one root so that a realtime document event can refresh
 * them all at once. They carry the user and workspace: a switch never shows another's numbers.
 */
export const DASHBOARD_KEYS = {
  all: ['dashboard'] as const,
  scope: (session: SessionState) => ['dashboard', session.user?._id ?? null, workspaceIdOf(session)] as const,
  stats: (session: SessionState, days: number) => [...DASHBOARD_KEYS.scope(session), 'stats', days] as const,
  activities: (session: SessionState) => [...DASHBOARD_KEYS.scope(session), 'activities'] as const,
  notes: (session: SessionState) => [...DASHBOARD_KEYS.scope(session), 'notes'] as const,
  calendar: (session: SessionState, from: string, to: string) =>
    [...DASHBOARD_KEYS.scope(session), 'calendar', from, to] as const,
  checkIn: (session: SessionState) => [...DASHBOARD_KEYS.scope(session), 'check-in'] as const,
};

export async function fetchDocumentStats(days: number, signal?: AbortSignal): Promise<TDocumentStats> {
  return (await api.get<TDocumentStats>('/all-document-stats', { days }, { signal })).data;
}

export const ACTIVITIES_PAGE_SIZE = 8;

export async function fetchRecentActivities(
  before: string | undefined,
  signal?: AbortSignal,
): Promise<TRecentActivities> {
  return (
    await api.get<TRecentActivities>(
      '/all-documents/recent-activities',
      { limit: ACTIVITIES_PAGE_SIZE, before },
      { signal },
    )
  ).data;
}

export async function markActivitiesSeen(): Promise<{ unread_count: number; last_open_at: string }> {
  return (
    await api.post<{ unread_count: number; last_open_at: string }>(
      '/all-documents/recent-activities/seen',
      {},
    )
  ).data;
}

export const NOTES_PAGE_SIZE = 5;

/** `GET /all-documents/recent-notes`: the newest notes on the documents the caller sees. */
export async function fetchRecentNotes(page: number, signal?: AbortSignal): Promise<TPaged<TRecentNote>> {
  return (
    await api.get<TPaged<TRecentNote>>(
      '/all-documents/recent-notes',
      { page, limit: NOTES_PAGE_SIZE },
      { signal },
    )
  ).data;
}

/** `from` and `to` are local days (YYYY-MM-DD), both included. */
export async function fetchCalendar(from: string, to: string, signal?: AbortSignal): Promise<TCalendarReply> {
  return (await api.post<TCalendarReply>('/getCalender/calender', { from, to }, { signal })).data;
}

export async function fetchCheckIn(signal?: AbortSignal): Promise<TCheckInStatus> {
  return (await api.get<TCheckInStatus>('/entities-data/fetchCheckin', undefined, { signal })).data;
}

export async function recordCheckIn(action: 'check_in' | 'check_out'): Promise<TCheckInResult> {
  return (await api.post<TCheckInResult>('/entities-data/createSigninTime', { action })).data;
}
