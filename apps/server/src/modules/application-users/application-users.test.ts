import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts';
import { contactSignin, signedInContact } from '../../../test/contact-session';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let company: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  company = await seedCompany(t);
});
afterAll(async () => {
  await t.close();
});

describe('contact area: smoke', () => {
  it('a contact signs in', async () => {
    const contact = await signedInContact(t, company.users.OWNER);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/application-user/profile',
      headers: contact.headers,
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.is_contact).toBe(true);
    const res = await contactSignin(t, {
      email: contact.email,
      password: contact.password,
      company_slug: contact.companySlug,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.globalDateFormat).toBe('MM-DD-YYYY');
    void bearer;
    void nextIp;
  });
});
