import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_CREATED_EVENT,
  type TAppNotification,
  type TNotificationCreatedEvent,
} from '@esigns/contracts/notifications';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@esigns/contracts/settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { settleJobs } from './test-helpers';
import { seedCompany, seedUser, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { caller, keysOf } from '../documents/test-helpers';
import { eventually } from '../signing/test-helpers';
import { notifyUsers, type NotifyUsersInput } from './notify';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Notices' });
  other = await seedCompany(t, { name: 'Other Notices' });
});
afterAll(async () => {
  // Let the mail and push jobs this file queued finish before the database closes.
  await settleJobs(t);
  await t.close();
});

async function notify(input: Partial<NotifyUsersInput> & { userIds: NotifyUsersInput['userIds'] }) {
  return t.platform.database.db.transaction((tx) =>
    notifyUsers(t.platform, tx, {
      companyId: acme.companyId,
      type: 'DOCUMENT',
      event: 'document.signed',
      title: `Notice ${randomUUID().slice(0, 6)}`,
      choice: null,
      ...input,
    }),
  );
}

const list = async (who: SeededUser, query = '') => {
  const res = await call('GET', `/api/app-notifications/fetchAllAppNotifications${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    data: TAppNotification[];
    total: number;
    page: number;
    total_pages: number;
    unread_count: number;
  };
};

describe('the notification centre (app-notifications)', () => {
  let owner: SeededUser;
  let ids: string[] = [];

  beforeAll(async () => {
    owner = acme.users.OWNER;
    ids = [
      ...(await notify({ userIds: [owner.userId], title: 'first', link: '/emp-documents/custom/x' })),
      ...(await notify({ userIds: [owner.userId, owner.userId, null], title: 'second' })),
      ...(await notify({
        userIds: [owner.userId],
        type: 'WORKFLOW',
        event: 'workflow.done',
        title: 'third',
      })),
    ];
    await notify({ userIds: [acme.users.MEMBER.userId], title: 'for the member' });
    await notify({ companyId: other.companyId, userIds: [other.users.OWNER.userId], title: 'elsewhere' });
  });

  it("lists the caller's own notifications, newest first, with the unread count", async () => {
    expect(ids).toHaveLength(3);
    const page = await list(owner);
    expect(page.total).toBe(3);
    expect(page.unread_count).toBe(3);
    expect(page.data.map((n) => n.title)).toEqual(['third', 'second', 'first']);
    expect(page.data[2]).toMatchObject({
      type: 'DOCUMENT',
      event: 'document.signed',
      link: '/emp-documents/custom/x',
      is_read: false,
      read_at: null,
    });
    const member = await list(acme.users.MEMBER);
    expect(member.data.map((n) => n.title)).toEqual(['for the member']);
  });

  it('filters by type and read state, and pages (non-numeric page/limit: 1 and 5)', async () => {
    const docs = await list(owner, '?type=DOCUMENT');
    expect(docs.data.map((n) => n.title)).toEqual(['second', 'first']);
    expect(docs.unread_count).toBe(2);
    const paged = await list(owner, '?page=2&limit=2');
    expect(paged).toMatchObject({ total: 3, page: 2, total_pages: 2 });
    expect(paged.data.map((n) => n.title)).toEqual(['first']);
    const fallback = await list(owner, '?page=abc&limit=xyz');
    expect(fallback).toMatchObject({ page: 1, total_pages: 1 });
    expect(fallback.data).toHaveLength(3);
    expect((await list(owner, '?status=read')).data).toHaveLength(0);
    expect((await list(owner, '?status=unread')).data).toHaveLength(3);
  });

  it.each([
    ['?type=nope', 'querystring.type'],
    ['?status=maybe', 'querystring.status'],
  ])('refuses a bad filter %s with 422', async (query, key) => {
    const res = await call('GET', `/api/app-notifications/fetchAllAppNotifications${query}`, owner);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toContain(key);
  });

  it('counts the unread ones in all and per type', async () => {
    const res = await call('GET', '/api/app-notifications/fetchUnreadNotificationsCount', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unread_count: 3, by_type: { DOCUMENT: 2, WORKFLOW: 1 } });
  });

  it("marks one read and unread again; only the caller's own (else 404)", async () => {
    const id = ids[0]!;
    const read = await call('POST', `/api/app-notifications/update_data/${id}`, owner, {});
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ _id: id, is_read: true });
    const firstReadAt = read.json().data.read_at as string;
    const again = await call('POST', `/api/app-notifications/update_data/${id}`, owner, { is_read: true });
    expect(again.json().data.read_at).toBe(firstReadAt);
    expect((await list(owner, '?status=read')).data.map((n) => n._id)).toEqual([id]);

    const unread = await call('POST', `/api/app-notifications/update_data/${id}`, owner, { is_read: false });
    expect(unread.json().data).toMatchObject({ is_read: false, read_at: null });

    for (const who of [acme.users.MEMBER, acme.users.ADMIN, other.users.OWNER]) {
      const res = await call('POST', `/api/app-notifications/update_data/${id}`, who, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Notification not found');
    }
    for (const bad of ['not-a-uuid', randomUUID()]) {
      expect((await call('POST', `/api/app-notifications/update_data/${bad}`, owner, {})).statusCode).toBe(
        404,
      );
    }
    const wrongType = await call('POST', `/api/app-notifications/update_data/${id}`, owner, {
      is_read: 'yes',
    });
    expect(wrongType.statusCode).toBe(422);
    expect(keysOf(wrongType)).toContain('is_read');
    const extra = await call('POST', `/api/app-notifications/update_data/${id}`, owner, { other: 1 });
    expect(extra.statusCode).toBe(422);
  });

  it('marks all read, of one type or every type; repeating it changes nothing', async () => {
    const docs = await call('GET', '/api/app-notifications/markAllNotificationsAsRead?type=DOCUMENT', owner);
    expect(docs.statusCode, docs.body).toBe(200);
    expect(docs.json().data).toEqual({ updated: 2, unread_count: 1 });
    const again = await call('GET', '/api/app-notifications/markAllNotificationsAsRead?type=DOCUMENT', owner);
    expect(again.json().data).toEqual({ updated: 0, unread_count: 1 });
    const bad = await call('GET', '/api/app-notifications/markAllNotificationsAsRead?type=lower', owner);
    expect(bad.statusCode).toBe(422);
    const all = await call('GET', '/api/app-notifications/markAllNotificationsAsRead', owner);
    expect(all.json().data).toEqual({ updated: 1, unread_count: 0 });
    // Nobody else's were touched.
    expect((await list(acme.users.MEMBER)).unread_count).toBe(1);
    expect((await list(other.users.OWNER)).unread_count).toBe(1);
  });

  it('needs a session', async () => {
    for (const url of [
      '/api/app-notifications/fetchAllAppNotifications',
      '/api/app-notifications/fetchUnreadNotificationsCount',
      '/api/app-notifications/markAllNotificationsAsRead',
      '/api/user-status',
    ]) {
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    expect(
      (await call('POST', `/api/app-notifications/update_data/${ids[0]}`, undefined, {})).statusCode,
    ).toBe(401);
  });
});

describe('notifyUsers', () => {
  it('honours the in-app choice of each user', async () => {
    const manager = acme.users.MANAGER;
    const events = structuredClone(DEFAULT_NOTIFICATION_SETTINGS.events);
    events.document_viewed.in_app = false;
    const saved = await call('POST', '/api/notifications', manager, { events });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await notify({
      userIds: [manager.userId, acme.users.ADMIN.userId],
      event: 'document.viewed',
      choice: 'document_viewed',
    });
    expect(created).toHaveLength(1);
    expect((await list(manager)).total).toBe(0);
    expect((await list(acme.users.ADMIN)).total).toBe(1);
    // Choices that are off for one event leave the others alone; null means always.
    expect(await notify({ userIds: [manager.userId], choice: 'document_signed' })).toHaveLength(1);
    expect(await notify({ userIds: [manager.userId], choice: null })).toHaveLength(1);
  });

  it('skips users outside the workspace, or notifies them in their own (outsiders: home)', async () => {
    const outsider = other.users.MEMBER;
    const loner = await seedUser(t, 'loner');
    expect(await notify({ userIds: [outsider.userId, loner.userId] })).toHaveLength(0);
    const ids = await notify({
      userIds: [outsider.userId, loner.userId],
      outsiders: 'home',
      title: 'from acme',
    });
    expect(ids).toHaveLength(1);
    expect((await list(outsider)).data.map((n) => n.title)).toContain('from acme');
  });

  it("pushes notification.created to the user's room after the commit, with the counts", async () => {
    const admin = acme.users.ADMIN;
    const emit = vi.spyOn(t.platform.realtime, 'emitToUser');
    try {
      const [id] = await notify({ userIds: [admin.userId], title: 'live' });
      const call = await eventually(
        async () =>
          emit.mock.calls.find(
            ([, event, payload]) =>
              event === NOTIFICATION_CREATED_EVENT &&
              (payload as TNotificationCreatedEvent).notification._id === id,
          ),
        'the push',
      );
      const payload = call[2] as TNotificationCreatedEvent;
      expect(call[0]).toBe(admin.userId);
      expect(payload).toMatchObject({ company_id: acme.companyId, unread_count: 2, unopened_count: 2 });
      expect(payload.notification.title).toBe('live');
    } finally {
      emit.mockRestore();
    }
  });

  it('creates nothing and pushes nothing when the transaction rolls back', async () => {
    const before = (await list(acme.users.ADMIN)).total;
    await expect(
      t.platform.database.db.transaction(async (tx) => {
        await notifyUsers(t.platform, tx, {
          companyId: acme.companyId,
          userIds: [acme.users.ADMIN.userId],
          type: 'DOCUMENT',
          event: 'document.signed',
          title: 'rolled back',
          choice: null,
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await list(acme.users.ADMIN)).total).toBe(before);
  });
});

describe('user-status', () => {
  it('counts what came since the last opening; a marker sent as 1 resets it to 0', async () => {
    const who = acme.users.MEMBER;
    const first = await call('GET', '/api/user-status', who);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      notificationCountUnOpened: 1,
      chatCountUnOpened: 0,
      notification_last_open_date: null,
      chat_last_open_date: null,
    });
    const opened = await call('POST', '/api/user-status', who, { notification_last_open_date: 1 });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.notificationCountUnOpened).toBe(0);
    expect(opened.json().data.notification_last_open_date).toEqual(expect.any(String));
    expect(opened.json().data.chat_last_open_date).toBeNull();

    await notify({ userIds: [who.userId], title: 'after opening' });
    expect((await call('GET', '/api/user-status', who)).json().data.notificationCountUnOpened).toBe(1);
    // Another user's counters are their own.
    expect(
      (await call('GET', '/api/user-status', acme.users.OWNER)).json().data.notificationCountUnOpened,
    ).toBe(3);

    const chat = await call('POST', '/api/user-status', who, { chat_last_open_date: 1 });
    expect(chat.json().data).toMatchObject({ notificationCountUnOpened: 1, chatCountUnOpened: 0 });
    expect(chat.json().data.chat_last_open_date).toEqual(expect.any(String));
  });

  it.each([
    [{}, 'notification_last_open_date'],
    [{ notification_last_open_date: 2 }, 'notification_last_open_date'],
    [{ notification_last_open_date: '1' }, 'notification_last_open_date'],
    [{ chat_last_open_date: true }, 'chat_last_open_date'],
    [{ notification_last_open_date: 1, other: 1 }, ''],
  ])('refuses %j with 422', async (body, key) => {
    const res = await call('POST', '/api/user-status', acme.users.MEMBER, body);
    expect(res.statusCode).toBe(422);
    if (key) expect(keysOf(res)).toContain(key);
  });
});
