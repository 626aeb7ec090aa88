import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCalendarReply } from '@esigns/contracts/dashboard';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { contacts } from '../contacts/schema';
import { documentRequests } from '../documents/schema';
import { dashboardCaller, revokePermissions, seedDocument } from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof dashboardCaller>;
const at = (iso: string) => new Date(iso);
const ids: Record<string, string> = {};

async function requestDue(company: SeededCompany, by: SeededUser, cardType: string, dueAt: string) {
  const db = t.platform.database.db;
  const [contact] = await db
    .insert(contacts)
    .values({
      companyId: company.companyId,
      email: `${cardType.replace(/\W/g, '')}@example.com`,
      firstName: 'Ravi',
    })
    .returning();
  const [row] = await db
    .insert(documentRequests)
    .values({
      companyId: company.companyId,
      contactId: contact!.id,
      cardType,
      requestedBy: by.userId,
      dueAt: at(dueAt),
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  call = dashboardCaller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  const { OWNER: owner, MEMBER: member } = acme.users;
  const seed = (input: Parameters<typeof seedDocument>[2]) => seedDocument(t, acme, input);
  ids.lease = (
    await seed({
      name: 'Lease',
      status: 'WAITING',
      sender: owner,
      sentAt: at('2026-05-03T10:00:00Z'),
      expiresAt: at('2026-05-20T10:00:00Z'),
      settings: { reminder_every_days: 3 },
      recipients: [{ email: 'a@example.com' }, { email: 'cc@example.com', userType: 'CC' }],
    })
  ).id;
  ids.sale = (
    await seed({
      name: 'Sale deed',
      status: 'COMPLETED',
      sender: owner,
      sentAt: at('2026-04-28T09:00:00Z'),
      completedAt: at('2026-05-04T02:00:00Z'),
    })
  ).id;
  ids.reminded = (
    await seed({
      name: 'Reminded',
      status: 'WAITING',
      sender: owner,
      sentAt: at('2026-04-20T08:00:00Z'),
      settings: { reminder_every_days: 2, expire_after_days: null },
      recipients: [
        { email: 'b@example.com', lastRemindedAt: at('2026-05-08T08:00:00Z') },
        { email: 'c@example.com', status: 'PENDING', sentAt: null },
        { email: 'd@example.com', status: 'SIGNED' },
      ],
    })
  ).id;
  // No reminders set, and a reminder that would fall after the expiry: neither is an event.
  await seed({
    name: 'Quiet',
    status: 'WAITING',
    sender: owner,
    sentAt: at('2026-03-01T08:00:00Z'),
    settings: { reminder_every_days: null },
    recipients: [{ email: 'e@example.com' }],
  });
  await seed({
    name: 'Ends first',
    status: 'WAITING',
    sender: owner,
    sentAt: at('2026-03-01T08:00:00Z'),
    expiresAt: at('2026-04-30T08:00:00Z'),
    settings: { reminder_every_days: 60 },
    recipients: [{ email: 'f@example.com' }],
  });
  await seed({
    name: 'Archived',
    status: 'WAITING',
    sender: owner,
    sentAt: at('2026-05-05T08:00:00Z'),
    archivedAt: at('2026-05-06T08:00:00Z'),
  });
  ids.memberDoc = (
    await seed({
      name: 'Member offer',
      status: 'WAITING',
      sender: member,
      sentAt: at('2026-05-10T12:00:00Z'),
      expiresAt: at('2026-06-15T12:00:00Z'),
    })
  ).id;
  ids.pan = await requestDue(acme, owner, 'PAN card', '2026-05-15T00:00:00Z');
  ids.aadhaar = await requestDue(acme, member, 'Aadhaar', '2026-05-16T00:00:00Z');
  await seedDocument(t, other, {
    name: 'Elsewhere',
    status: 'WAITING',
    sender: other.users.OWNER,
    sentAt: at('2026-05-03T10:00:00Z'),
  });
});
afterAll(async () => {
  await t.close();
});

async function calendarOf(who: SeededUser, body: object, usertimezone = '0'): Promise<TCalendarReply> {
  const res = await call('POST', '/api/getCalender/calender', who, body, { usertimezone });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TCalendarReply;
}

const brief = (reply: TCalendarReply) =>
  reply.events.map((e) => `${e.date.slice(0, 10)} ${e.type} ${e.title}`);

describe('POST /getCalender/calender', () => {
  it("lists the month's dated events of what the OWNER sees, oldest first", async () => {
    const may = await calendarOf(acme.users.OWNER, { from: '2026-05-01', to: '2026-05-31' });
    expect(may).toMatchObject({ from: '2026-05-01T00:00:00.000Z', to: '2026-06-01T00:00:00.000Z' });
    expect(brief(may)).toEqual([
      '2026-05-03 DOCUMENT_SENT Lease',
      '2026-05-04 DOCUMENT_COMPLETED Sale deed',
      '2026-05-06 REMINDER_DUE Lease',
      '2026-05-10 REMINDER_DUE Reminded',
      '2026-05-10 DOCUMENT_SENT Member offer',
      '2026-05-15 REQUEST_DUE PAN card from Ravi',
      '2026-05-16 REQUEST_DUE Aadhaar from Ravi',
      '2026-05-20 DOCUMENT_EXPIRES Lease',
    ]);
    const lease = may.events.find((e) => e.type === 'REMINDER_DUE' && e.document_id === ids.lease);
    expect(lease).toMatchObject({
      _id: `REMINDER_DUE:${ids.lease}`,
      date: '2026-05-06T10:00:00.000Z',
      description: 'Next reminder to 1 recipient',
      link: `/emp-documents/custom/${ids.lease}`,
      status: 'WAITING',
      request_id: null,
    });
    const pan = may.events.find((e) => e.request_id === ids.pan);
    expect(pan).toMatchObject({
      type: 'REQUEST_DUE',
      description: 'Requested document due',
      link: `/request-documents/${ids.pan}/edit`,
      document_id: null,
    });
  });

  it('takes days in the caller time zone, and date-times as they are', async () => {
    // New York in May (UTC-4, offset 240): May 4 runs 04:00Z May 4 to 04:00Z May 5.
    const ny = await calendarOf(acme.users.OWNER, { from: '2026-05-04', to: '2026-05-04' }, '240');
    expect(ny).toMatchObject({ from: '2026-05-04T04:00:00.000Z', to: '2026-05-05T04:00:00.000Z' });
    expect(ny.events).toEqual([]);
    const utc = await calendarOf(acme.users.OWNER, { from: '2026-05-04', to: '2026-05-04' });
    expect(brief(utc)).toEqual(['2026-05-04 DOCUMENT_COMPLETED Sale deed']);
    const exact = await calendarOf(acme.users.OWNER, {
      from: '2026-05-03T09:00:00Z',
      to: '2026-05-03T11:00:00+00:00',
    });
    expect(brief(exact)).toEqual(['2026-05-03 DOCUMENT_SENT Lease']);
  });

  it('shows a MEMBER only their documents and their requests', async () => {
    const may = await calendarOf(acme.users.MEMBER, { from: '2026-05-01', to: '2026-06-30' });
    expect(brief(may)).toEqual([
      '2026-05-10 DOCUMENT_SENT Member offer',
      '2026-05-16 REQUEST_DUE Aadhaar from Ravi',
      '2026-06-15 DOCUMENT_EXPIRES Member offer',
    ]);
  });

  it("keeps each company's events to itself", async () => {
    const may = await calendarOf(other.users.OWNER, { from: '2026-05-01', to: '2026-05-31' });
    expect(brief(may)).toEqual(['2026-05-03 DOCUMENT_SENT Elsewhere']);
  });

  it('accepts 92 days', async () => {
    await calendarOf(acme.users.OWNER, { from: '2026-01-01', to: '2026-04-02' });
  });

  it.each([
    [{}, 'from'],
    [{ from: '2026-05-01' }, 'to'],
    [{ from: 'nope', to: '2026-05-31' }, 'from'],
    [{ from: 2026, to: '2026-05-31' }, 'from'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ from: '2026-05-31', to: '2026-05-01' }, 'to'],
    [{ from: '2026-01-01', to: '2026-04-03' }, 'to'],
    [{ from: '2026-05-01T10:00:00Z', to: '2026-05-01T10:00:00Z' }, 'to'],
  ])('refuses %j with 422 on %s', async (body, key) => {
    const res = await call('POST', '/api/getCalender/calender', acme.users.OWNER, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details[0].key).toBe(key);
  });

  it('needs a session and entity-data:view', async () => {
    const body = { from: '2026-05-01', to: '2026-05-31' };
    expect((await call('POST', '/api/getCalender/calender', undefined, body)).statusCode).toBe(401);
    const locked = await seedCompany(t, { name: 'Locked' });
    await revokePermissions(t, locked.companyId, 'MEMBER', ['entity-data:view']);
    const res = await call('POST', '/api/getCalender/calender', locked.users.MEMBER, body);
    expect(res.statusCode).toBe(403);
  });
});
