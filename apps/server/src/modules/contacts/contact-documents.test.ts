import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContact, TContactDocument } from '@esigns/contracts/contacts';
import type { TDocumentStatus, TRecipientStatus } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { documentUsers, employeeDocuments } from '../documents/schema';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Docs Co' });
  other = await seedCompany(t, { name: 'Other Docs Co' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who?: SeededUser) =>
  t.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });

async function createContact(who: SeededUser, email: string): Promise<TContact> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contacts',
    payload: { email, first_name: 'Doc' },
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let minute = 0;
/** A document of `company` sent by `sender`, with recipients (email, contact link, status). */
async function seedDocument(
  company: SeededCompany,
  sender: SeededUser,
  name: string,
  status: TDocumentStatus,
  recipients: { email: string; contactId?: string; status?: TRecipientStatus; userId?: string }[],
): Promise<string> {
  minute += 1;
  const sentAt = status === 'DRAFT' ? null : new Date(Date.UTC(2026, 0, 1, 10, minute));
  const db = t.platform.database.db;
  const [doc] = await db
    .insert(employeeDocuments)
    .values({
      companyId: company.companyId,
      name,
      status,
      file: {} as never,
      pages: [],
      settings: {} as never,
      senderId: sender.userId,
      sentAt,
      completedAt: status === 'COMPLETED' ? sentAt : null,
    })
    .returning({ id: employeeDocuments.id });
  await db.insert(documentUsers).values(
    recipients.map((recipient, index) => ({
      companyId: company.companyId,
      employeeDocumentId: doc!.id,
      key: `r${index}`,
      userType: 'SIGNER' as const,
      email: recipient.email,
      contactId: recipient.contactId ?? null,
      userId: recipient.userId ?? null,
      signingOrder: index + 1,
      status: recipient.status ?? 'SENT',
    })),
  );
  return doc!.id;
}

describe('GET /documents/users/{contact_id}', () => {
  it('lists the documents sent to a contact by link or email, newest first, paged, once each', async () => {
    const contact = await createContact(acme.users.OWNER, 'signer@example.com');
    const owner = acme.users.OWNER;
    const linked = await seedDocument(acme, owner, 'Sale deed', 'WAITING', [
      { email: 'someone@example.com' },
      { email: 'signer@example.com', contactId: contact._id, status: 'VIEWED' },
    ]);
    const byEmail = await seedDocument(acme, owner, 'Lease', 'COMPLETED', [
      { email: 'SIGNER@example.com', status: 'SIGNED' },
    ]);
    const twice = await seedDocument(acme, owner, 'Two roles', 'WAITING', [
      { email: 'signer@example.com', status: 'SIGNED' },
      { email: 'signer@example.com', status: 'SENT' },
    ]);
    await seedDocument(acme, owner, 'A draft', 'DRAFT', [{ email: 'signer@example.com', status: 'PENDING' }]);
    await seedDocument(acme, owner, 'Not theirs', 'WAITING', [{ email: 'else@example.com' }]);
    // The same email in another company is another person.
    await seedDocument(other, other.users.OWNER, 'Elsewhere', 'WAITING', [{ email: 'signer@example.com' }]);

    const res = await get(`/api/documents/users/${contact._id}?limit=10`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 3, page: 1, total_pages: 1 });
    const rows = page.data as TContactDocument[];
    expect(rows.map((row) => row._id)).toEqual([twice, byEmail, linked]);
    expect(rows[0]).toMatchObject({ name: 'Two roles', status: 'WAITING', recipient_status: 'SIGNED' });
    expect(rows[1]).toMatchObject({
      name: 'Lease',
      status: 'COMPLETED',
      recipient_status: 'SIGNED',
      recipient_type: 'SIGNER',
      is_archived: false,
    });
    expect(rows[1]!.sent_at).toMatch(/^2026-01-01T10:/);
    expect(rows[1]!.completed_at).toBe(rows[1]!.sent_at);
    expect(rows[2]).toMatchObject({ name: 'Sale deed', recipient_status: 'VIEWED' });

    const paged = await get(`/api/documents/users/${contact._id}?page=2&limit=2`, owner);
    expect(paged.json().data).toMatchObject({ total: 3, page: 2, total_pages: 2 });
    expect(paged.json().data.data.map((row: TContactDocument) => row._id)).toEqual([linked]);

    const drafts = await get(`/api/documents/users/${contact._id}?status=DRAFT`, owner);
    expect(drafts.json().data.data.map((row: TContactDocument) => row.name)).toEqual(['A draft']);
    const completed = await get(`/api/documents/users/${contact._id}?status=COMPLETED`, owner);
    expect(completed.json().data.total).toBe(1);
    expect((await get(`/api/documents/users/${contact._id}?status=SIGNED`, owner)).statusCode).toBe(422);
  });

  it('answers an empty page for a contact without documents', async () => {
    const contact = await createContact(acme.users.OWNER, `nobody-${randomUUID().slice(0, 6)}@example.com`);
    const res = await get(`/api/documents/users/${contact._id}`, acme.users.MEMBER);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ data: [], total: 0, page: 1, total_pages: 0 });
  });

  it('shows a MEMBER (no documents:view-all) only documents they sent or take part in', async () => {
    const company = await seedCompany(t, { name: 'Visibility Co' });
    const contact = await createContact(company.users.OWNER, 'client@example.com');
    const member = company.users.MEMBER;
    await seedDocument(company, company.users.OWNER, 'Owner sent', 'WAITING', [
      { email: 'client@example.com' },
    ]);
    await seedDocument(company, member, 'Member sent', 'WAITING', [{ email: 'client@example.com' }]);
    await seedDocument(company, company.users.ADMIN, 'Member signs too', 'WAITING', [
      { email: 'client@example.com' },
      { email: member.email, userId: member.userId },
    ]);
    const asMember = await get(`/api/documents/users/${contact._id}`, member);
    expect(asMember.json().data.data.map((row: TContactDocument) => row.name)).toEqual([
      'Member signs too',
      'Member sent',
    ]);
    const asAdmin = await get(`/api/documents/users/${contact._id}`, company.users.ADMIN);
    expect(asAdmin.json().data.total).toBe(3);
  });

  it("answers 404 for unknown and another company's contacts, 401 without a session", async () => {
    const foreign = await createContact(other.users.OWNER, 'foreign@example.com');
    expect((await get(`/api/documents/users/${foreign._id}`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await get(`/api/documents/users/${randomUUID()}`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await get('/api/documents/users/not-an-id', acme.users.OWNER)).statusCode).toBe(404);
    expect((await get(`/api/documents/users/${foreign._id}`)).statusCode).toBe(401);
  });
});
