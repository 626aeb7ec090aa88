import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
// @ts-expect-error plain ESM script without types (scripts/stripe-test-server.mjs)
import { startStripeTestServer } from '../../../../../scripts/stripe-test-server.mjs';
import { seedEntity } from '../../../test/contact-caller';
import { callsOf, type Who } from '../../../test/inject-calls';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createGuestSession } from '../form-builders';
import { getTransaction } from '../payment-gateway';

/*
 * Pay buttons through Stripe (the official SDK against scripts/stripe-test-server.mjs): the
 * company's own Stripe account, Checkout, the signed webhook marking the button paid once (replays
 * of every event change nothing), a failed and an expired (abandoned) checkout leaving it unpaid, a
 * guest paying on a public form.
 */

type Delivery = { body: string; headers: Record<string, string> };
type StripeTestServer = {
  url: string;
  close: () => Promise<void>;
  completeCheckout: (id: string, outcome: 'pay' | 'fail' | 'cancel') => Promise<string>;
  resend: (eventId: string) => Promise<number>;
  setWebhookEndpoint: (
    apiKey: string,
    endpoint: { secret: string; deliver: (d: Delivery) => Promise<number> },
  ) => void;
  state: { events: { event: { id: string; type: string; data: { object: { id: string } } } }[] };
};

const ACME_KEY = 'sk_test_paybuttons11111111';
const ACME_SECRET = 'whsec_paybuttons11111111';

let t: TestApp;
let stripe: StripeTestServer;
let acme: SeededCompany;
let invoices: TEntity;
let tplId: string;
let form: { id: string; stepId: string };
const call = callsOf(() => t.app);

