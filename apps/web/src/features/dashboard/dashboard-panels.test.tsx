import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDefaultDateFormat } from '../../shared/format/date';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderRoute } from '../documents/documents-test-utils';
import { CalendarPanel } from './calendar-panel';
import { CheckInCard } from './check-in-card';
import { paged } from '../team/team-test-utils';
import {
  makeActivity,
  makeCalendarEvent,
  makeCheckIn,
  makeRecentNote,
  makeStats,
  TODAY,
} from './dashboard-test-utils';
import { RecentActivities } from './recent-activities';
import { RecentNotes } from './recent-notes';
import { SentCompletedChart } from './sent-completed-chart';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const ACTIVITIES = '/api/all-documents/recent-activities';

staffSessionPerTest();

describe('RecentActivities', () => {
  it('badges unread activity, marks it seen after a moment and keeps it highlighted', async () => {
    const signed = makeActivity({ is_unread: true });
    const sent = makeActivity({
      _id: 'a0000000-0000-4000-8000-000000000002',
      action: 'document.sent',
      kind: 'sent',
      message: 'You sent "Lease 12B"',
      is_me: true,
    });
    const api = installFakeApi((call) => {
      if (call.path === ACTIVITIES) {
        const marked = api.callsTo(`${ACTIVITIES}/seen`).length > 0;
        return ok({
          data: [{ ...signed, is_unread: !marked }, sent],
          unread_count: marked ? 0 : 1,
          has_more: false,
          last_open_at: null,
        });
      }
      if (call.path === `${ACTIVITIES}/seen`) {
        return ok({ unread_count: 0, last_open_at: new Date().toISOString() });
      }
      return undefined;
    });
    renderRoute(<RecentActivities />, '/', '/');
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Priya Shah signed "Lease 12B"'),
      expect.stringContaining('You sent "Lease 12B"'),
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(signed.link);
    expect(rows[0]!.dataset.new).toBe('true');
    expect(rows[1]!.dataset.new).toBeUndefined();
    expect(screen.getByTestId('activities-unread').textContent).toBe('1');

    await waitFor(() => expect(api.callsTo(`${ACTIVITIES}/seen`, 'POST')).toHaveLength(1), { timeout: 4000 });
    await waitFor(() => expect(screen.queryByTestId('activities-unread')).toBeNull());
    expect(screen.getByText('1 new since your last visit')).toBeTruthy();
    expect(screen.getAllByTestId('activity-row')[0]!.dataset.new).toBe('true');
  });

  it('pages to older activity and explains an empty list', async () => {
    const first = makeActivity();
    const older = makeActivity({ _id: 'a0000000-0000-4000-8000-000000000009', message: 'You sent "NDA"' });
    const api = installFakeApi((call) => {
      if (call.path !== ACTIVITIES) return undefined;
      return call.url.includes('before=')
        ? ok({ data: [older], unread_count: 0, has_more: false, last_open_at: null })
        : ok({ data: [first], unread_count: 0, has_more: true, last_open_at: null });
    });
    renderRoute(<RecentActivities />, '/', '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Show older activity' }));
    expect(await screen.findByText('You sent "NDA"')).toBeTruthy();
    expect(api.callsTo(ACTIVITIES).at(-1)?.url).toContain(`before=${first._id}`);
    expect(screen.queryByRole('button', { name: 'Show older activity' })).toBeNull();
    expect(api.callsTo(`${ACTIVITIES}/seen`)).toHaveLength(0);

    cleanup();
    installFakeApi((call) =>
      call.path === ACTIVITIES
        ? ok({ data: [], unread_count: 0, has_more: false, last_open_at: null })
        : undefined,
    );
    renderRoute(<RecentActivities />, '/', '/');
    expect(await screen.findByText(/Nothing has happened on your documents yet/)).toBeTruthy();
  });
});

