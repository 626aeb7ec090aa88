import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlan, TPlanInfo, TRedemption } from '@esigns/contracts/subscriptions';
import { seedCompany, seedMember, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createDocument, saveLayout, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { users } from '../auth/schema';
import { expireEndedPeriods } from '.';
import { companySubscriptions, promoCodes } from './schema';

// Plans, the company subscription, promo codes and limits on an instance without Stripe (MANUAL:
// an operator marks the wire paid), companies starting on FREE (DEFAULT_PLAN).

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
let operator: SeededUser;
let plans: TPlan[];

const planOf = (code: string): TPlan => {
  const plan = plans.find((p) => p.code === code);
  if (!plan) throw new Error(`no plan ${code}`);
  return plan;
};

let ipSeq = 0;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: SeededUser,
  payload?: unknown,
) => {
  ipSeq += 1;
  return t.app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: `10.61.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
};

beforeAll(async () => {
  // The operator's address is known before the app starts: a fixed email seeded below.
  t = await buildTestApp({ DEFAULT_PLAN: 'FREE', OPERATOR_EMAILS: 'Ops@Example.com, @operators.example' });
  acme = await seedCompany(t, { name: 'Acme Realty' });
  globex = await seedCompany(t, { name: 'Globex' });
  const ops = await seedCompany(t, { name: 'Instance ops' });
  operator = ops.users.OWNER;
  await t.platform.database.db
    .update(users)
    .set({ email: 'ops@example.com' })
    .where(eq(users.id, operator.userId));
  operator = { ...operator, email: 'ops@example.com' };
  const res = await call('GET', '/getPlans/ESIGNS', acme.users.MEMBER);
  expect(res.statusCode, res.body).toBe(200);
  plans = res.json().data;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function planInfo(who: SeededUser): Promise<TPlanInfo> {
  const res = await call('GET', '/getPlanInfo', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('plans and features', () => {
  it('lists the seeded plans of eSigns cheapest first, in minor units, with features', async () => {
    expect(plans.map((p) => p.code)).toEqual(['FREE', 'STARTER', 'BUSINESS', 'ENTERPRISE']);
    const free = planOf('FREE');
    expect(free.is_free).toBe(true);
    expect(free.limits).toEqual({
      users: 3,
      documentsPerMonth: 25,
      entities: 5,
      records: 1000,
      storageBytes: 1024 ** 3,
    });
    expect(planOf('STARTER').price_month_minor).toBe(99900);
    expect(planOf('STARTER').currency).toBe('INR');
    expect(planOf('ENTERPRISE').limits.records).toBeNull();
    expect(planOf('BUSINESS').features.map((f) => f.code)).toContain('INTEGRATIONS');
    const byId = await call('GET', `/getPlans/${free.product_id}?planType=year`, acme.users.MEMBER);
    expect(byId.json().data.map((p: TPlan) => p.code)).toEqual(['FREE', 'STARTER', 'BUSINESS', 'ENTERPRISE']);
  });

  it('answers one plan, the features (all and a plan’s), products with plans', async () => {
    const one = await call('GET', `/plans/${planOf('BUSINESS')._id}`, acme.users.MEMBER);
    expect(one.json().data.code).toBe('BUSINESS');
    const all = await call('GET', '/features', acme.users.MEMBER);
    expect(all.json().data.length).toBeGreaterThanOrEqual(7);
    const mine = await call('GET', `/features/${planOf('FREE')._id}`, acme.users.MEMBER);
    expect(mine.json().data.map((f: { code: string }) => f.code)).toEqual([
      'ESIGNATURES',
      'TEMPLATES',
      'NO_CODE',
    ]);
    const byCode = await call('GET', '/features/enterprise', acme.users.MEMBER);
    expect(byCode.json().data).toHaveLength(7);
    const products = await call('GET', '/getAllProductsAndPlans', acme.users.MEMBER);
    expect(products.json().data[0].plans).toHaveLength(4);
  });

  it('answers 404 for unknown plans and products, 422 for bad query values, 401 signed out', async () => {
    expect(
      (await call('GET', '/plans/7c0e4d39-0000-4000-8000-000000000000', acme.users.MEMBER)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/plans/not-an-id', acme.users.MEMBER)).statusCode).toBe(404);
    expect((await call('GET', '/features/NOPE', acme.users.MEMBER)).statusCode).toBe(404);
    expect((await call('GET', '/getPlans/NOPE', acme.users.MEMBER)).statusCode).toBe(404);
    expect((await call('GET', '/getPlans/ESIGNS?planType=week', acme.users.MEMBER)).statusCode).toBe(422);
    expect((await call('GET', '/getPlanInfo')).statusCode).toBe(401);
  });
});

describe('operators', () => {
  it('create products and plans; others get 403; bad input 422, taken codes 422', async () => {
    const body = { code: 'sign-pro', name: 'Sign Pro' };
    expect((await call('POST', '/createProduct', acme.users.OWNER, body)).statusCode).toBe(403);
    const product = await call('POST', '/createProduct', operator, body);
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json().data.code).toBe('SIGN-PRO');
    expect((await call('POST', '/createProduct', operator, body)).statusCode).toBe(422);
    expect((await call('POST', '/createProduct', operator, { code: '!', name: '' })).statusCode).toBe(422);

    const planBody = {
      product_id: product.json().data._id,
      code: 'PRO_MONTHLY',
      name: 'Pro',
      price_month_minor: 49900,
      price_year_minor: 499000,
      limits: { users: 5, documentsPerMonth: 50, entities: null, records: null, storageBytes: null },
      feature_codes: ['ESIGNATURES'],
    };
    expect((await call('POST', '/createPlan', acme.users.OWNER, planBody)).statusCode).toBe(403);
    const plan = await call('POST', '/createPlan', operator, planBody);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().data.features.map((f: { code: string }) => f.code)).toEqual(['ESIGNATURES']);
    const bad = await call('POST', '/createPlan', operator, {
      ...planBody,
      code: 'PRO2',
      price_month_minor: 10.5,
    });
    expect(bad.statusCode).toBe(422);
    const unknownFeature = await call('POST', '/createPlan', operator, {
      ...planBody,
      code: 'PRO3',
      feature_codes: ['NOPE'],
    });
    expect(unknownFeature.statusCode).toBe(422);
    const noProduct = await call('POST', '/createPlan', operator, {
      ...planBody,
      code: 'PRO4',
      product_id: '7c0e4d39-0000-4000-8000-000000000000',
    });
    expect(noProduct.statusCode).toBe(422);
    const listed = await call('GET', '/getPlans/SIGN-PRO', acme.users.MEMBER);
    expect(listed.json().data.map((p: TPlan) => p.code)).toEqual(['PRO_MONTHLY']);
  });

  it('manage promo codes; others get 403', async () => {
    expect((await call('GET', '/promo-codes', acme.users.OWNER)).statusCode).toBe(403);
    expect(
      (await call('POST', '/promo-codes', acme.users.OWNER, { code: 'X1', percent_off: 10 })).statusCode,
    ).toBe(403);
    const both = await call('POST', '/promo-codes', operator, {
      code: 'BOTH',
      percent_off: 10,
      amount_off_minor: 100,
    });
    expect(both.statusCode).toBe(422);
    const neither = await call('POST', '/promo-codes', operator, { code: 'NEITHER' });
    expect(neither.statusCode).toBe(422);
    const backwards = await call('POST', '/promo-codes', operator, {
      code: 'BACK',
      percent_off: 5,
      valid_from: '2030-01-02T00:00:00Z',
      valid_to: '2030-01-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(422);
    const made = await call('POST', '/promo-codes', operator, { code: 'temp10', percent_off: 10 });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data._id;
    const patched = await call('PATCH', `/promo-codes/${id}`, operator, { active: false });
    expect(patched.json().data.active).toBe(false);
    expect(
      (await call('GET', '/promo-codes', operator))
        .json()
        .data.some((p: { code: string }) => p.code === 'TEMP10'),
    ).toBe(true);
    expect((await call('DELETE', `/promo-codes/${id}`, operator)).statusCode).toBe(200);
    expect((await call('DELETE', `/promo-codes/${id}`, operator)).statusCode).toBe(404);
    expect((await call('PATCH', '/promo-codes/nope', operator, { active: true })).statusCode).toBe(404);
  });
});

describe('the company plan', () => {
  it('a new company is on Free: plan info with usage per limit', async () => {
    const info = await planInfo(globex.users.MEMBER);
    expect(info.plan.code).toBe('FREE');
    expect(info.status).toBe('ACTIVE');
    expect(info.current_period_end).toBeNull();
    expect(info.is_owner).toBe(false);
    const seats = info.usage.find((u) => u.limit === 'users');
    expect(seats).toEqual({ limit: 'users', label: 'Company users', usage: 4, allowed: 3 });
    expect(info.usage.map((u) => u.limit)).toEqual([
      'users',
      'documentsPerMonth',
      'entities',
      'records',
      'storageBytes',
    ]);
    expect((await planInfo(operator)).is_operator).toBe(true);
    const { users: byDomain } = await seedCompany(t);
    await t.platform.database.db
      .update(users)
      .set({ email: 'amy@operators.example' })
      .where(eq(users.id, byDomain.OWNER.userId));
    expect((await planInfo(byDomain.OWNER)).is_operator).toBe(true);
    expect((await planInfo(acme.users.OWNER)).is_operator).toBe(false);
  });

  it('only the owner changes plan; bad plan ids 404/422', async () => {
    for (const who of [acme.users.ADMIN, acme.users.MEMBER]) {
      const res = await call('POST', '/subscription', who, {
        plan_id: planOf('STARTER')._id,
        interval: 'month',
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await call('POST', '/subscribe', acme.users.OWNER, { plan_id: 'x' })).statusCode).toBe(422);
    expect(
      (
        await call('POST', '/subscribe', acme.users.OWNER, {
          plan_id: '7c0e4d39-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/subscribe', acme.users.OWNER, {
          plan_id: planOf('STARTER')._id,
          interval: 'week',
        })
      ).statusCode,
    ).toBe(422);
  });

  it('a paid plan starts a MANUAL payment; the operator marks it paid once; the plan is ACTIVE for a period', async () => {
    const started = await call('POST', '/subscription', acme.users.OWNER, {
      plan_id: planOf('STARTER')._id,
      interval: 'month',
    });
    expect(started.statusCode, started.body).toBe(200);
    const result = started.json().data;
    expect(result.status).toBe('PENDING_PAYMENT');
    expect(result.provider).toBe('MANUAL');
    expect(result.redirect_url).toBeNull();
    expect(result.amount_minor).toBe(99900);
    expect(result.instructions).toBeTruthy();
    const pending = await planInfo(acme.users.OWNER);
    expect(pending.plan.code).toBe('FREE');
    expect(pending.pending?.plan.code).toBe('STARTER');

    // Another company's transaction id: 404 for them; a non-operator: 403.
    expect((await call('GET', `/charge/${result.transaction_id}`, globex.users.OWNER)).statusCode).toBe(404);
    // The operators' console lists it as waiting, with the company's name; others may not look.
    const waiting = await call('GET', '/subscriptions/operator/transactions?status=PENDING', operator);
    expect(waiting.statusCode, waiting.body).toBe(200);
    const listed = waiting.json().data.data.find((t: { _id: string }) => t._id === result.transaction_id);
    expect(listed.payerCompanyId).toBe(acme.companyId);
    expect(listed.payerCompanyName).toBeTruthy();
    expect(listed.amount.amountMinor).toBe(99900);
    expect((await call('GET', '/subscriptions/operator/transactions', acme.users.OWNER)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/subscriptions/operator/transactions?status=NOPE', operator)).statusCode).toBe(
      422,
    );
    const mark = (who: SeededUser) =>
      call('PUT', `/subscriptions/operator/transactions/${result.transaction_id}`, who, { status: 'PAID' });
    expect((await mark(acme.users.OWNER)).statusCode).toBe(403);
    const paid = await mark(operator);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('PAID');
    const again = await mark(operator);
    expect(again.statusCode).toBe(200);

    const settled = await call('GET', '/subscriptions/operator/transactions?status=PENDING', operator);
    expect(settled.json().data.data.some((t: { _id: string }) => t._id === result.transaction_id)).toBe(
      false,
    );

    const info = await planInfo(acme.users.OWNER);
    expect(info.plan.code).toBe('STARTER');
    expect(info.status).toBe('ACTIVE');
    expect(info.interval).toBe('month');
    expect(info.pending).toBeNull();
    const days = (Date.parse(info.current_period_end!) - Date.parse(info.current_period_start!)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const txns = await call('GET', '/userTrasactions?page=1&limit=10', acme.users.OWNER);
    expect(txns.statusCode, txns.body).toBe(200);
    const row = txns.json().data.data[0];
    expect(row.status).toBe('PAID');
    expect(row.invoice_id).toBeTruthy();
    expect(txns.json().data.data).toHaveLength(1);
    expect((await call('GET', '/userTrasactions', globex.users.OWNER)).json().data.data).toHaveLength(0);
    const charge = await call('GET', `/charge/${result.change_id}`, acme.users.OWNER);
    expect(charge.json().data.status).toBe('PAID');
  });

  it('moves an ended period to EXPIRED (Free limits), once; a free plan applies at once', async () => {
    const db = t.platform.database.db;
    await db
      .update(companySubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(companySubscriptions.companyId, acme.companyId));
    expect(await expireEndedPeriods(db)).toBe(1);
    expect(await expireEndedPeriods(db)).toBe(0);
    const info = await planInfo(acme.users.OWNER);
    expect(info.status).toBe('EXPIRED');
    expect(info.plan.code).toBe('FREE');

    const free = await call('POST', '/subscribe', acme.users.OWNER, { plan_id: planOf('FREE')._id });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().data.status).toBe('ACTIVE');
    const after = await planInfo(acme.users.OWNER);
    expect(after.status).toBe('ACTIVE');
    expect(after.plan.code).toBe('FREE');
  });

  it('a failed wire leaves the plan as it was', async () => {
    const started = await call('POST', '/subscription', globex.users.OWNER, {
      plan_id: planOf('BUSINESS')._id,
      interval: 'year',
    });
    expect(started.json().data.amount_minor).toBe(2999000);
    const txnId = started.json().data.transaction_id;
    const res = await call('PUT', `/subscriptions/operator/transactions/${txnId}`, operator, {
      status: 'FAILED',
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = await planInfo(globex.users.OWNER);
    expect(info.plan.code).toBe('FREE');
    expect(info.pending).toBeNull();
    const unknown = await call('PUT', '/subscriptions/operator/transactions/nope', operator, {
      status: 'PAID',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('billing details: the owner saves, members read; bad input 422', async () => {
    const body = {
      name: 'Acme Realty Pvt Ltd',
      email: 'billing@acme.example',
      address: 'MG Road',
      tax_id: '29ABCDE1234F1Z5',
    };
    expect((await call('POST', '/createCustomer', acme.users.ADMIN, body)).statusCode).toBe(403);
    expect(
      (await call('POST', '/createCustomer', acme.users.OWNER, { ...body, email: 'nope' })).statusCode,
    ).toBe(422);
    const saved = await call('POST', '/createCustomer', acme.users.OWNER, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await call('GET', '/billing-details', acme.users.MEMBER);
    expect(read.json().data.tax_id).toBe('29ABCDE1234F1Z5');
    expect((await call('GET', '/billing-details', globex.users.OWNER)).json().data).toBeNull();
  });

  it('a one-off charge goes through the gateway; another company cannot read it', async () => {
    expect(
      (await call('POST', '/charge', acme.users.OWNER, { description: 'x', amount_minor: 0 })).statusCode,
    ).toBe(422);
    expect(
      (await call('POST', '/charge', acme.users.MEMBER, { description: 'x', amount_minor: 100 })).statusCode,
    ).toBe(403);
    const res = await call('POST', '/charge', acme.users.OWNER, {
      description: 'Extra storage 10 GB',
      amount_minor: 50000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { charge_id } = res.json().data;
    const read = await call('GET', `/charge/${charge_id}`, acme.users.OWNER);
    expect(read.json().data).toMatchObject({ kind: 'CHARGE', status: 'PENDING', amount_minor: 50000 });
    expect((await call('GET', `/charge/${charge_id}`, globex.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', '/charge/nope', acme.users.OWNER)).statusCode).toBe(404);
  });
});

describe('promo codes', () => {
  const validate = (who: SeededUser, code: string, planCode = 'STARTER', interval = 'month') =>
    call('PUT', `/promoCodeRedeem/validate/${code}`, who, { plan_id: planOf(planCode)._id, interval });
  const makeCode = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/promo-codes', operator, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('percent and amount off, on the interval’s price', async () => {
    await makeCode({ code: 'HALF', percent_off: 50 });
    await makeCode({ code: 'FLAT100', amount_off_minor: 10000 });
    const half = await validate(globex.users.OWNER, 'half', 'STARTER', 'year');
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().data).toMatchObject({
      price_minor: 999000,
      discount_minor: 499500,
      final_minor: 499500,
      status: 'PENDING',
    });
    const flat = await validate(globex.users.OWNER, 'FLAT100');
    expect(flat.json().data).toMatchObject({ price_minor: 99900, discount_minor: 10000, final_minor: 89900 });
  });

  it('refuses unknown, inactive, not yet valid, expired, other plans, free plans, non-owners', async () => {
    await makeCode({
      code: 'LATER',
      percent_off: 10,
      valid_from: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await makeCode({ code: 'GONE', percent_off: 10, valid_to: new Date(Date.now() - 1000).toISOString() });
    await makeCode({ code: 'OFF', percent_off: 10, active: false });
    await makeCode({ code: 'BIZONLY', percent_off: 10, plan_ids: [planOf('BUSINESS')._id] });
    const refused = async (code: string, plan = 'STARTER') => {
      const res = await validate(globex.users.OWNER, code, plan);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(422);
      return res.json().message as string;
    };
    expect(await refused('NOPE')).toMatch(/does not exist/);
    expect(await refused('OFF')).toMatch(/does not exist/);
    expect(await refused('LATER')).toMatch(/not valid yet/);
    expect(await refused('GONE')).toMatch(/expired/);
    expect(await refused('BIZONLY')).toMatch(/does not apply/);
    expect(await refused('HALF', 'FREE')).toMatch(/free/);
    expect(await refused('x y')).toMatch(/does not exist/);
    const ok = await validate(globex.users.OWNER, 'BIZONLY', 'BUSINESS');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await validate(globex.users.ADMIN, 'HALF')).statusCode).toBe(403);
  });

  it('never passes max redemptions, even at once; cancelling gives the place back', async () => {
    const promo = await makeCode({ code: 'ONLY2', percent_off: 20, max_redemptions: 2 });
    const companies = [acme, globex, await seedCompany(t), await seedCompany(t), await seedCompany(t)];
    const results = await Promise.all(companies.map((c) => validate(c.users.OWNER, 'ONLY2')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 422, 422, 422]);
    const [row] = await t.platform.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo._id));
    expect(row!.redemptionCount).toBe(2);

    const winner = results.findIndex((r) => r.statusCode === 200);
    const redemption: TRedemption = results[winner]!.json().data;
    const owner = companies[winner]!.users.OWNER;
    // Another company's redemption: 404.
    const otherOwner = companies.find((_, i) => i !== winner)!.users.OWNER;
    expect(
      (
        await call('PUT', `/promoCodeRedeem/validateStatus/${redemption._id}`, otherOwner, {
          status: 'CANCELLED',
        })
      ).statusCode,
    ).toBe(404);
    const cancelled = await call('PUT', `/promoCodeRedeem/validateStatus/${redemption._id}`, owner, {
      status: 'CANCELLED',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('CANCELLED');
    const applied = await call('PUT', `/promoCodeRedeem/validateStatus/${redemption._id}`, owner, {
      status: 'APPLIED',
    });
    expect(applied.statusCode).toBe(409);
    expect(
      (await call('PUT', `/promoCodeRedeem/validateStatus/${redemption._id}`, owner, { status: 'NOPE' }))
        .statusCode,
    ).toBe(422);
    const loser = companies.findIndex((_, i) => results[i]!.statusCode === 422);
    expect((await validate(companies[loser]!.users.OWNER, 'ONLY2')).statusCode).toBe(200);
  });

  it('a redemption lowers the subscription price and is APPLIED when paid; 100% off applies at once', async () => {
    const company = await seedCompany(t);
    const owner = company.users.OWNER;
    const redemption = (await validate(owner, 'HALF')).json().data as TRedemption;
    const wrongPlan = await call('POST', '/subscription', owner, {
      plan_id: planOf('BUSINESS')._id,
      interval: 'month',
      redemption_id: redemption._id,
    });
    expect(wrongPlan.statusCode).toBe(422);
    const started = await call('POST', '/subscription', owner, {
      plan_id: planOf('STARTER')._id,
      interval: 'month',
      redemption_id: redemption._id,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.amount_minor).toBe(49950);
    await call(
      'PUT',
      `/subscriptions/operator/transactions/${started.json().data.transaction_id}`,
      operator,
      { status: 'PAID' },
    );
    const status = await call('PUT', `/promoCodeRedeem/validateStatus/${redemption._id}`, owner, {
      status: 'APPLIED',
    });
    expect(status.json().data.status).toBe('APPLIED');
    expect((await planInfo(owner)).plan.code).toBe('STARTER');

    await makeCode({ code: 'GIFT', percent_off: 100 });
    const other = await seedCompany(t);
    const gift = (await validate(other.users.OWNER, 'GIFT', 'BUSINESS')).json().data as TRedemption;
    const res = await call('POST', '/subscribe', other.users.OWNER, {
      plan_id: planOf('BUSINESS')._id,
      redemption_id: gift._id,
    });
    expect(res.json().data).toMatchObject({ status: 'ACTIVE', amount_minor: 0 });
    expect((await planInfo(other.users.OWNER)).plan.code).toBe('BUSINESS');
  });
});

describe('limits (402 with the limit, usage, allowance and the plan that lifts it)', () => {
  let small: SeededCompany;
  beforeAll(async () => {
    const plan = await call('POST', '/createPlan', operator, {
      product_id: planOf('FREE').product_id,
      code: 'TINY',
      name: 'Tiny',
      price_month_minor: 100,
      price_year_minor: 1000,
      limits: { users: 4, documentsPerMonth: 1, entities: 1, records: 1, storageBytes: 10 },
      sort_order: 5,
    });
    expect(plan.statusCode, plan.body).toBe(200);
    small = await seedCompany(t, { name: 'Small Co' });
    await t.platform.database.db
      .insert(companySubscriptions)
      .values({ companyId: small.companyId, planId: plan.json().data._id, status: 'ACTIVE' });
  });

  const expect402 = (
    res: { statusCode: number; body: string; json: () => Record<string, unknown> },
    limit: string,
    upgrade = 'FREE',
  ) => {
    expect(res.statusCode, res.body).toBe(402);
    const body = res.json() as { error_code: string; data: Record<string, unknown>; message: string };
    expect(body.error_code).toBe('PLAN_LIMIT_REACHED');
    expect(body.data).toMatchObject({ limit, plan: { code: 'TINY' }, upgradePlan: { code: upgrade } });
    return body;
  };

  it('company users: inviting past the plan', async () => {
    const res = await call('POST', '/user/inviteUser', small.users.OWNER, {
      email: uniqueEmail('inv'),
      user_type: 'MEMBER',
    });
    const body = expect402(res, 'users', 'STARTER');
    expect(body.data).toMatchObject({ usage: 4, allowed: 4 });
    expect(body.message).toMatch(/Tiny plan allows 4 company users/);
    // Free (3 users) with 4 members: its upgrade path is Starter.
    const free = await call('POST', '/user/inviteUser', globex.users.OWNER, {
      email: uniqueEmail('inv'),
      user_type: 'MEMBER',
    });
    expect(free.statusCode).toBe(402);
    expect(free.json().data.upgradePlan.code).toBe('STARTER');
  });

  it('entities, records and storage', async () => {
    const entity = await call('POST', '/entities/create', small.users.OWNER, {
      name: 'Leads',
      fields: [
        { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' },
        { key: 'doc', label: 'Doc', type: 'FILE' },
      ],
    });
    expect(entity.statusCode, entity.body).toBe(200);
    const e = entity.json().data as { _id: string; primary_template_id: string };
    expect402(
      await call('POST', '/entities/create', small.users.OWNER, {
        name: 'More',
        fields: [{ key: 't', label: 'T', type: 'SINGLE_LINE_TEXT' }],
      }),
      'entities',
    );
    const add = () =>
      call('POST', '/entities-data', small.users.OWNER, {
        entity_id: e._id,
        values: { [e.primary_template_id]: { title: 'A' } },
      });
    expect((await add()).statusCode).toBe(200);
    expect402(await add(), 'records');
    const upload = await call('POST', '/templates-data/file-upload-url', small.users.OWNER, {
      entity_id: e._id,
      template_id: e.primary_template_id,
      field_key: 'doc',
      file_name: 'a.pdf',
      mime_type: 'application/pdf',
      size: 100,
    });
    expect402(upload, 'storageBytes');
  });

  it('documents sent this month', async () => {
    const send = async () => {
      const doc = await createDocument(t, small.users.OWNER, small.companyId);
      const laid = await saveLayout(t, small.users.OWNER, doc, {
        fields: [signatureField('f1', 'r1')],
        document_users: [signer('r1', uniqueEmail('s'))],
      });
      return call('POST', '/company-documents/documents/send', small.users.OWNER, {
        configurable_document_id: laid._id,
      });
    };
    expect((await send()).statusCode).toBe(200);
    expect402(await send(), 'documentsPerMonth');
    const info = await planInfo(small.users.OWNER);
    expect(info.usage.find((u) => u.limit === 'documentsPerMonth')).toMatchObject({ usage: 1, allowed: 1 });
  });

  it('an unlimited plan never counts', async () => {
    const big = await seedCompany(t);
    await t.platform.database.db
      .insert(companySubscriptions)
      .values({ companyId: big.companyId, planId: planOf('ENTERPRISE')._id, status: 'ACTIVE' });
    const res = await call('POST', '/user/inviteUser', big.users.OWNER, {
      email: uniqueEmail('inv'),
      user_type: 'MEMBER',
    });
    expect(res.statusCode, res.body).toBe(200);
    await seedMember(t, big.companyId, 'MEMBER');
  });
});
