import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAppNotification, TNotificationCreatedEvent } from '@esigns/contracts/notifications';
import { fakeSockets as sockets } from '../../shared/testing/fake-socket';

vi.mock('socket.io-client', async () => (await import('../../shared/testing/fake-socket')).fakeSocketIo);

const { installFakeApi, ok } = await import('../../shared/testing/fake-api');
const { staffSessionPerTest } = await import('../../shared/testing/test-session');
const { renderWithProviders } = await import('../../shared/testing/render-with-providers');
const { NotificationBell } = await import('./notification-bell');

const DOC_ID = 'd0c00000-0000-4000-8000-000000000001';

/** Yesterday at `hour` o'clock local time, whatever the time of day the tests run at. */
function yesterdayAt(hour: number): string {
  const day = new Date();
  day.setDate(day.getDate() - 1);
  day.setHours(hour, 0, 0, 0);
  return day.toISOString();
}

function makeNotification(overrides: Partial<TAppNotification>): TAppNotification {
  return {
    _id: crypto.randomUUID(),
    type: 'DOCUMENT',
    event: 'document.signed',
    title: 'Someone signed',
    body: '',
    link: `/emp-documents/custom/${DOC_ID}`,
    data: { document_id: DOC_ID },
    is_read: false,
    read_at: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

/** An in-memory notification centre behind the fake API. */
function installCentre(initial: TAppNotification[], unopened: number) {
  const state = { items: [...initial], unopened };
  const unreadOf = (type?: string) =>
    state.items.filter((n) => !n.is_read && (!type || n.type === type)).length;
  const fake = installFakeApi((call) => {
    const query = new URL(call.url, 'http://x').searchParams;
    if (call.path === '/api/user-status' && call.method === 'GET') {
      return ok({
        notificationCountUnOpened: state.unopened,
        chatCountUnOpened: 0,
        notification_last_open_date: null,
        chat_last_open_date: null,
      });
    }
    if (call.path === '/api/user-status' && call.method === 'POST') {
      state.unopened = 0;
      return ok({
        notificationCountUnOpened: 0,
        chatCountUnOpened: 0,
        notification_last_open_date: new Date().toISOString(),
        chat_last_open_date: null,
      });
    }
    if (call.path === '/api/app-notifications/fetchAllAppNotifications') {
      const type = query.get('type');
      const status = query.get('status');
      const rows = state.items.filter(
        (n) =>
          (!type || n.type === type) &&
          (status !== 'unread' || !n.is_read) &&
          (status !== 'read' || n.is_read),
      );
      return ok({
        data: rows,
        total: rows.length,
        page: 1,
        total_pages: 1,
        unread_count: unreadOf(type ?? undefined),
      });
    }
    if (call.path === '/api/app-notifications/fetchUnreadNotificationsCount') {
      const byType: Record<string, number> = {};
      for (const n of state.items) if (!n.is_read) byType[n.type] = (byType[n.type] ?? 0) + 1;
      return ok({ unread_count: unreadOf(), by_type: byType });
    }
    if (call.path === '/api/app-notifications/markAllNotificationsAsRead') {
      const type = query.get('type');
      let updated = 0;
      for (const n of state.items) {
        if (!n.is_read && (!type || n.type === type)) {
          n.is_read = true;
          updated += 1;
        }
      }
      return ok({ updated, unread_count: unreadOf() });
    }
    const match = /^\/api\/app-notifications\/update_data\/(.+)$/.exec(call.path);
    if (match) {
      const row = state.items.find((n) => n._id === match[1])!;
      row.is_read = (call.body as { is_read: boolean }).is_read;
      return ok(row);
    }
    return undefined;
  });
  return { state, fake };
}

function renderBell() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <NotificationBell /> },
      { path: '/emp-documents/custom/:id', element: <div data-testid="document-page" /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

staffSessionPerTest();
beforeEach(() => {
  sockets.length = 0;
});

describe('NotificationBell', () => {
  const today = makeNotification({ title: 'Asha signed "Lease"' });
  const earlier = makeNotification({
    title: 'Ravi viewed "Lease"',
    event: 'document.viewed',
    is_read: true,
    read_at: new Date().toISOString(),
    created_at: yesterdayAt(14),
  });
  const workflow = makeNotification({
    title: 'A workflow finished',
    type: 'WORKFLOW',
    event: 'workflow.done',
    link: null,
    created_at: yesterdayAt(13),
  });

  it('shows the unopened count; opening the panel resets it and lists the notifications by day', async () => {
    const { fake } = installCentre([today, earlier, workflow], 3);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications: 3 new'));

    fireEvent.click(bell());
    const panel = await screen.findByTestId('notification-panel');
    expect(fake.callsTo('/api/user-status', 'POST')[0]?.body).toEqual({ notification_last_open_date: 1 });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));

    const todayGroup = await within(panel).findByRole('region', { name: 'Today' });
    expect(within(todayGroup).getByText('Asha signed "Lease"')).toBeTruthy();
    const yesterday = within(panel).getByRole('region', { name: 'Yesterday' });
    const rows = within(yesterday).getAllByTestId('notification-item');
    expect(rows.map((r) => r.getAttribute('data-unread'))).toEqual(['false', 'true']);
    expect(within(todayGroup).getByTestId('notification-item').getAttribute('data-unread')).toBe('true');
  });

  it('clicking a notification marks it read and opens its page', async () => {
    const { fake } = installCentre([today], 1);
    const router = renderBell();
    fireEvent.click(await waitFor(() => bell()));
    fireEvent.click(await screen.findByRole('button', { name: 'Unread: Asha signed "Lease"' }));
    expect(await screen.findByTestId('document-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/emp-documents/custom/${DOC_ID}`);
    const update = fake.callsTo(`/api/app-notifications/update_data/${today._id}`, 'POST');
    expect(update[0]?.body).toEqual({ is_read: true });
  });

  it('marks all as read (of the chosen type), and filters by read state and type', async () => {
    const { fake } = installCentre(
      [makeNotification({ title: 'doc one' }), makeNotification({ title: 'doc two' }), { ...workflow }],
      0,
    );
    renderBell();
    fireEvent.click(await waitFor(() => bell()));
    const panel = await screen.findByTestId('notification-panel');
    await within(panel).findByText('doc one');

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Type' }), {
      target: { value: 'DOCUMENT' },
    });
    await waitFor(() => expect(within(panel).queryByText('A workflow finished')).toBeNull());
    expect(
      fake.calls.some((c) => c.url.includes('fetchAllAppNotifications') && c.url.includes('type=DOCUMENT')),
    ).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(fake.callsTo('/api/app-notifications/markAllNotificationsAsRead')[0]?.url).toContain(
        'type=DOCUMENT',
      ),
    );
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('notification-item')
          .map((r) => r.getAttribute('data-unread')),
      ).toEqual(['false', 'false']),
    );

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Type' }), { target: { value: '' } });
    fireEvent.click(within(panel).getByText('Unread'));
    await waitFor(() => {
      const items = within(panel).getAllByTestId('notification-item');
      expect(items).toHaveLength(1);
      expect(items[0]!.textContent).toContain('A workflow finished');
    });
  });

  it('updates live when the server pushes a notification of this workspace', async () => {
    const { state } = installCentre([], 0);
    renderBell();
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const fresh = makeNotification({ title: 'Live one' });
    const push = (event: TNotificationCreatedEvent) =>
      act(() => {
        for (const socket of sockets)
          for (const handler of socket.anyHandlers) handler('notification.created', event);
      });

    push({ company_id: 'another-workspace', notification: fresh, unread_count: 1, unopened_count: 5 });
    expect(bell().getAttribute('aria-label')).toBe('Notifications');

    state.items.push(fresh);
    state.unopened = 1;
    push({ company_id: 'c1', notification: fresh, unread_count: 1, unopened_count: 1 });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications: 1 new'));
    fireEvent.click(bell());
    expect(await screen.findByText('Live one')).toBeTruthy();
  });
});
