import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf, signUpAndSignIn, type TestSession } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: TestSession;
let member: TestSession;
let other: TestSession;
const png = `data:image/png;base64,${Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
).toString('base64')}`;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpAndSignIn(t, { company: 'Sunrise Realty' });
  member = await memberOf(t, owner.companyId, 'MEMBER');
  other = await signUpAndSignIn(t, { company: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

describe('company profile', () => {
  it('shows the company with the default branding', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/company/${owner.companyId}`,
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Sunrise Realty',
      plan_type: 'BUSINESS',
      branding: { primary_color: '#F27E0C', secondary_color: '#EF2333' },
    });
  });

  it("answers 404 for another company's id", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/company/${other.companyId}`,
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(404);
  });

  it('changes name, slug and branding (OWNER), and refuses a MEMBER', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/company',
      headers: bearer(owner),
      payload: { name: 'Sunrise Realty Pvt Ltd', slug: 'sunrise', branding: { primary_color: '#0055AA' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ slug: 'sunrise', branding: { primary_color: '#0055AA' } });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/company',
      headers: bearer(member),
      payload: { name: 'Nope' },
    });
    expect(refused.statusCode).toBe(403);
    const publicPage = await t.app.inject({ method: 'GET', url: '/api/company/by-slug/sunrise' });
    expect(publicPage.json().data).toMatchObject({ name: 'Sunrise Realty Pvt Ltd' });
  });

  it.each([
    [{ slug: 'Bad Slug!' }, 'slug'],
    [{ name: 'x' }, 'name'],
    [{ branding: { primary_color: 'orange' } }, 'branding.primary_color'],
  ])('rejects %o with 422 on %s', async (payload, key) => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/company', headers: bearer(owner), payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe(key);
  });

  it('refuses a slug another company uses', async () => {
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/company/${other.companyId}`,
      headers: bearer(other),
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/company',
      headers: bearer(owner),
      payload: { slug: theirs.json().data.slug },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe('slug');
  });

  it('uploads a logo served publicly by company id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/logo',
      headers: bearer(owner),
      payload: { logo: png },
    });
    expect(res.statusCode).toBe(200);
    const logo = await t.app.inject({ method: 'GET', url: `/api/company-logo/${owner.companyId}` });
    expect(logo.statusCode).toBe(302);
    expect(logo.headers.location).toContain('/api/storage/');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/company-logo/${other.companyId}` })).statusCode,
    ).toBe(404);
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/company/logo',
          headers: bearer(owner),
          payload: { logo: svg },
        })
      ).statusCode,
    ).toBe(415);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/company/logo',
          headers: bearer(member),
          payload: { logo: png },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('tells whether a company name is free', async () => {
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/company-name-status',
      headers: bearer(owner),
      payload: { name: 'other estates' },
    });
    expect(taken.json().data.available).toBe(false);
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/company-name-status',
      headers: bearer(owner),
      payload: { name: 'Brand New Homes' },
    });
    expect(free.json().data.available).toBe(true);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/company-name-status', payload: { name: 'x y' } }))
        .statusCode,
    ).toBe(401);
  });
});
