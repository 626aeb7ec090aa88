import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { contacts } from '../contacts/schema';
import { caller, keysOf, mailsTo, uniqueEmail } from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

async function contactOf(companyId: string, email = uniqueEmail('contact'), userId?: string) {
  const [row] = await t.platform.database.db
    .insert(contacts)
    .values({ companyId, email, firstName: 'Priya', lastName: 'Contact', ...(userId ? { userId } : {}) })
    .returning();
  return row!;
}

describe('request documents', () => {
  it('asks a contact for a card, mails them, lists by card type, reads and edits it', async () => {
    const contact = await contactOf(acme.companyId);
    const res = await call('POST', '/api/request-documents', acme.users.MANAGER, {
      contact_id: contact.id,
      card_type: 'PAN card',
      message: 'For the sale deed',
      due_at: '2030-01-31T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().data;
    expect(request).toMatchObject({
      card_type: 'PAN card',
      message: 'For the sale deed',
      status: 'REQUESTED',
      contact: { _id: contact.id, email: contact.email },
      requested_by: { _id: acme.users.MANAGER.userId },
      due_at: '2030-01-31T00:00:00.000Z',
      file: null,
    });
    const [mail] = await mailsTo(t, contact.email);
    expect(mail).toMatchObject({ kind: 'document.requested', companyId: acme.companyId });
    expect(mail!.subject).toContain('PAN card');
    expect(mail!.html).toContain(
      `http://localhost:3000/company-documents/requested/${request._id}/execute?token=`,
    );

    await call('POST', '/api/request-documents', acme.users.MANAGER, {
      contact_id: contact.id,
      card_type: 'Aadhaar',
    });
    const pan = await call('GET', '/api/request-documents-list/PAN%20card', acme.users.MANAGER);
    expect(pan.json().data).toMatchObject({ total: 1, page: 1 });
    const all = await call('GET', '/api/request-documents-list/all?limit=1', acme.users.MANAGER);
    expect(all.json().data).toMatchObject({ total: 2, total_pages: 2 });
    const searched = await call(
      'GET',
      `/api/request-documents-list/all?search=${encodeURIComponent(contact.email)}`,
      acme.users.MANAGER,
    );
    expect(searched.json().data.total).toBe(2);

    const one = await call('GET', `/api/request-documents/${request._id}`, acme.users.MANAGER);
    expect(one.json().data._id).toBe(request._id);
    const patched = await call('PATCH', `/api/request-documents/${request._id}`, acme.users.MANAGER, {
      status: 'APPROVED',
      due_at: null,
    });
    expect(patched.json().data).toMatchObject({ status: 'APPROVED', due_at: null });
  });

  it('refuses bad input, unknown and foreign ids, and a MEMBER without the permission', async () => {
    const contact = await contactOf(acme.companyId);
    const bad = await call('POST', '/api/request-documents', acme.users.OWNER, {
      contact_id: contact.id,
      card_type: '',
      due_at: 'tomorrow',
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad).sort()).toEqual(['card_type', 'due_at']);
    const foreignContact = await contactOf(other.companyId);
    const foreign = await call('POST', '/api/request-documents', acme.users.OWNER, {
      contact_id: foreignContact.id,
      card_type: 'PAN card',
    });
    expect(foreign.statusCode).toBe(404);
    const created = await call('POST', '/api/request-documents', acme.users.OWNER, {
      contact_id: contact.id,
      card_type: 'PAN card',
    });
    const id = created.json().data._id;
    expect((await call('GET', `/api/request-documents/${id}`, other.users.OWNER)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/request-documents/${id}`, other.users.OWNER, { message: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/request-documents/nope', acme.users.OWNER)).statusCode).toBe(404);
    const badStatus = await call('PATCH', `/api/request-documents/${id}`, acme.users.OWNER, {
      status: 'LOST',
    });
    expect(keysOf(badStatus)).toEqual(['status']);
    expect(
      (
        await call('POST', '/api/request-documents', acme.users.MEMBER, {
          contact_id: contact.id,
          card_type: 'X',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/request-documents-list/all', acme.users.MEMBER)).statusCode).toBe(403);
    const otherList = await call('GET', '/api/request-documents-list/all', other.users.OWNER);
    expect(otherList.json().data.total).toBe(0);
  });

  it('lists the requests addressed to the caller as a contact', async () => {
    const me = acme.users.MEMBER;
    const sameEmail = await contactOf(acme.companyId, me.email);
    const linked = await contactOf(acme.companyId, uniqueEmail('linked'), me.userId);
    const someoneElse = await contactOf(acme.companyId);
    await call('POST', '/api/request-documents', acme.users.OWNER, {
      contact_id: someoneElse.id,
      card_type: 'Other',
    });
    await call('POST', '/api/request-documents', acme.users.OWNER, {
      contact_id: sameEmail.id,
      card_type: 'PAN card',
    });
    await call('POST', '/api/request-documents', acme.users.OWNER, {
      contact_id: linked.id,
      card_type: 'Voter ID',
    });
    const res = await call('GET', '/api/employee-document-requests', me);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.data.map((r: { card_type: string }) => r.card_type)
        .sort(),
    ).toEqual(['PAN card', 'Voter ID']);
    expect((await call('GET', '/api/employee-document-requests', other.users.OWNER)).json().data.total).toBe(
      0,
    );
  });
});
