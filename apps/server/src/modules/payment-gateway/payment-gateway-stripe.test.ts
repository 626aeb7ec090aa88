import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTransaction } from '@esigns/contracts/payments';
// @ts-expect-error plain ESM script without types (scripts/stripe-test-server.mjs)
import { signPayload, startStripeTestServer } from '../../../../../scripts/stripe-test-server.mjs';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { until } from '../../../test/test-workers';
import {
  cancelRecurring,
  getTransaction,
  registerPaymentPurpose,
  settleManualTransaction,
  startPayment,
  type StartPaymentInput,
  type TransactionView,
} from '.';
import { paymentInvoices, paymentProviderEvents } from './schema';

// Stripe through the official SDK against the local test server (scripts/stripe-test-server.mjs):
// Checkout in payment and subscription mode, signed webhooks delivered to the app (inject), replays,
// bad signatures, failures, renewals, a company's own account, refresh from Stripe, and invoice
// numbers without gaps under concurrent payments.

type Delivery = { body: string; headers: Record<string, string>; url?: string };
type StripeTestServer = {
  url: string;
  close: () => Promise<void>;
  completeCheckout: (id: string, outcome: 'pay' | 'fail' | 'cancel') => Promise<string>;
  advanceSubscription: (id: string) => Promise<unknown>;
  resend: (eventId: string) => Promise<number>;
  settled: () => Promise<void>;
  setWebhookEndpoint: (
    apiKey: string,
    endpoint: { secret: string; deliver: (d: Delivery) => Promise<number> },
  ) => void;
  state: {
    endpoints: Map<string, { url: string; secret: string }>;
    events: { event: { id: string; type: string; data: { object: { id: string } } } }[];
    sessions: Map<string, { id: string }>;
  };
};

const INSTANCE_KEY = 'sk_test_instance0000000000';
const INSTANCE_SECRET = 'whsec_instancesecret0000';
const ACME_KEY = 'sk_test_acmecompany111111';
const ACME_SECRET = 'whsec_acmesecret11111111';

let t: TestApp;
let stripe: StripeTestServer;
let acme: SeededCompany;
let globex: SeededCompany;
let deliveriesOn = true;
const calls = {
  paid: [] as TransactionView[],
  failed: [] as TransactionView[],
  renewed: [] as { start: Date; end: Date }[],
  ended: [] as string[],
};

