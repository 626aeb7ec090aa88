import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMenu } from '@esigns/contracts/menus';
import { nextIp } from '../../../test/accounts';
import { signedInContact, type ContactSession } from '../../../test/contact-session';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { apiCaller, createContactType, seedEntity, type SeededEntity } from './test-seed';

/*
 * A signed-in contact reads their own contact type's menu (the contact area's navigation) through
 * `GET /menu/{id}` and `/menu/v2/{id}`; nothing else of the menus.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let listing: SeededEntity;
let tenant: string;
let buyer: string;
let theirType: string;
let x: ContactSession;
let untyped: ContactSession;

const call: ReturnType<typeof apiCaller> = (...args) => apiCaller(t)(...args);
const asContact = (who: ContactSession, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who.headers, remoteAddress: nextIp() });
const staffHeaders = (who: SeededUser) => ({ headers: { authorization: `Bearer ${who.token}` } });

const createType = (who: SeededUser, name: string) => createContactType(t, who, name);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Homes' });
  other = await seedCompany(t, { name: 'Other Homes' });
  listing = await seedEntity(t, acme.companyId, 'Listing');
  tenant = await createType(acme.users.OWNER, 'Tenant');
  buyer = await createType(acme.users.OWNER, 'Buyer');
  theirType = await createType(other.users.OWNER, 'Tenant');
  const items = [{ kind: 'ENTITY', key: 'homes', label: 'My homes', entity_id: listing.entityId }];
  const saved = await call('POST', '/menu', acme.users.OWNER, { user_type: tenant, items });
  expect(saved.statusCode, saved.body).toBe(200);
  x = await signedInContact(t, staffHeaders(acme.users.OWNER), { fields: { contact_type_id: tenant } });
  untyped = await signedInContact(t, staffHeaders(acme.users.OWNER));
});
afterAll(async () => {
  await t.close();
});

describe("a contact's menu", () => {
  it("answers their own contact type's stored menu on both versions", async () => {
    for (const prefix of ['/api/menu', '/api/menu/v2']) {
      const res = await asContact(x, `${prefix}/${tenant}`);
      expect(res.statusCode, res.body).toBe(200);
      const menu = res.json().data as TMenu;
      expect(menu).toMatchObject({ user_type: tenant, contact_type: { _id: tenant, name: 'Tenant' } });
      expect(JSON.stringify(menu.items)).toContain(listing.entityId);
    }
  });

  it("answers 404 for another type's menu, a staff user type, another company's type or no type", async () => {
    for (const ref of [buyer, 'OWNER', 'MEMBER', theirType, 'not-an-id']) {
      const res = await asContact(x, `/api/menu/v2/${ref}`);
      expect(res.statusCode, `${ref}: ${res.body}`).toBe(404);
    }
    expect((await asContact(untyped, `/api/menu/v2/${tenant}`)).statusCode).toBe(404);
  });

  it("refuses the editor's view (403) and every other menu call to a contact (403)", async () => {
    expect((await asContact(x, `/api/menu/v2/${tenant}?edit=true`)).statusCode).toBe(403);
    for (const [method, url] of [
      ['POST', '/api/menu/v2/usertypes'],
      ['PUT', '/api/menu'],
      ['GET', `/api/menu/v2/entity/${listing.entityId}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: x.headers,
        payload: {},
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
  });

  it('still answers staff as before', async () => {
    const res = await call('GET', `/menu/v2/${tenant}`, acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user_type: tenant, is_default: false });
  });
});