describe('CheckInCard', () => {
  it('checks in and out with an explicit action and shows the times', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/entities-data/fetchCheckin') return ok(makeCheckIn());
      if (call.path === '/api/entities-data/createSigninTime') {
        const action = (call.body as { action: string }).action;
        const session = {
          _id: 's1',
          check_in_at: '2026-05-14T03:30:00.000Z',
          check_out_at: action === 'check_out' ? '2026-05-14T12:00:00.000Z' : null,
          minutes: action === 'check_out' ? 510 : null,
        };
        return ok({
          ...makeCheckIn({
            state: action === 'check_in' ? 'CHECKED_IN' : 'CHECKED_OUT',
            sessions: [session],
            worked_minutes_today: session.minutes ?? 0,
          }),
          result: action === 'check_in' ? 'CHECKED_IN' : 'CHECKED_OUT',
        });
      }
      return undefined;
    });
    renderRoute(<CheckInCard />, '/', '/');
    expect((await screen.findByTestId('check-in-state')).textContent).toBe('Not checked in');
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(screen.getByTestId('check-in-state').textContent).toBe('Checked in'));
    expect(api.callsTo('/api/entities-data/createSigninTime', 'POST')[0]?.body).toEqual({
      action: 'check_in',
    });
    expect(screen.getByText(/In since/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(screen.getByTestId('check-in-state').textContent).toBe('Checked out'));
    expect(api.callsTo('/api/entities-data/createSigninTime', 'POST')[1]?.body).toEqual({
      action: 'check_out',
    });
    expect(screen.getByText('8h 30m')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check in again' })).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    installFakeApi((call) => {
      if (call.path === '/api/entities-data/fetchCheckin') return ok(makeCheckIn({ state: 'CHECKED_IN' }));
      if (call.path === '/api/entities-data/createSigninTime')
        return fail(409, 'You have not checked in today');
      return undefined;
    });
    renderRoute(<CheckInCard />, '/', '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('You have not checked in today')).toBeTruthy();
  });
});

describe('CalendarPanel', () => {
  it("shows the month's events, a day's list, and moves between months", async () => {
    const api = installFakeApi((call) => {
      if (call.path !== '/api/getCalender/calender') return undefined;
      const { from } = call.body as { from: string };
      return ok({
        from,
        to: '',
        events:
          from === '2026-04-26'
            ? [
                makeCalendarEvent(),
                makeCalendarEvent({
                  _id: 'DOCUMENT_SENT:d2',
                  type: 'DOCUMENT_SENT',
                  date: '2026-05-14T09:00:00',
                  title: 'NDA',
                  description: 'Sent for signature',
                  link: '/emp-documents/custom/d2',
                }),
              ]
            : [],
      });
    });
    renderRoute(<CalendarPanel today={TODAY} />, '/', '/');
    expect(screen.getByTestId('calendar-month').textContent).toBe('May 2026');
    await waitFor(() =>
      expect(api.callsTo('/api/getCalender/calender')[0]?.body).toEqual({
        from: '2026-04-26',
        to: '2026-06-06',
      }),
    );
    const day = await screen.findByTestId('calendar-day');
    await waitFor(() => expect(within(day).getByText('NDA')).toBeTruthy());
    expect(within(day).getByRole('link', { name: 'NDA' }).getAttribute('href')).toBe(
      '/emp-documents/custom/d2',
    );
    expect(screen.getByTestId('day-2026-05-20').getAttribute('aria-label')).toMatch(/1 event$/);

    fireEvent.click(screen.getByTestId('day-2026-05-20'));
    expect(within(screen.getByTestId('calendar-day')).getByText('Lease 12B')).toBeTruthy();
    expect(within(screen.getByTestId('calendar-day')).getByText('Expires')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByTestId('calendar-month').textContent).toBe('June 2026');
    await waitFor(() =>
      expect(api.callsTo('/api/getCalender/calender').at(-1)?.body).toEqual({
        from: '2026-05-31',
        to: '2026-07-04',
      }),
    );
    expect(await screen.findByText('Nothing due, sent or completed on this day.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByTestId('calendar-month').textContent).toBe('April 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('calendar-month').textContent).toBe('May 2026');
  });
});

describe('SentCompletedChart', () => {
  it('draws two bars a day with a read-out on hover', () => {
    const { series } = makeStats();
    renderRoute(<SentCompletedChart points={series.points} />, '/', '/');
    const chart = screen.getByTestId('sent-completed-chart');
    // A bar per series per day, plus a hover target per day.
    expect(chart.querySelectorAll('g > rect')).toHaveLength(14);
    const targets = chart.querySelectorAll('rect[fill="transparent"]');
    fireEvent.mouseEnter(targets[2]!);
    const tooltip = screen.getByTestId('chart-tooltip');
    expect(tooltip.textContent).toContain('05-10-2026');
    expect(tooltip.textContent).toContain('Sent: 2');
    expect(tooltip.textContent).toContain('Completed: 0');
    expect(screen.getByRole('table', { hidden: true })).toBeTruthy();
  });

  it('draws lines for long ranges', () => {
    const points = Array.from({ length: 90 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      sent: i % 4,
      completed: i % 3,
    }));
    renderRoute(<SentCompletedChart points={points} />, '/', '/');
    const chart = screen.getByTestId('sent-completed-chart');
    expect(chart.querySelectorAll('path')).toHaveLength(3);
    expect(chart.querySelectorAll('g > rect')).toHaveLength(0);
  });
});

