import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import type { TGlobalFilter } from '@esigns/contracts/entity-filters';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { keysOf, testKit } from './test-kit';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let property: TEntity;
const { call, data, createProperty, addRecord, ref } = testKit(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  property = await createProperty(acme.users.OWNER);
  await addRecord(property, { title: 'Sea view flat', price: 9_000_000, status: 'Sold' }, acme.users.OWNER);
  await addRecord(
    property,
    { title: 'Garden house', price: 4_000_000, status: 'Available' },
    acme.users.OWNER,
  );
});
afterAll(async () => {
  await t.close();
});

const titlesFor = async (who: SeededUser) => {
  const page = await data<{ data: { title: string }[] }>(
    call('POST', '/api/entities-data/entity/data', who, { entity_id: property._id }),
  );
  return page.data.map((r) => r.title).sort();
};

const statusRule = (value: string) => ({ field: ref(property, 'status'), operator: 'EQUALS', value });

describe('global filters', () => {
  it('lets any staff user add one, which filters their records until switched off or deleted', async () => {
    const member = acme.users.MEMBER;
    const added = await data<TGlobalFilter>(
      call('POST', '/api/global-filters', member, {
        template_id: property.primary_template_id,
        rule: statusRule('Available'),
      }),
    );
    expect(added).toMatchObject({
      template_id: property.primary_template_id,
      template_name: expect.any(String),
      field_label: 'Status',
      field_type: 'SELECT',
      is_active: true,
    });
    expect(await titlesFor(member)).toEqual(['Garden house']);
    // Only the author's records queries are filtered.
    expect(await titlesFor(acme.users.OWNER)).toEqual(['Garden house', 'Sea view flat']);

    const list = await data<TGlobalFilter[]>(call('GET', '/api/global-filters', member));
    expect(list.map((f) => f._id)).toEqual([added._id]);
    expect(await data<TGlobalFilter[]>(call('GET', '/api/global-filters', acme.users.OWNER))).toEqual([]);

    const off = await data<TGlobalFilter>(
      call('PATCH', `/api/global-filters/${added._id}`, member, { is_active: false }),
    );
    expect(off.is_active).toBe(false);
    expect(await titlesFor(member)).toEqual(['Garden house', 'Sea view flat']);
    await data(
      call('PATCH', `/api/global-filters/${added._id}`, member, {
        is_active: true,
        rule: statusRule('Sold'),
      }),
    );
    expect(await titlesFor(member)).toEqual(['Sea view flat']);
    await data(call('DELETE', `/api/global-filters/${added._id}`, member));
    expect(await titlesFor(member)).toEqual(['Garden house', 'Sea view flat']);
  });

  it('refuses a rule that is not on a field of the template, keyed by its path', async () => {
    const second = await createProperty(acme.users.OWNER);
    const cases: [Record<string, unknown>, string][] = [
      [{ field: ref(second, 'status'), operator: 'EQUALS', value: 'Sold' }, 'rule.field'],
      [{ field: ref(property, 'nothing'), operator: 'EQUALS', value: 'x' }, 'rule.field'],
      [{ field: 'title', operator: 'EQUALS', value: 'x' }, 'rule.field'],
      [{ field: ref(property, 'title'), operator: 'GREATER_THAN', value: 'x' }, 'rule.operator'],
      [{ field: ref(property, 'price'), operator: 'EQUALS', value: 'lots' }, 'rule.value'],
      [{ field: ref(property, 'price'), operator: 'EQUALS' }, 'rule.value'],
    ];
    for (const [rule, key] of cases) {
      const res = await call('POST', '/api/global-filters', acme.users.OWNER, {
        template_id: property.primary_template_id,
        rule,
      });
      expect(res.statusCode, JSON.stringify(rule)).toBe(422);
      expect(keysOf(res)).toEqual([key]);
    }
    const added = await data<TGlobalFilter>(
      call('POST', '/api/global-filters', acme.users.OWNER, {
        template_id: property.primary_template_id,
        rule: statusRule('Sold'),
      }),
    );
    const update = await call('PATCH', `/api/global-filters/${added._id}`, acme.users.OWNER, {
      rule: { field: ref(property, 'area'), operator: 'BETWEEN', value: [1] },
    });
    expect(update.statusCode).toBe(422);
    expect(keysOf(update)).toEqual(['rule.value']);
    await data(call('DELETE', `/api/global-filters/${added._id}`, acme.users.OWNER));
  });

  it("answers 404 for unknown templates, another company's template and another user's filter", async () => {
    const theirs = await createProperty(other.users.OWNER);
    const mine = await data<TGlobalFilter>(
      call('POST', '/api/global-filters', acme.users.MANAGER, {
        template_id: property.primary_template_id,
        rule: statusRule('Sold'),
      }),
    );
    const cases = [
      call('POST', '/api/global-filters', acme.users.OWNER, {
        template_id: theirs.primary_template_id,
        rule: { field: ref(theirs, 'status'), operator: 'EQUALS', value: 'Sold' },
      }),
      call('POST', '/api/global-filters', acme.users.OWNER, {
        template_id: '00000000-0000-4000-8000-000000000000',
        rule: { field: '00000000-0000-4000-8000-000000000000#status', operator: 'IS_EMPTY' },
      }),
      call('PATCH', `/api/global-filters/${mine._id}`, acme.users.OWNER, { is_active: false }),
      call('DELETE', `/api/global-filters/${mine._id}`, acme.users.MEMBER),
      call('PATCH', `/api/global-filters/${mine._id}`, other.users.MANAGER, { is_active: false }),
      call('DELETE', '/api/global-filters/not-an-id', acme.users.MANAGER),
    ];
    for (const res of await Promise.all(cases)) expect(res.statusCode, res.body).toBe(404);
    const still = await data<TGlobalFilter[]>(call('GET', '/api/global-filters', acme.users.MANAGER));
    expect(still[0]?.is_active).toBe(true);
  });

  it('needs a signed-in staff user (401 without a token)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/global-filters' });
    expect(res.statusCode).toBe(401);
  });
});
