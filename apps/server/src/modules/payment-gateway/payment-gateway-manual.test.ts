import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentAccount, TTransaction } from '@esigns/contracts/payments';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import {
  getTransaction,
  registerPaymentPurpose,
  settleManualTransaction,
  startPayment,
  type TransactionView,
} from '.';

// The MANUAL (wire) provider end to end, with no Stripe anywhere: accounts, a direct payment,
// marking it paid, the invoice and its PDF; the public functions with INSTANCE scope; other
// companies' ids; bad input.

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
const paid: TransactionView[] = [];
const failed: TransactionView[] = [];

beforeAll(async () => {
  t = await buildTestApp({ WIRE_INSTRUCTIONS: 'IBAN IN00 TEST 0000 0000' });
  acme = await seedCompany(t, { name: 'Acme Realty' });
  globex = await seedCompany(t, { name: 'Globex' });
  registerPaymentPurpose('DIRECT', {
    onPaid: async (_tx, txn) => void paid.push(txn),
    onFailed: async (_tx, txn) => void failed.push(txn),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Caller = SeededCompany['users']['OWNER'];
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Caller, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const line = (amountMinor: number) => ({
  description: 'Consulting',
  amount: { amountMinor, currency: 'INR' },
});

describe('MANUAL payments', () => {
  let account: TPaymentAccount;

  it('lists the providers: STRIPE not configured on this instance, MANUAL yes, SWIREPAY a slot', async () => {
    const res = await call('GET', '/activeSystems', acme.users.ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(
      data.providers.map((p: { provider: string; configured: boolean }) => [p.provider, p.configured]),
    ).toEqual([
      ['STRIPE', false],
      ['MANUAL', true],
      ['SWIREPAY', false],
    ]);
    expect(data.accounts).toEqual([]);
    expect(data.wireInstructions).toBe('IBAN IN00 TEST 0000 0000');
  });

  it('adds a MANUAL account (owners and admins only)', async () => {
    const member = await call('POST', '/payment-systems', acme.users.MEMBER, {
      provider: 'MANUAL',
      name: 'Bank',
    });
    expect(member.statusCode).toBe(403);
    const res = await call('POST', '/payment-systems', acme.users.ADMIN, {
      provider: 'MANUAL',
      name: 'Bank transfer',
      instructions: 'Acme Bank, account 123',
    });
    expect(res.statusCode, res.body).toBe(200);
    account = res.json().data;
    expect(account).toMatchObject({
      provider: 'MANUAL',
      active: true,
      instructions: 'Acme Bank, account 123',
    });
    const info = await call('GET', `/getAccInfo/${account._id}`, acme.users.OWNER);
    expect(info.json().data.name).toBe('Bank transfer');
  });

  it('starts a direct payment: PENDING, no redirect, the wire instructions; marking it PAID issues one invoice', async () => {
    const init = await call('POST', '/init', acme.users.OWNER, {
      accountId: account._id,
      payer: { email: 'Client@Example.com', name: 'A Client' },
      lines: [line(125_050), { ...line(10_000), quantity: 2 }],
      idempotencyKey: 'direct-0001',
    });
    expect(init.statusCode, init.body).toBe(200);
    const started = init.json().data;
    expect(started).toMatchObject({ status: 'PENDING', redirectUrl: null, provider: 'MANUAL' });
    const again = await call('POST', '/init', acme.users.OWNER, {
      accountId: account._id,
      payer: { email: 'client@example.com' },
      lines: [line(1)],
      idempotencyKey: 'direct-0001',
    });
    expect(again.json().data.transactionId).toBe(started.transactionId);

    const txnRes = await call(
      'GET',
      `/payment-gateway/transactions/${started.transactionId}`,
      acme.users.ADMIN,
    );
    const txn: TTransaction = txnRes.json().data;
    expect(txn).toMatchObject({
      status: 'PENDING',
      amount: { amountMinor: 145_050, currency: 'INR' },
      instructions: 'Acme Bank, account 123',
      payer: { email: 'client@example.com', name: 'A Client' },
      invoiceId: null,
    });

    const noStatus = await call('PUT', `/update/${account._id}/${txn._id}`, acme.users.OWNER, {});
    expect(noStatus.statusCode).toBe(422);
    const marked = await call('PUT', `/update/${account._id}/${txn._id}`, acme.users.OWNER, {
      status: 'PAID',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const done: TTransaction = marked.json().data;
    expect(done.status).toBe('PAID');
    expect(done.invoiceId).toBeTruthy();
    expect(paid.filter((p) => p._id === txn._id)).toHaveLength(1);

    // Marking it again changes nothing; FAILED after PAID is refused.
    const twice = await call('PUT', `/update/${account._id}/${txn._id}`, acme.users.OWNER, {
      status: 'PAID',
    });
    expect(twice.statusCode).toBe(200);
    expect(paid.filter((p) => p._id === txn._id)).toHaveLength(1);
    const back = await call('PUT', `/update/${account._id}/${txn._id}`, acme.users.OWNER, {
      status: 'FAILED',
    });
    expect(back.statusCode).toBe(409);

    const invoice = await call('GET', `/invoices/${done.invoiceId}`, acme.users.ADMIN);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json().data).toMatchObject({
      number: `INV-${new Date().getUTCFullYear()}-000001`,
      issuer: { companyId: acme.companyId, name: 'Acme Realty' },
      total: { amountMinor: 145_050, currency: 'INR' },
    });
    const pdf = await call('GET', `/invoices/${done.invoiceId}/pdf`, acme.users.OWNER);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Another company sees none of it.
    for (const url of [
      `/payment-gateway/transactions/${txn._id}`,
      `/invoices/${done.invoiceId}`,
      `/invoices/${done.invoiceId}/pdf`,
      `/getAccInfo/${account._id}`,
    ]) {
      expect((await call('GET', url, globex.users.OWNER)).statusCode, url).toBe(404);
    }
    expect(
      (await call('PUT', `/update/${account._id}/${txn._id}`, globex.users.OWNER, { status: 'PAID' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/updateSystem/${account._id}`, globex.users.OWNER, { name: 'Mine' })).statusCode,
    ).toBe(404);
    const list = await call('GET', '/payment-gateway/transactions', globex.users.OWNER);
    expect(list.json().data.total).toBe(0);
  });

  it('FAILED calls onFailed once and issues no invoice', async () => {
    const init = await call('POST', '/init', acme.users.OWNER, {
      payer: { email: 'late@example.com' },
      lines: [line(5_000)],
      idempotencyKey: 'direct-0002',
    });
    const { transactionId } = init.json().data;
    // Without accountId the company's first active account is used.
    const res = await call('PUT', `/update/${account._id}/${transactionId}`, acme.users.OWNER, {
      status: 'FAILED',
      reason: 'Never arrived',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'FAILED',
      failureReason: 'Never arrived',
      invoiceId: null,
    });
    expect(failed.filter((f) => f._id === transactionId)).toHaveLength(1);
  });

  it('bad input is a 422 or 404, never a 500', async () => {
    const bodies = [
      {},
      { payer: { email: 'x' }, lines: [line(1)], idempotencyKey: 'k-bad-0001' },
      { payer: { email: 'a@b.co' }, lines: [], idempotencyKey: 'k-bad-0002' },
      { payer: { email: 'a@b.co' }, lines: [line(-5)], idempotencyKey: 'k-bad-0003' },
      { payer: { email: 'a@b.co' }, lines: [line(1.5)], idempotencyKey: 'k-bad-0004' },
      {
        payer: { email: 'a@b.co' },
        lines: [{ description: 'x', amount: { amountMinor: 1, currency: 'RUPEES' } }],
        idempotencyKey: 'k-bad-0005',
      },
      {
        payer: { email: 'a@b.co' },
        lines: [line(1), { description: 'y', amount: { amountMinor: 1, currency: 'USD' } }],
        idempotencyKey: 'k-bad-0006',
      },
      { accountId: 'nope', payer: { email: 'a@b.co' }, lines: [line(1)], idempotencyKey: 'k-bad-0007' },
    ];
    for (const body of bodies) {
      const res = await call('POST', '/init', acme.users.OWNER, body);
      expect([404, 422], `${JSON.stringify(body)} ${res.body}`).toContain(res.statusCode);
    }
    const accounts = [
      { provider: 'SWIREPAY', name: 'x' },
      { provider: 'STRIPE', name: 'No key' },
      { provider: 'STRIPE', name: 'Bad key', secretKey: 'hello' },
      { provider: 'MANUAL', name: 'x', secretKey: 'sk_test_abcdef' },
      { provider: 'MANUAL', name: '' },
    ];
    for (const body of accounts) {
      const res = await call('POST', '/payment-systems', acme.users.OWNER, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(422);
    }
    for (const url of [
      '/getAccInfo/x',
      '/invoices/1/pdf',
      '/payment-gateway/transactions/zzz',
      '/invoices/00000000-0000-0000-0000-000000000000',
    ]) {
      expect((await call('GET', url, acme.users.OWNER)).statusCode, url).toBe(404);
    }
    expect((await call('PUT', '/update/x/y', acme.users.OWNER, { status: 'PAID' })).statusCode).toBe(404);
    expect((await call('PUT', '/update/x/y', acme.users.OWNER, { status: 'MAYBE' })).statusCode).toBe(422);
  });

  it('a Stripe account keeps its keys sealed: never answered, last 4 only', async () => {
    const res = await call('POST', '/payment-systems', acme.users.OWNER, {
      provider: 'STRIPE',
      name: 'Cards',
      secretKey: 'sk_test_supersecretvalue9876',
      webhookSecret: 'whsec_abcdefghijk',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('supersecret');
    expect(res.body).not.toContain('whsec_abc');
    expect(res.json().data).toMatchObject({ keyLast4: '9876', mode: 'TEST', hasWebhookSecret: true });
    const id = res.json().data._id;
    const edit = await call('PUT', `/updateSystem/${id}`, acme.users.OWNER, {
      name: 'Cards (test)',
      active: false,
    });
    expect(edit.json().data).toMatchObject({ name: 'Cards (test)', active: false, keyLast4: '9876' });
    for (const body of [
      (await call('GET', '/activeSystems', acme.users.OWNER)).body,
      (await call('GET', `/getAccInfo/${id}`, acme.users.OWNER)).body,
      edit.body,
    ]) {
      expect(body).not.toContain('supersecret');
      expect(body).not.toContain('whsec_abc');
    }
  });
});

describe('the public functions (INSTANCE scope without STRIPE_SECRET_KEY: MANUAL)', () => {
  it('startPayment, getTransaction, settleManualTransaction; invoices numbered per payer company', async () => {
    const start = (key: string) =>
      t.platform.database.db.transaction((tx) =>
        startPayment(tx, {
          scope: { kind: 'INSTANCE' },
          payerCompanyId: globex.companyId,
          payer: { email: globex.users.OWNER.email },
          lines: [{ description: 'Starter plan (month)', amount: { amountMinor: 99_900, currency: 'INR' } }],
          discount: { description: 'WELCOME10', amount: { amountMinor: 9_990, currency: 'INR' } },
          recurring: { interval: 'month' },
          purpose: { kind: 'DIRECT', ref: 'plan-test' },
          successPath: '/profile/subscription',
          cancelPath: '/plans-list',
          idempotencyKey: key,
        }),
      );
    const first = await start('sub-globex-1');
    expect(first).toMatchObject({ provider: 'MANUAL', status: 'PENDING', redirectUrl: null });
    expect((await start('sub-globex-1')).transactionId).toBe(first.transactionId);
    const view = await getTransaction(t.platform.database.db, first.transactionId);
    expect(view).toMatchObject({
      scope: 'INSTANCE',
      amount: { amountMinor: 89_910 },
      instructions: 'IBAN IN00 TEST 0000 0000',
    });
    const done = await t.platform.database.db.transaction((tx) =>
      settleManualTransaction(tx, first.transactionId, 'PAID'),
    );
    expect(done.status).toBe('PAID');
    const second = await start('sub-globex-2');
    const done2 = await t.platform.database.db.transaction((tx) =>
      settleManualTransaction(tx, second.transactionId, 'PAID'),
    );
    const year = new Date().getUTCFullYear();
    const numbers = await Promise.all(
      [done, done2].map(
        async (d) => (await call('GET', `/invoices/${d.invoiceId}`, globex.users.OWNER)).json().data.number,
      ),
    );
    expect(numbers).toEqual([`INV-${year}-000001`, `INV-${year}-000002`]);
    // The payer's staff see it; the invoice is not Acme's.
    expect((await call('GET', `/invoices/${done.invoiceId}`, acme.users.OWNER)).statusCode).toBe(404);
    const listed = await call('GET', '/payment-gateway/transactions', globex.users.OWNER);
    expect(listed.json().data.total).toBe(2);
  });
});
