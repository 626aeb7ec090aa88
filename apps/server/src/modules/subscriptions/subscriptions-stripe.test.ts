import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlan, TPlanInfo } from '@esigns/contracts/subscriptions';
// @ts-expect-error plain ESM script without types (scripts/stripe-test-server.mjs)
import { startStripeTestServer } from '../../../../../scripts/stripe-test-server.mjs';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../auth/schema';
import { expireEndedPeriods } from '.';
import { companySubscriptions } from './schema';

// A plan change paid through Stripe Checkout on the local test server (scripts/stripe-test-server.mjs):
// the signed webhook makes the plan ACTIVE once (a replay changes nothing), a renewal moves the
// period on, cancelling stops renewals, an abandoned checkout leaves the plan as it was.

type Delivery = { body: string; headers: Record<string, string> };
type StripeTestServer = {
  url: string;
  close: () => Promise<void>;
  completeCheckout: (id: string, outcome: 'pay' | 'fail' | 'cancel') => Promise<string>;
  advanceSubscription: (id: string) => Promise<unknown>;
  resend: (eventId: string) => Promise<number>;
  settled: () => Promise<void>;
  state: { events: { event: { id: string; type: string } }[] };
};

const KEY = 'sk_test_subscriptions000000';
const SECRET = 'whsec_subscriptions0000000';
let t: TestApp;
let stripe: StripeTestServer;
let acme: SeededCompany;
let operator: SeededUser;
let plans: TPlan[];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SeededUser, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const planOf = (code: string) => plans.find((p) => p.code === code)!;
const info = async (who: SeededUser): Promise<TPlanInfo> =>
  (await call('GET', '/getPlanInfo', who)).json().data;
const sessionOf = (url: string) => url.split('/checkout/')[1]!;

beforeAll(async () => {
  stripe = (await startStripeTestServer({
    webhookSecret: SECRET,
    deliver: async ({ body, headers }: Delivery) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payment-gateway/webhooks/stripe',
          headers,
          payload: body,
        })
      ).statusCode,
  })) as StripeTestServer;
  t = await buildTestApp({
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
    DEFAULT_PLAN: 'FREE',
    OPERATOR_EMAILS: '@ops.example',
  });
  acme = await seedCompany(t, { name: 'Acme Realty' });
  const ops = await seedCompany(t, { name: 'Ops' });
  await t.platform.database.db
    .update(users)
    .set({ email: 'root@ops.example' })
    .where(eq(users.id, ops.users.OWNER.userId));
  operator = ops.users.OWNER;
  plans = (await call('GET', '/getPlans/ESIGNS', acme.users.OWNER)).json().data;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('plans paid through Stripe Checkout', () => {
  it('a promo code, Checkout, the webhook: ACTIVE once; renewals move the period; cancel ends renewals', async () => {
    const promo = await call('POST', '/promo-codes', operator, { code: 'STRIPE25', percent_off: 25 });
    expect(promo.statusCode, promo.body).toBe(200);
    const redemption = await call('PUT', '/promoCodeRedeem/validate/stripe25', acme.users.OWNER, {
      plan_id: planOf('BUSINESS')._id,
      interval: 'month',
    });
    expect(redemption.json().data.final_minor).toBe(224925);
    const started = await call('POST', '/subscription', acme.users.OWNER, {
      plan_id: planOf('BUSINESS')._id,
      interval: 'month',
      redemption_id: redemption.json().data._id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const result = started.json().data;
    expect(result).toMatchObject({ status: 'PENDING_PAYMENT', provider: 'STRIPE', amount_minor: 224925 });
    expect(result.redirect_url).toContain('/checkout/cs_');

    const back = await stripe.completeCheckout(sessionOf(result.redirect_url), 'pay');
    expect(back).toContain(`/paymentStatus?txn=${result.transaction_id}`);
    await stripe.settled();
    const paid = await info(acme.users.OWNER);
    expect(paid).toMatchObject({ status: 'ACTIVE', interval: 'month', pending: null });
    expect(paid.plan.code).toBe('BUSINESS');
    const firstEnd = Date.parse(paid.current_period_end!);

    // The same event again: nothing changes (the gateway records each event once).
    const completed = stripe.state.events.find((e) => e.event.type === 'checkout.session.completed')!;
    expect(await stripe.resend(completed.event.id)).toBe(200);
    expect((await info(acme.users.OWNER)).current_period_end).toBe(paid.current_period_end);
    const applied = await call(
      'PUT',
      `/promoCodeRedeem/validateStatus/${redemption.json().data._id}`,
      acme.users.OWNER,
      {
        status: 'APPLIED',
      },
    );
    expect(applied.json().data.status).toBe('APPLIED');

    const txns = (await call('GET', '/userTrasactions', acme.users.OWNER)).json().data.data;
    expect(txns).toHaveLength(1);
    expect(txns[0]).toMatchObject({ status: 'PAID', amount_minor: 224925 });
    expect(txns[0].invoice_id).toBeTruthy();

    // The period ends unpaid: EXPIRED; the renewal paid later: ACTIVE again with the next period.
    await t.platform.database.db
      .update(companySubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(companySubscriptions.companyId, acme.companyId));
    expect(await expireEndedPeriods(t.platform.database.db)).toBe(1);
    expect((await info(acme.users.OWNER)).plan.code).toBe('FREE');
    const txn = await call('GET', `/payment-gateway/transactions/${result.transaction_id}`, acme.users.OWNER);
    await stripe.advanceSubscription(txn.json().data.providerSubscriptionId);
    await stripe.settled();
    const renewed = await info(acme.users.OWNER);
    expect(renewed.status).toBe('ACTIVE');
    expect(renewed.plan.code).toBe('BUSINESS');
    expect(Date.parse(renewed.current_period_end!)).toBeGreaterThan(firstEnd - 1000);

    const cancel = await call('POST', '/subscription/cancel', acme.users.OWNER);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await stripe.settled();
    const cancelled = await info(acme.users.OWNER);
    expect(cancelled).toMatchObject({ status: 'ACTIVE', cancel_at_period_end: true });
    expect((await call('POST', '/subscription/cancel', acme.users.OWNER)).statusCode).toBe(200);
  });

  it('an abandoned checkout leaves the plan as it was and releases nothing it did not hold', async () => {
    const other = await seedCompany(t);
    const started = (
      await call('POST', '/subscription', other.users.OWNER, {
        plan_id: planOf('STARTER')._id,
        interval: 'year',
      })
    ).json().data;
    expect(started.amount_minor).toBe(999000);
    await stripe.completeCheckout(sessionOf(started.redirect_url), 'cancel');
    await stripe.settled();
    const after = await info(other.users.OWNER);
    expect(after.plan.code).toBe('FREE');
    const failed = (
      await call('POST', '/subscription', other.users.OWNER, {
        plan_id: planOf('STARTER')._id,
        interval: 'month',
      })
    ).json().data;
    await stripe.completeCheckout(sessionOf(failed.redirect_url), 'fail');
    await stripe.settled();
    expect((await info(other.users.OWNER)).plan.code).toBe('FREE');
  });
});