const toApp =
  (path: string) =>
  async ({ body, headers }: Delivery) => {
    if (!deliveriesOn) return 503;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment-gateway/webhooks/stripe${path}`,
      headers,
      payload: body,
    });
    return res.statusCode;
  };

beforeAll(async () => {
  stripe = (await startStripeTestServer({
    webhookSecret: INSTANCE_SECRET,
    deliver: toApp(''),
  })) as StripeTestServer;
  t = await buildTestApp({
    STRIPE_SECRET_KEY: INSTANCE_KEY,
    STRIPE_WEBHOOK_SECRET: INSTANCE_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  acme = await seedCompany(t, { name: 'Acme Realty' });
  globex = await seedCompany(t, { name: 'Globex' });
  registerPaymentPurpose('DIRECT', {
    onPaid: async (_tx, txn) => void calls.paid.push(txn),
    onFailed: async (_tx, txn) => void calls.failed.push(txn),
    onRenewed: async (_tx, _txn, period) => void calls.renewed.push(period),
    onRecurringEnded: async (_tx, txn) => void calls.ended.push(txn._id),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.platform.database.db;
const instancePayment = (key: string, extra: Partial<StartPaymentInput> = {}) =>
  db().transaction((tx) =>
    startPayment(tx, {
      scope: { kind: 'INSTANCE' },
      payerCompanyId: globex.companyId,
      payer: { email: globex.users.OWNER.email, name: 'Globex' },
      lines: [{ description: 'Business plan', amount: { amountMinor: 249_900, currency: 'INR' } }],
      purpose: { kind: 'DIRECT', ref: `ref-${key}` },
      successPath: '/paymentStatus',
      cancelPath: '/paymentStatus',
      idempotencyKey: key,
      ...extra,
    }),
  );
const sessionIdOf = (redirectUrl: string | null) => redirectUrl!.split('/checkout/')[1]!;
const txn = async (id: string) => (await getTransaction(db(), id))!;
const invoiceCount = async (txnId: string) =>
  (
    await db().select({ n: count() }).from(paymentInvoices).where(eq(paymentInvoices.transactionId, txnId))
  )[0]!.n;
const eventsOfSession = (sessionId: string) =>
  stripe.state.events.filter((r) => r.event.data.object.id === sessionId).map((r) => r.event.id);

describe('Stripe Checkout through the test server', () => {
  it('payment mode: the checkout page, the signed webhook, PAID, onPaid once, one invoice; replays change nothing', async () => {
    const started = await instancePayment('stripe-pay-1');
    expect(started).toMatchObject({ provider: 'STRIPE', status: 'PENDING' });
    expect(started.redirectUrl).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const page = await fetch(started.redirectUrl!);
    expect(await page.text()).toContain('Pay');

    const next = await stripe.completeCheckout(sessionIdOf(started.redirectUrl), 'pay');
    expect(next).toBe(`http://localhost:3000/paymentStatus?txn=${started.transactionId}`);
    const paid = await txn(started.transactionId);
    expect(paid).toMatchObject({ status: 'PAID', amount: { amountMinor: 249_900, currency: 'INR' } });
    expect(paid.invoiceId).toBeTruthy();
    expect(calls.paid.filter((p) => p._id === started.transactionId)).toHaveLength(1);

    for (const eventId of eventsOfSession(sessionIdOf(started.redirectUrl))) {
      expect(await stripe.resend(eventId)).toBe(200);
    }
    expect(calls.paid.filter((p) => p._id === started.transactionId)).toHaveLength(1);
    expect(await invoiceCount(started.transactionId)).toBe(1);
    // The same idempotency key: the same transaction, no second checkout.
    expect((await instancePayment('stripe-pay-1')).transactionId).toBe(started.transactionId);
  });

  it('subscription mode with a discount: PAID with the subscription; a renewal invoices the next period; cancel ends it once', async () => {
    const started = await instancePayment('stripe-sub-1', {
      recurring: { interval: 'month' },
      discount: { description: 'PROMO20', amount: { amountMinor: 49_980, currency: 'INR' } },
    });
    const sessionId = sessionIdOf(started.redirectUrl);
    await stripe.completeCheckout(sessionId, 'pay');
    const paid = await txn(started.transactionId);
    expect(paid).toMatchObject({
      status: 'PAID',
      amount: { amountMinor: 199_920 },
      recurring: { interval: 'month' },
    });
    expect(paid.providerSubscriptionId).toMatch(/^sub_test_/);
    expect(calls.paid.filter((p) => p._id === started.transactionId)).toHaveLength(1);
    expect(await invoiceCount(started.transactionId)).toBe(1);

    await stripe.advanceSubscription(paid.providerSubscriptionId!);
    expect(calls.renewed).toHaveLength(1);
    expect(calls.renewed[0]!.end.getTime()).toBeGreaterThan(calls.renewed[0]!.start.getTime());
    expect(await invoiceCount(started.transactionId)).toBe(2);
    const renewal = stripe.state.events.at(-1)!;
    expect(await stripe.resend(renewal.event.id)).toBe(200);
    expect(calls.renewed).toHaveLength(1);
    expect(await invoiceCount(started.transactionId)).toBe(2);

    await db().transaction((tx) => cancelRecurring(tx, started.transactionId));
    await stripe.settled();
    expect(calls.ended.filter((id) => id === started.transactionId)).toHaveLength(1);
  });

  it('a failed card: FAILED and onFailed once; a cancelled checkout: EXPIRED', async () => {
    const failing = await instancePayment('stripe-fail-1');
    await stripe.completeCheckout(sessionIdOf(failing.redirectUrl), 'fail');
    expect(await txn(failing.transactionId)).toMatchObject({ status: 'FAILED', invoiceId: null });
    expect(calls.failed.filter((f) => f._id === failing.transactionId)).toHaveLength(1);

    const leaving = await instancePayment('stripe-cancel-1');
    const back = await stripe.completeCheckout(sessionIdOf(leaving.redirectUrl), 'cancel');
    expect(back).toContain(`txn=${leaving.transactionId}`);
    expect((await txn(leaving.transactionId)).status).toBe('EXPIRED');
    expect(calls.failed.filter((f) => f._id === leaving.transactionId)).toHaveLength(1);
    expect(calls.paid.filter((p) => p._id === leaving.transactionId)).toHaveLength(0);
  });

  it('refuses a bad signature with 400 and writes nothing', async () => {
    const before = (await db().select({ n: count() }).from(paymentProviderEvents))[0]!.n;
    const started = await instancePayment('stripe-forged-1');
    const body = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_x',
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: started.transactionId,
        },
      },
    });
    const post = (headers: Record<string, string>, payload = body) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment-gateway/webhooks/stripe',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    for (const headers of [
      {} as Record<string, string>,
      { 'stripe-signature': signPayload(body, 'whsec_wrongsecret') },
      { 'stripe-signature': 't=1,v1=00' },
    ]) {
      expect((await post(headers)).statusCode).toBe(400);
    }
    // A body changed after signing.
    const signature = signPayload(body, INSTANCE_SECRET);
    expect((await post({ 'stripe-signature': signature }, body.replace('paid', 'PAID'))).statusCode).toBe(
      400,
    );
    // An old timestamp (beyond the SDK's tolerance).
    expect(
      (
        await post({
          'stripe-signature': signPayload(body, INSTANCE_SECRET, Math.floor(Date.now() / 1000) - 3600),
        })
      ).statusCode,
    ).toBe(400);
    const after = (await db().select({ n: count() }).from(paymentProviderEvents))[0]!.n;
    expect(after).toBe(before);
    expect((await txn(started.transactionId)).status).toBe('PENDING');
    // The right signature goes through, once.
    expect((await post({ 'stripe-signature': signature })).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await post({ 'stripe-signature': signPayload(body, INSTANCE_SECRET) })).json()).toEqual({
      received: true,
      duplicate: true,
    });
    expect((await txn(started.transactionId)).status).toBe('PAID');
  });
});

