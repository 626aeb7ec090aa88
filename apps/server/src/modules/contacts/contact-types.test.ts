import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Types Co' });
  other = await seedCompany(t, { name: 'Other Types Co' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
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

async function createType(who: SeededUser, name: string) {
  const res = await call('POST', '/api/contact-types', who, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; name: string; contact_count: number };
}

describe('contact types', () => {
  it('creates, lists, reads, renames and deletes a type', async () => {
    const created = await call('POST', '/api/contact-types', acme.users.ADMIN, { name: '  Broker ' });
    expect(created.statusCode).toBe(200);
    const type = created.json().data;
    expect(type).toMatchObject({ name: 'Broker', contact_count: 0 });
    await createType(acme.users.ADMIN, 'agent');

    const list = await call('GET', '/api/contact-types', acme.users.MEMBER);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { name: string }) => row.name)).toEqual(['agent', 'Broker']);
    const search = await call('GET', '/api/contact-types?search=BRO', acme.users.MEMBER);
    expect(search.json().data.map((row: { name: string }) => row.name)).toEqual(['Broker']);

    const read = await call('GET', `/api/contact-types/${type._id}`, acme.users.MEMBER);
    expect(read.json().data).toEqual(type);

    const renamed = await call('PATCH', `/api/contact-types/${type._id}/updating_contact`, acme.users.ADMIN, {
      name: 'Brokers',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ _id: type._id, name: 'Brokers' });
    // Changing only the case of its own name is fine.
    const recased = await call('PATCH', `/api/contact-types/${type._id}/updating_contact`, acme.users.ADMIN, {
      name: 'BROKERS',
    });
    expect(recased.statusCode).toBe(200);

    const deleted = await call('DELETE', `/api/contact-types/${type._id}`, acme.users.ADMIN);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ _id: type._id });
    expect((await call('GET', `/api/contact-types/${type._id}`, acme.users.ADMIN)).statusCode).toBe(404);
  });

  it('keeps names unique per company ignoring case (409)', async () => {
    await createType(acme.users.OWNER, 'Investor');
    const clash = await call('POST', '/api/contact-types', acme.users.OWNER, { name: 'INVESTOR ' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Investor');
    const other1 = await createType(acme.users.OWNER, 'Lender');
    const rename = await call(
      'PATCH',
      `/api/contact-types/${other1._id}/updating_contact`,
      acme.users.OWNER,
      {
        name: 'investor',
      },
    );
    expect(rename.statusCode).toBe(409);
    expect(
      (await call('POST', '/api/contact-types', other.users.OWNER, { name: 'Investor' })).statusCode,
    ).toBe(200);
  });

  it('refuses to delete a type in use (409), counts its contacts, and allows it once unused', async () => {
    const type = await createType(acme.users.OWNER, 'Tenant');
    const contact = await call('POST', '/api/contacts', acme.users.OWNER, {
      email: `t-${randomUUID().slice(0, 6)}@example.com`,
      first_name: 'T',
      contact_type_id: type._id,
    });
    const read = await call('GET', `/api/contact-types/${type._id}`, acme.users.OWNER);
    expect(read.json().data.contact_count).toBe(1);
    const refused = await call('DELETE', `/api/contact-types/${type._id}`, acme.users.OWNER);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('1 contact has the type "Tenant"');

    await call('PATCH', `/api/contacts/${contact.json().data._id}`, acme.users.OWNER, {
      contact_type_id: null,
    });
    expect((await call('DELETE', `/api/contact-types/${type._id}`, acme.users.OWNER)).statusCode).toBe(200);
  });

  it.each([
    ['a missing name', {}],
    ['an empty name', { name: '   ' }],
    ['a number', { name: 12 }],
    ['a too long name', { name: 'x'.repeat(81) }],
  ])('refuses %s with 422 on name', async (_label, body) => {
    const res = await call('POST', '/api/contact-types', acme.users.OWNER, body);
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['name']);
  });

  it("answers 404 for unknown and another company's ids", async () => {
    const foreign = await createType(other.users.OWNER, 'Foreign');
    for (const id of [foreign._id, randomUUID(), 'not-a-uuid']) {
      expect((await call('GET', `/api/contact-types/${id}`, acme.users.OWNER)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/api/contact-types/${id}/updating_contact`, acme.users.OWNER, { name: 'X' }))
          .statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/contact-types/${id}`, acme.users.OWNER)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/contact-types/${foreign._id}`, other.users.OWNER)).json().data.name).toBe(
      'Foreign',
    );
  });

  it('checks permissions: a MEMBER reads types but cannot add, rename or delete them', async () => {
    const type = await createType(acme.users.OWNER, 'Read only');
    expect((await call('GET', '/api/contact-types', acme.users.MEMBER)).statusCode).toBe(200);
    expect((await call('POST', '/api/contact-types', acme.users.MEMBER, { name: 'Nope' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await call('PATCH', `/api/contact-types/${type._id}/updating_contact`, acme.users.MEMBER, {
          name: 'N',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/contact-types/${type._id}`, acme.users.MEMBER)).statusCode).toBe(403);
    // MANAGERs see types but do not manage them by default.
    expect((await call('DELETE', `/api/contact-types/${type._id}`, acme.users.MANAGER)).statusCode).toBe(403);
    expect((await call('GET', '/api/contact-types')).statusCode).toBe(401);
  });
});

describe('POST /entity/account-names', () => {
  it('answers the distinct account names, optionally by type, searchable', async () => {
    const company = await seedCompany(t, { name: 'Accounts Co' });
    const owner = company.users.OWNER;
    const buyer = await createType(owner, 'Buyer');
    for (const [email, account, type] of [
      ['a1@example.com', 'Zeta Homes', buyer._id],
      ['a2@example.com', 'Alpha Realty', buyer._id],
      ['a3@example.com', 'Alpha Realty', null],
      ['a4@example.com', 'Mu Estates', null],
      ['a5@example.com', '', buyer._id],
    ] as const) {
      const res = await call('POST', '/api/contacts', owner, {
        email,
        first_name: 'A',
        account_name: account,
        contact_type_id: type,
      });
      expect(res.statusCode).toBe(200);
    }
    const all = await call('POST', '/api/entity/account-names', company.users.MEMBER, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual(['Alpha Realty', 'Mu Estates', 'Zeta Homes']);
    const noBody = await call('POST', '/api/entity/account-names', company.users.MEMBER);
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json().data).toEqual(['Alpha Realty', 'Mu Estates', 'Zeta Homes']);
    const byType = await call('POST', '/api/entity/account-names', company.users.MEMBER, {
      contact_type: 'buyer',
    });
    expect(byType.json().data).toEqual(['Alpha Realty', 'Zeta Homes']);
    const byId = await call('POST', '/api/entity/account-names', company.users.MEMBER, {
      contact_type: buyer._id,
      search: 'zet',
    });
    expect(byId.json().data).toEqual(['Zeta Homes']);
    const unknown = await call('POST', '/api/entity/account-names', company.users.MEMBER, {
      contact_type: 'Nope',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('POST', '/api/entity/account-names', company.users.MEMBER, { contact_type: 5 });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['contact_type']);
    const elsewhere = await call('POST', '/api/entity/account-names', other.users.OWNER, {});
    expect(elsewhere.json().data).not.toContain('Zeta Homes');
  });
});