const toApp =
  (path: string) =>
  async ({ body, headers }: Delivery) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/payment-gateway/webhooks/stripe${path}`,
        headers,
        payload: body,
      })
    ).statusCode;

const sessionIdOf = (redirectUrl: string | null) => redirectUrl!.split('/checkout/')[1]!;
const eventsOfSession = (sessionId: string) =>
  stripe.state.events.filter((r) => r.event.data.object.id === sessionId).map((r) => r.event.id);

async function record(values: Record<string, unknown>): Promise<TEntityRecord> {
  const res = await call('POST', '/api/entities-data', acme.users.OWNER, {
    entity_id: invoices._id,
    values: { [tplId]: values },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const pay = (r: TEntityRecord) =>
  call('POST', '/api/payment', acme.users.OWNER, {
    record_id: r._id,
    template_id: tplId,
    field_key: 'pay_total',
    return_path: `/entity/view/${r._id}`,
  });
const states = async (who: Who, query: string) =>
  (await call('GET', `/api/pay-buttons/status?${query}`, who)).json().data as {
    paid: boolean;
    status: string;
  }[];

beforeAll(async () => {
  stripe = (await startStripeTestServer({
    webhookSecret: 'whsec_instance000000000',
    deliver: toApp(''),
  })) as StripeTestServer;
  t = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_instance00000000',
    STRIPE_WEBHOOK_SECRET: 'whsec_instance000000000',
    STRIPE_API_URL: stripe.url,
  });
  acme = await seedCompany(t, { name: 'Stripe Pay Acme' });
  invoices = await seedEntity(call, acme, 'Invoices', [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' },
    { key: 'total', label: 'Total', type: 'NUMBER' },
    { key: 'pay_total', label: 'Pay total', type: 'PAY_BUTTON', amount_field: 'total' },
  ]);
  tplId = invoices.primary_template_id;
  const account = await call('POST', '/api/payment-systems', acme.users.OWNER, {
    provider: 'STRIPE',
    name: 'Acme cards',
    secretKey: ACME_KEY,
    webhookSecret: ACME_SECRET,
  });
  expect(account.statusCode, account.body).toBe(200);
  const accountId = account.json().data._id as string;
  stripe.setWebhookEndpoint(ACME_KEY, { secret: ACME_SECRET, deliver: toApp(`/${accountId}`) });
  const integration = await call('POST', '/api/integration', acme.users.ADMIN, {
    template_id: tplId,
    account_id: accountId,
  });
  expect(integration.statusCode, integration.body).toBe(200);
  const stepId = randomUUID();
  const steps: TStoredFormStep[] = [
    { id: stepId, name: 'Order', type: 'TEMPLATE', template_id: tplId, required: true, condition: null },
  ];
  const res = await call('POST', '/api/formBuilders', acme.users.ADMIN, {
    name: 'Stripe order form',
    owner_type: 'ANYONE',
    status: 'ACTIVE',
    steps,
    settings: {},
  });
  expect(res.statusCode, res.body).toBe(201);
  form = { id: res.json().data._id, stepId };
}, 240_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('pay buttons through Stripe', () => {
  it('Checkout on the company account; the webhook marks the button paid once; replays change nothing', async () => {
    const r = await record({ name: 'Job', total: 2500 });
    const res = await pay(r);
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().data;
    expect(started).toMatchObject({
      provider: 'STRIPE',
      status: 'PENDING',
      amount: { amountMinor: 250_000 },
    });
    expect(started.redirect_url).toMatch(new RegExp(`^${stripe.url}/checkout/`));
    const back = await stripe.completeCheckout(sessionIdOf(started.redirect_url), 'pay');
    expect(back).toContain(`/entity/view/${r._id}?pay_button=${started.payment_id}`);
    expect(await states(acme.users.OWNER, `record_id=${r._id}`)).toMatchObject([
      { paid: true, status: 'PAID' },
    ]);
    for (const eventId of eventsOfSession(sessionIdOf(started.redirect_url))) {
      expect(await stripe.resend(eventId)).toBe(200);
    }
    const detail = (
      await call('GET', `/api/pay-buttons/payments/${started.payment_id}`, acme.users.OWNER)
    ).json().data;
    expect(detail.events.filter((e: { to_status: string }) => e.to_status === 'PAID')).toHaveLength(1);
    expect((await getTransaction(t.platform.database.db, started.transaction_id))?.invoiceId).toBeTruthy();
    expect((await pay(r)).statusCode).toBe(409);
  });

  it('a failed checkout and an abandoned (expired) one leave the button unpaid', async () => {
    const r = await record({ name: 'Failing job', total: 10 });
    const first = (await pay(r)).json().data;
    await stripe.completeCheckout(sessionIdOf(first.redirect_url), 'fail');
    const afterFail = await states(acme.users.OWNER, `record_id=${r._id}`);
    expect(afterFail[0]?.paid).toBe(false);
    const second = (await pay(r)).json().data;
    const secondFresh =
      second.payment_id !== first.payment_id || second.transaction_id !== first.transaction_id;
    expect(secondFresh || afterFail[0]?.status === 'PENDING').toBe(true);
    await stripe.completeCheckout(sessionIdOf(second.redirect_url), 'cancel');
    const [state] = await states(acme.users.OWNER, `record_id=${r._id}`);
    expect(state).toMatchObject({ paid: false });
    expect(['EXPIRED', 'FAILED', 'CANCELLED']).toContain(state!.status);
  });

  it('a guest pays their submission on a public form', async () => {
    const session = await createGuestSession(t.platform.database.db, {
      companyId: acme.companyId,
      formBuilderId: form.id,
      email: 'guest@stripe.example',
      kind: 'GUEST',
      ttlDays: 1,
    });
    const guest = { headers: { userid: session.guestId, passcode: session.secret, formbuilderid: form.id } };
    const saved = await call('POST', '/api/formbuilder-data/template', guest, {
      formbuilder_details_id: form.id,
      step_id: form.stepId,
      values: { name: 'Guest order', total: 99.5 },
      complete: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data._id;
    const res = await call('POST', '/api/orderPlace', guest, {
      submission_id: id,
      step_id: form.stepId,
      field_key: 'pay_total',
      return_path: '/public/fbd/x/execute',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount.amountMinor).toBe(9_950);
    await stripe.completeCheckout(sessionIdOf(res.json().data.redirect_url), 'pay');
    expect(await states(guest, `submission_id=${id}`)).toMatchObject([{ paid: true }]);
  });
});