describe("a company's own Stripe account", () => {
  let accountId: string;
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who: SeededCompany['users']['OWNER'],
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: who.headers,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  it('POST /init goes through its account; its endpoint checks its own secret', async () => {
    const res = await call('POST', '/payment-systems', acme.users.OWNER, {
      provider: 'STRIPE',
      name: 'Acme cards',
      secretKey: ACME_KEY,
      webhookSecret: ACME_SECRET,
    });
    expect(res.statusCode, res.body).toBe(200);
    accountId = res.json().data._id;
    expect(res.json().data.webhookUrl).toBe(
      `http://localhost:3000/api/payment-gateway/webhooks/stripe/${accountId}`,
    );
    stripe.setWebhookEndpoint(ACME_KEY, { secret: ACME_SECRET, deliver: toApp(`/${accountId}`) });

    const init = await call('POST', '/init', acme.users.OWNER, {
      accountId,
      payer: { email: 'buyer@example.com' },
      lines: [{ description: 'Site visit', amount: { amountMinor: 50_000, currency: 'INR' } }],
      idempotencyKey: 'acme-stripe-0001',
    });
    expect(init.statusCode, init.body).toBe(200);
    const started = init.json().data;
    expect(started.provider).toBe('STRIPE');
    await stripe.completeCheckout(sessionIdOf(started.redirectUrl), 'pay');
    const view = await call(
      'GET',
      `/payment-gateway/transactions/${started.transactionId}`,
      acme.users.OWNER,
    );
    const done: TTransaction = view.json().data;
    expect(done).toMatchObject({ status: 'PAID', accountId, companyId: acme.companyId });
    const invoice = await call('GET', `/invoices/${done.invoiceId}`, acme.users.OWNER);
    expect(invoice.json().data).toMatchObject({
      issuer: { companyId: acme.companyId },
      number: `INV-${new Date().getUTCFullYear()}-000001`,
    });
    expect((await call('GET', `/invoices/${done.invoiceId}`, globex.users.OWNER)).statusCode).toBe(404);

    // Acme's secret is no good on the instance endpoint, nor on another account's.
    const body = JSON.stringify({ id: 'evt_x', object: 'event', type: 'ping', data: { object: {} } });
    const headers = {
      'content-type': 'application/json',
      'stripe-signature': signPayload(body, ACME_SECRET),
    };
    const onInstance = await t.app.inject({
      method: 'POST',
      url: '/api/payment-gateway/webhooks/stripe',
      headers,
      payload: body,
    });
    expect(onInstance.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payment-gateway/webhooks/stripe/00000000-0000-4000-8000-000000000000',
      headers,
      payload: body,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('PUT /update refreshes a Stripe transaction from Stripe when the webhook never came', async () => {
    const init = await call('POST', '/init', acme.users.OWNER, {
      accountId,
      payer: { email: 'buyer2@example.com' },
      lines: [{ description: 'Deposit', amount: { amountMinor: 70_000, currency: 'INR' } }],
      idempotencyKey: 'acme-stripe-0002',
    });
    const started = init.json().data;
    deliveriesOn = false;
    try {
      await stripe.completeCheckout(sessionIdOf(started.redirectUrl), 'pay');
    } finally {
      deliveriesOn = true;
    }
    expect((await txn(started.transactionId)).status).toBe('PENDING');
    const refreshed = await call('PUT', `/update/${accountId}/${started.transactionId}`, acme.users.ADMIN);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().data.status).toBe('PAID');
    expect(calls.paid.filter((p) => p._id === started.transactionId)).toHaveLength(1);
  });

  it('an account added without a webhook secret registers its endpoint with Stripe and keeps the secret', async () => {
    const key = 'sk_test_autoregister33333';
    const res = await call('POST', '/payment-systems', acme.users.OWNER, {
      provider: 'STRIPE',
      name: 'Auto',
      secretKey: key,
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json().data;
    expect(account.hasWebhookSecret).toBe(true);
    const registered = stripe.state.endpoints.get(key)!;
    expect(registered.url).toBe(account.webhookUrl);
    stripe.setWebhookEndpoint(key, { secret: registered.secret, deliver: toApp(`/${account._id}`) });
    const init = await call('POST', '/init', acme.users.OWNER, {
      accountId: account._id,
      payer: { email: 'auto@example.com' },
      lines: [{ description: 'Fee', amount: { amountMinor: 2_500, currency: 'INR' } }],
      idempotencyKey: 'acme-auto-0001',
    });
    await stripe.completeCheckout(sessionIdOf(init.json().data.redirectUrl), 'pay');
    expect((await txn(init.json().data.transactionId)).status).toBe('PAID');
  });

  it("Stripe refusing the call is a 503 'External api error' and leaves no transaction", async () => {
    const live = await call('POST', '/payment-systems', acme.users.OWNER, {
      provider: 'STRIPE',
      name: 'Live (refused by the test server)',
      secretKey: 'sk_live_notacceptedhere22',
      webhookSecret: 'whsec_whatever00',
    });
    expect(live.json().data.mode).toBe('LIVE');
    const init = await call('POST', '/init', acme.users.OWNER, {
      accountId: live.json().data._id,
      payer: { email: 'buyer3@example.com' },
      lines: [{ description: 'Deposit', amount: { amountMinor: 1_000, currency: 'INR' } }],
      idempotencyKey: 'acme-stripe-0003',
    });
    expect(init.statusCode).toBe(503);
    expect(init.json().message).toBe('External api error');
    const list = await call('GET', '/payment-gateway/transactions?limit=100', acme.users.OWNER);
    expect(list.json().data.data.map((x: TTransaction) => x.payer.email)).not.toContain('buyer3@example.com');
  });
});

describe('invoice numbers', () => {
  it('run without gaps per series under concurrent payments', async () => {
    const company = await seedCompany(t, { name: 'Initech' });
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const started = await db().transaction((tx) =>
        startPayment(tx, {
          scope: { kind: 'COMPANY', companyId: company.companyId },
          payer: { email: `p${i}@example.com` },
          lines: [{ description: 'Rent', amount: { amountMinor: 1_000 + i, currency: 'INR' } }],
          purpose: { kind: 'DIRECT', ref: `rent-${i}` },
          successPath: '/paymentStatus',
          cancelPath: '/paymentStatus',
          idempotencyKey: `initech-${i}`,
        }),
      );
      expect(started.provider).toBe('MANUAL');
      ids.push(started.transactionId);
    }
    // One of them fails half way (its number must come back: no gap).
    const results = await Promise.allSettled(
      ids.map((id, i) =>
        db().transaction(async (tx) => {
          await settleManualTransaction(tx, id, 'PAID');
          if (i === 3) throw new Error('rolled back after the invoice was numbered');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const rows = await db()
      .select({ seq: paymentInvoices.seq })
      .from(paymentInvoices)
      .where(eq(paymentInvoices.seriesKey, `C:${company.companyId}`));
    expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await until(
      async () => (await txn(ids[3]!)).status === 'PENDING',
      'the rolled back payment still pending',
      1000,
    );
  });
});