const NOTES = '/api/all-documents/recent-notes';

describe('RecentNotes', () => {
  it('lists the newest notes, each linking to its document screen, and pages to older ones', async () => {
    const first = makeRecentNote();
    const mine = makeRecentNote({
      _id: 'n0000000-0000-4000-8000-000000000002',
      note: 'Sent the corrected rent',
      is_mine: true,
      edited: true,
      document: { _id: 'd0000000-0000-4000-8000-000000000002', name: 'NDA Globex', status: 'COMPLETED' },
    });
    const older = makeRecentNote({
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
      call.path === NOTES ? (down ? fail(500, 'Notes are down') : ok(paged([makeRecentNote()]))) : undefined,
    );
    renderRoute(<RecentNotes />, '/', '/');
    expect(await screen.findByText('Notes are down', {}, { timeout: 5000 })).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('recent-note')).toBeTruthy();
    expect(api.callsTo(NOTES).length).toBeGreaterThan(1);
  });
});

describe("dashboard dates in the user's format", () => {
  afterEach(() => setDefaultDateFormat(null));

  it("labels the chart's days, the calendar's day and its times in the user's date format, 24-hour", async () => {
    setDefaultDateFormat('DD-MM-YYYY');
    const { series } = makeStats();
    renderRoute(<SentCompletedChart points={series.points} />, '/', '/');
    const labels = [...screen.getByTestId('sent-completed-chart').querySelectorAll('text')].map(
      (t) => t.textContent,
    );
    expect(labels).toContain('08-05-2026');
    cleanup();

    installFakeApi((call) =>
      call.path === '/api/getCalender/calender'
        ? ok({
            from: '',
            to: '',
            events: [makeCalendarEvent({ date: '2026-05-14T15:00:00', description: 'Sent for signature' })],
          })
        : undefined,
    );
    renderRoute(<CalendarPanel today={TODAY} />, '/', '/');
    const day = await screen.findByTestId('calendar-day');
    expect(within(day).getByText('Thursday, 14-05-2026')).toBeTruthy();
    await waitFor(() => expect(within(day).getByText('Sent for signature · 15:00')).toBeTruthy());
  });

  it('writes check-in times 24-hour and the day in the user’s date format', async () => {
    setDefaultDateFormat('DD-MM-YYYY');
    const at = new Date(2026, 4, 14, 15, 30).toISOString();
    installFakeApi((call) =>
      call.path === '/api/entities-data/fetchCheckin'
        ? ok(
            makeCheckIn({
              state: 'CHECKED_IN',
              sessions: [{ _id: 's1', check_in_at: at, check_out_at: null, minutes: null }],
            }),
          )
        : undefined,
    );
    renderRoute(<CheckInCard />, '/', '/');
    expect(await screen.findByText('In since 15:30')).toBeTruthy();
    expect(screen.getByText('Thursday, 14-05-2026')).toBeTruthy();
  });
});
