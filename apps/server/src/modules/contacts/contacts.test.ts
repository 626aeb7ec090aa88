import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContact } from '@esigns/contracts/contacts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { companies } from '../company/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SeededUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(who ? { headers: who.headers } : {}),
  });

const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] => [
  ...new Set(res.json().errors?.details.map((d) => d.key) ?? []),
];

let seq = 0;
const uniqueEmail = (base = 'contact'): string => {
  seq += 1;
  return `${base}${seq}-${randomUUID().slice(0, 6)}@example.com`;
};

async function createContact(who: SeededUser, body: Record<string, unknown> = {}): Promise<TContact> {
  const res = await call('POST', '/api/contacts', who, { email: uniqueEmail(), first_name: 'Asha', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function createType(who: SeededUser, name: string): Promise<{ _id: string; name: string }> {
  const res = await call('POST', '/api/contact-types', who, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('contacts CRUD', () => {
  it('creates, reads, updates (PATCH and POST update) and deletes a contact', async () => {
    const buyer = await createType(acme.users.ADMIN, 'Buyer');
    const created = await call('POST', '/api/contacts', acme.users.MEMBER, {
      email: '  Ravi.Kumar@Example.COM ',
      first_name: ' Ravi ',
      last_name: 'Kumar',
      phone: '+91 98765 43210',
      title: 'Director',
      account_name: 'Kumar Estates',
      contact_type_id: buyer._id,
      address: { city: 'Pune' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const contact = created.json().data;
    expect(contact).toMatchObject({
      email: 'ravi.kumar@example.com',
      first_name: 'Ravi',
      last_name: 'Kumar',
      name: 'Ravi Kumar',
      phone: '+91 98765 43210',
      title: 'Director',
      account_name: 'Kumar Estates',
      contact_type_id: buyer._id,
      contact_type: { _id: buyer._id, name: 'Buyer' },
      address: { city: 'Pune' },
      user_id: null,
      created_by: acme.users.MEMBER.userId,
    });

    const read = await call('GET', `/api/contacts/${contact._id}`, acme.users.MEMBER);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(contact);

    const patched = await call('PATCH', `/api/contacts/${contact._id}`, acme.users.MANAGER, {
      email: 'RAVI@kumar.in',
      contact_type_id: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      email: 'ravi@kumar.in',
      first_name: 'Ravi',
      contact_type: null,
      contact_type_id: null,
    });

    const viaBody = await call('POST', '/api/contacts/update', acme.users.MANAGER, {
      contact_id: contact._id,
      title: 'Partner',
      contact_type_name: 'buyer',
    });
    expect(viaBody.statusCode, viaBody.body).toBe(200);
    expect(viaBody.json().data).toMatchObject({
      title: 'Partner',
      email: 'ravi@kumar.in',
      contact_type: { _id: buyer._id, name: 'Buyer' },
    });

    const deleted = await call('DELETE', `/api/contacts/${contact._id}`, acme.users.MANAGER);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ _id: contact._id });
    expect((await call('GET', `/api/contacts/${contact._id}`, acme.users.MANAGER)).statusCode).toBe(404);
  });

  it('keeps emails unique per company with a clear 409, and allows the same email elsewhere', async () => {
    const email = uniqueEmail('dup');
    await createContact(acme.users.OWNER, { email });
    const clash = await call('POST', '/api/contacts', acme.users.OWNER, {
      email: email.toUpperCase(),
      first_name: 'Again',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error_code: 'CONTACT_EMAIL_EXISTS' });
    expect(clash.json().message).toContain(email);

    const elsewhere = await call('POST', '/api/contacts', other.users.OWNER, { email, first_name: 'Fine' });
    expect(elsewhere.statusCode).toBe(200);

    const second = await createContact(acme.users.OWNER);
    const renamed = await call('PATCH', `/api/contacts/${second._id}`, acme.users.OWNER, { email });
    expect(renamed.statusCode).toBe(409);
    // Saving a contact with its own email is no clash.
    const same = await call('PATCH', `/api/contacts/${second._id}`, acme.users.OWNER, {
      email: second.email,
      first_name: 'Same',
    });
    expect(same.statusCode).toBe(200);
  });

  it.each([
    ['a bad email', { email: 'not-an-email', first_name: 'A' }, ['email']],
    ['a missing email', { first_name: 'A' }, ['email']],
    ['a missing first name', { email: 'x@example.com' }, ['first_name']],
    ['an empty first name', { email: 'x@example.com', first_name: '   ' }, ['first_name']],
    ['a number as email', { email: 42, first_name: 'A' }, ['email']],
    ['a bad phone', { email: 'x@example.com', first_name: 'A', phone: 'call me' }, ['phone']],
    ['a too long title', { email: 'x@example.com', first_name: 'A', title: 'x'.repeat(101) }, ['title']],
    [
      'a bad type id',
      { email: 'x@example.com', first_name: 'A', contact_type_id: 'nope' },
      ['contact_type_id'],
    ],
    [
      'an address that is no object',
      { email: 'x@example.com', first_name: 'A', address: 'Pune' },
      ['address'],
    ],
  ])('refuses %s with 422 keyed by the field', async (_label, body, keys) => {
    const res = await call('POST', '/api/contacts', acme.users.OWNER, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(keysOf(res)).toEqual(keys);
  });

  it('refuses a contact type of another company (422) and an unknown type name without contact-types:create', async () => {
    const foreign = await createType(other.users.OWNER, 'Vendor');
    const res = await call('POST', '/api/contacts', acme.users.OWNER, {
      email: uniqueEmail(),
      first_name: 'A',
      contact_type_id: foreign._id,
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['contact_type_id']);

    // A MEMBER may add contacts but not types: an unknown name is refused...
    const member = await call('POST', '/api/contacts', acme.users.MEMBER, {
      email: uniqueEmail(),
      first_name: 'A',
      contact_type_name: 'Brand new type',
    });
    expect(member.statusCode).toBe(422);
    expect(keysOf(member)).toEqual(['contact_type_name']);
    // ...while an ADMIN creates it on the way.
    const admin = await call('POST', '/api/contacts', acme.users.ADMIN, {
      email: uniqueEmail(),
      first_name: 'A',
      contact_type_name: 'Brand new type',
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.contact_type.name).toBe('Brand new type');
  });

  it('refuses bad updates: nothing to change, bad email, unknown ids', async () => {
    const contact = await createContact(acme.users.OWNER);
    const empty = await call('PATCH', `/api/contacts/${contact._id}`, acme.users.OWNER, {});
    expect(empty.statusCode).toBe(422);
    const bad = await call('PATCH', `/api/contacts/${contact._id}`, acme.users.OWNER, { email: 'bad@' });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['email']);
    const unknown = await call('PATCH', `/api/contacts/${randomUUID()}`, acme.users.OWNER, { title: 'X' });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await call('PATCH', '/api/contacts/not-a-uuid', acme.users.OWNER, { title: 'X' });
    expect(notUuid.statusCode).toBe(404);
    const noId = await call('POST', '/api/contacts/update', acme.users.OWNER, { title: 'X' });
    expect(noId.statusCode).toBe(422);
    expect(keysOf(noId)).toEqual(['contact_id']);
    const badId = await call('POST', '/api/contacts/update', acme.users.OWNER, {
      contact_id: 'x',
      title: 'X',
    });
    expect(keysOf(badId)).toEqual(['contact_id']);
  });

  it("answers 404 for another company's contact on every id route", async () => {
    const foreign = await createContact(other.users.OWNER);
    const id = foreign._id;
    for (const [method, url, body] of [
      ['GET', `/api/contacts/${id}`, undefined],
      ['PATCH', `/api/contacts/${id}`, { title: 'Hacked' }],
      ['POST', '/api/contacts/update', { contact_id: id, title: 'Hacked' }],
      ['DELETE', `/api/contacts/${id}`, undefined],
      ['GET', `/api/documents/users/${id}`, undefined],
    ] as const) {
      const res = await call(method, url, acme.users.OWNER, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = await call('GET', `/api/contacts/${id}`, other.users.OWNER);
    expect(still.json().data.title).toBe('');
  });

  it('checks permissions: a MEMBER may view and add but not change or delete; anonymous is 401', async () => {
    const contact = await createContact(acme.users.MEMBER);
    const del = await call('DELETE', `/api/contacts/${contact._id}`, acme.users.MEMBER);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toContain('contacts:delete');
    expect(
      (await call('PATCH', `/api/contacts/${contact._id}`, acme.users.MEMBER, { title: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/contacts/update', acme.users.MEMBER, { contact_id: contact._id, title: 'X' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/contacts')).statusCode).toBe(401);
    expect((await call('POST', '/api/contacts', undefined, { email: 'bad' })).statusCode).toBe(401);
    expect((await call('GET', `/api/contacts/${contact._id}`, acme.users.MEMBER)).statusCode).toBe(200);
  });
});

describe('contact lists', () => {
  let company: SeededCompany;
  beforeAll(async () => {
    company = await seedCompany(t, { name: 'List Co' });
    const owner = company.users.OWNER;
    const tenant = await createType(owner, 'Tenant');
    await createType(owner, 'Landlord');
    await createContact(owner, {
      email: 'zara@alpha.com',
      first_name: 'Zara',
      last_name: 'Ali',
      account_name: 'Alpha',
      contact_type_id: tenant._id,
    });
    await createContact(owner, {
      email: 'bob@beta.com',
      first_name: 'Bob',
      last_name: 'Brown',
      account_name: 'Beta',
      contact_type_name: 'Landlord',
    });
    await createContact(owner, {
      email: 'amit@alpha.com',
      first_name: 'Amit',
      last_name: 'Shah',
      account_name: 'alpha',
      contact_type_id: tenant._id,
    });
    await createContact(owner, { email: 'percent@gamma.com', first_name: '100%', last_name: 'Sure' });
    await createContact(other.users.OWNER, {
      email: 'zara@alpha.com',
      first_name: 'Zara',
      account_name: 'Alpha',
    });
  });

  const names = (res: { json: () => { data: { data: { first_name: string }[] } } }) =>
    res.json().data.data.map((c) => c.first_name);

  it('pages, sorts and counts only the company contacts', async () => {
    const first = await call('GET', '/api/contacts?page=1&limit=3&sort=name', company.users.MEMBER);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ total: 4, page: 1, total_pages: 2 });
    expect(names(first)).toEqual(['100%', 'Amit', 'Bob']);
    const second = await call('GET', '/api/contacts?page=2&limit=3&sort=name', company.users.MEMBER);
    expect(names(second)).toEqual(['Zara']);
    const desc = await call('GET', '/api/contacts?limit=10&sort=-email', company.users.MEMBER);
    expect(names(desc)).toEqual(['Zara', '100%', 'Bob', 'Amit']);
    const byType = await call('GET', '/api/contacts?limit=10&sort=contact_type', company.users.MEMBER);
    expect(names(byType)).toEqual(['100%', 'Bob', 'Amit', 'Zara']);
    const fallback = await call('GET', '/api/contacts?page=abc&limit=-2', company.users.MEMBER);
    expect(fallback.json().data).toMatchObject({ page: 1, total: 4, total_pages: 1 });
    expect(fallback.json().data.data).toHaveLength(4);
  });

  it('searches name, email and account, and filters by type id or name and by account', async () => {
    const search = await call('GET', '/api/contacts?search=ALPHA&sort=name', company.users.MEMBER);
    expect(names(search)).toEqual(['Amit', 'Zara']);
    const full = await call(
      'GET',
      `/api/contacts?search=${encodeURIComponent('bob brown')}`,
      company.users.MEMBER,
    );
    expect(names(full)).toEqual(['Bob']);
    const literal = await call('GET', '/api/contacts?search=%25', company.users.MEMBER);
    expect(names(literal)).toEqual(['100%']);
    const types = (await call('GET', '/api/contact-types', company.users.MEMBER)).json().data as {
      _id: string;
      name: string;
    }[];
    const tenant = types.find((type) => type.name === 'Tenant')!;
    const byId = await call(
      'GET',
      `/api/contacts?contact_type=${tenant._id}&sort=name`,
      company.users.MEMBER,
    );
    expect(names(byId)).toEqual(['Amit', 'Zara']);
    const byName = await call('GET', '/api/contacts?contact_type=landlord', company.users.MEMBER);
    expect(names(byName)).toEqual(['Bob']);
    const unknownType = await call('GET', '/api/contacts?contact_type=Nobody', company.users.MEMBER);
    expect(unknownType.json().data).toMatchObject({ total: 0, data: [] });
    const account = await call('GET', '/api/contacts?account_name=ALPHA&sort=name', company.users.MEMBER);
    expect(names(account)).toEqual(['Amit', 'Zara']);
    const badSort = await call('GET', '/api/contacts?sort=password', company.users.MEMBER);
    expect(badSort.statusCode).toBe(422);
  });

  it('GET /contact-users answers a short picker list, prefix matches first', async () => {
    const res = await call('GET', '/api/contact-users?search=a&limit=2', company.users.MEMBER);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      email: 'amit@alpha.com',
      contact_id: rows[0]._id,
      first_name: 'Amit',
      last_name: 'Shah',
      name: 'Amit Shah',
      contact_type: 'Tenant',
    });
    const all = await call('GET', '/api/contact-users?limit=500', company.users.MEMBER);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toHaveLength(4);
    const none = await call('GET', '/api/contact-users?search=nobody-here', company.users.MEMBER);
    expect(none.json().data).toEqual([]);
  });

  it('lists the contacts of a type at an account, and the names of a type', async () => {
    const list = await call('GET', '/api/contacts/Tenant/alpha/list', company.users.MEMBER);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: TContact) => c.email)).toEqual(['amit@alpha.com', 'zara@alpha.com']);
    const emptyAccount = await call('GET', '/api/contacts/Tenant/Beta/list', company.users.MEMBER);
    expect(emptyAccount.json().data).toEqual([]);
    const unknown = await call('GET', '/api/contacts/Nobody/alpha/list', company.users.MEMBER);
    expect(unknown.statusCode).toBe(404);

    const names = await call('GET', '/api/entityDataNames/tenant', company.users.MEMBER);
    expect(names.statusCode).toBe(200);
    expect(names.json().data.map((n: { name: string }) => n.name)).toEqual(['Amit Shah', 'Zara Ali']);
    expect(names.json().data[0]).toMatchObject({ email: 'amit@alpha.com' });
    expect((await call('GET', '/api/entityDataNames/Nobody', company.users.MEMBER)).statusCode).toBe(404);
    // Another company's type is unknown here.
    const foreign = await createType(other.users.OWNER, 'Foreign type');
    expect((await call('GET', `/api/entityDataNames/${foreign._id}`, company.users.MEMBER)).statusCode).toBe(
      404,
    );
  });
});

describe('email checks and form contacts', () => {
  it('check-contact answers the contact or null', async () => {
    const contact = await createContact(acme.users.OWNER);
    const found = await call('POST', '/api/contacts/check-contact', acme.users.MEMBER, {
      email: ` ${contact.email.toUpperCase()} `,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ _id: contact._id, email: contact.email });
    const missing = await call('POST', '/api/contacts/check-contact', acme.users.MEMBER, {
      email: 'nobody@example.com',
    });
    expect(missing.json().data).toBeNull();
    const elsewhere = await call('POST', '/api/contacts/check-contact', other.users.OWNER, {
      email: contact.email,
    });
    expect(elsewhere.json().data).toBeNull();
    const bad = await call('POST', '/api/contacts/check-contact', acme.users.MEMBER, { email: 'bad' });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['email']);
  });

  it('check-exists answers each email once, in order', async () => {
    const contact = await createContact(acme.users.OWNER);
    const res = await call('POST', '/api/contacts/check-exists', acme.users.MEMBER, {
      emails: ['new@example.com', contact.email.toUpperCase(), 'NEW@example.com'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { email: 'new@example.com', exists: false, contact_id: null },
      { email: contact.email, exists: true, contact_id: contact._id },
    ]);
    const bad = await call('POST', '/api/contacts/check-exists', acme.users.MEMBER, {
      emails: ['ok@example.com', 'bad'],
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['emails.1']);
    expect(
      (await call('POST', '/api/contacts/check-exists', acme.users.MEMBER, { emails: [] })).statusCode,
    ).toBe(422);
    expect(
      (await call('POST', '/api/contacts/check-exists', acme.users.MEMBER, { emails: 'a@b.co' })).statusCode,
    ).toBe(422);
  });

  it('check-contact-email ignores the contact being edited', async () => {
    const contact = await createContact(acme.users.OWNER);
    const other1 = await createContact(acme.users.OWNER);
    const own = await call('POST', '/api/contacts/check-contact-email', acme.users.MEMBER, {
      email: contact.email,
      contact_id: contact._id,
    });
    expect(own.json().data).toEqual({ available: true, contact_id: null });
    const taken = await call('POST', '/api/contacts/check-contact-email', acme.users.MEMBER, {
      email: contact.email,
      contact_id: other1._id,
    });
    expect(taken.json().data).toEqual({ available: false, contact_id: contact._id });
    const free = await call('POST', '/api/contacts/check-contact-email', acme.users.MEMBER, {
      email: uniqueEmail(),
    });
    expect(free.json().data.available).toBe(true);
    const bad = await call('POST', '/api/contacts/check-contact-email', acme.users.MEMBER, {
      email: 'x@y.co',
      contact_id: 'abc',
    });
    expect(keysOf(bad)).toEqual(['contact_id']);
  });

  it('formbuilder user-create upserts by email and returns the id', async () => {
    const email = uniqueEmail('form');
    const first = await call('POST', '/api/contacts/formbuilder/user-create', acme.users.MEMBER, {
      email: email.toUpperCase(),
      contact_type_name: 'Walk-in',
    });
    expect(first.statusCode, first.body).toBe(200);
    const { contact_id: id } = first.json().data;
    expect(first.json().data).toEqual({ contact_id: id, email, is_new: true });
    const created = (await call('GET', `/api/contacts/${id}`, acme.users.MEMBER)).json().data;
    expect(created).toMatchObject({ first_name: '', contact_type: { name: 'Walk-in' } });

    // A MEMBER (no contacts:update) finds the contact but does not change it.
    const again = await call('POST', '/api/contacts/formbuilder/user-create', acme.users.MEMBER, {
      email,
      first_name: 'Changed',
    });
    expect(again.json().data).toEqual({ contact_id: id, email, is_new: false });
    expect((await call('GET', `/api/contacts/${id}`, acme.users.MEMBER)).json().data.first_name).toBe('');
    // A MANAGER fills the values given, leaving the others.
    await call('POST', '/api/contacts/formbuilder/user-create', acme.users.MANAGER, {
      email,
      first_name: 'Meera',
      last_name: '',
    });
    const updated = (await call('GET', `/api/contacts/${id}`, acme.users.MEMBER)).json().data;
    expect(updated).toMatchObject({ first_name: 'Meera', contact_type: { name: 'Walk-in' } });

    const bad = await call('POST', '/api/contacts/formbuilder/user-create', acme.users.MEMBER, {
      email: 'x',
    });
    expect(keysOf(bad)).toEqual(['email']);
  });

  it('formbuilder user-creates handles many, in order, the same email once', async () => {
    const existing = await createContact(acme.users.OWNER);
    const fresh = uniqueEmail('batch');
    const res = await call('POST', '/api/contacts/formbuilder/user-creates', acme.users.OWNER, {
      contacts: [
        { email: fresh, first_name: 'New' },
        { email: existing.email },
        { email: fresh.toUpperCase() },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.contacts;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ email: fresh, is_new: true });
    expect(rows[1]).toEqual({ contact_id: existing._id, email: existing.email, is_new: false });
    expect(rows[2]).toEqual(rows[0]);

    const bad = await call('POST', '/api/contacts/formbuilder/user-creates', acme.users.OWNER, {
      contacts: [{ email: 'ok@example.com' }, { email: 'bad' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['contacts.1.email']);
    const foreignType = await createType(other.users.OWNER, 'Theirs');
    const foreign = await call('POST', '/api/contacts/formbuilder/user-creates', acme.users.OWNER, {
      contacts: [{ email: uniqueEmail(), contact_type_id: foreignType._id }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(keysOf(foreign)).toEqual(['contacts.0.contact_type_id']);
    expect(
      (await call('POST', '/api/contacts/formbuilder/user-creates', acme.users.OWNER, { contacts: [] }))
        .statusCode,
    ).toBe(422);
  });
});

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('contact sign-in page', () => {
  it('answers name, logo and colours by slug without a session, 404 for an unknown slug', async () => {
    const [row] = await t.platform.database.db
      .select({ slug: companies.slug })
      .from(companies)
      .where(eq(companies.id, acme.companyId));
    const before = await call('GET', `/api/contact-login/company/${row!.slug}`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({
      company_id: acme.companyId,
      name: 'Acme Realty',
      logo_url: null,
    });

    const branded = await call('PATCH', '/api/company', acme.users.OWNER, {
      branding: { primary_color: '#112233' },
    });
    expect(branded.statusCode, branded.body).toBe(200);
    const logo = await call('POST', '/api/company/logo', acme.users.OWNER, {
      logo: `data:image/png;base64,${PNG}`,
    });
    expect(logo.statusCode, logo.body).toBe(200);
    const res = await call('GET', `/api/contact-login/company/${row!.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      company_id: acme.companyId,
      name: 'Acme Realty',
      slug: row!.slug,
      primary_color: '#112233',
      secondary_color: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/),
    });
    expect(res.json().data.branding.primary_color).toBe('#112233');
    const logoRes = await t.app.inject({ method: 'GET', url: res.json().data.logo_url });
    expect(logoRes.statusCode).toBe(200);
    expect(logoRes.headers['content-type']).toContain('image/png');
    expect((await call('GET', '/api/contact-login/company/no-such-company-here')).statusCode).toBe(404);
  });
});
