import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { seedContactCaller, seedEntity, type ContactCaller } from '../../../test/contact-caller';
import { callsOf, detailKeys, type Who } from '../../../test/inject-calls';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createGuestSession } from '../form-builders';
import { getTransaction, settleManualTransaction } from '../payment-gateway';

/*
 * Pay buttons with the MANUAL (wire) provider: integrations and rules, paying a record (staff,
 * contacts) and a public form's submission (guests), the amount computed here (tampering ignored),
 * the gateway's PAID written once (replays), failures leaving the button unpaid, hand-made status
 * changes, other companies' / guests' / contacts' ids, bad input. Stripe: pay-buttons-stripe.test.ts.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
const call = callsOf(() => t.app);

let invoices: TEntity;
let tplId: string;
let rec: TEntityRecord;
let recNoTotal: TEntityRecord;
let otherTplId: string;
let form: { id: string; stepId: string };

const FIELDS = [
  { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' },
  { key: 'total', label: 'Total', type: 'NUMBER' },
  { key: 'fee', label: 'Fee', type: 'PAY_BUTTON', amount: 500, description: 'Application fee' },
  { key: 'pay_total', label: 'Pay total', type: 'PAY_BUTTON', amount_field: 'total' },
];

async function record(who: Who, values: Record<string, unknown>): Promise<TEntityRecord> {
  const res = await call('POST', '/api/entities-data', who, {
    entity_id: invoices._id,
    values: { [tplId]: values },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function guest(email: string | null = 'guest@outside.example'): Promise<Who> {
  const session = await createGuestSession(t.platform.database.db, {
    companyId: acme.companyId,
    formBuilderId: form.id,
    email,
    kind: email ? 'GUEST' : 'ANONYMOUS',
    ttlDays: 1,
  });
  return { headers: { userid: session.guestId, passcode: session.secret, formbuilderid: form.id } };
}

async function fill(who: Who, values: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/api/formbuilder-data/template', who, {
    formbuilder_details_id: form.id,
    step_id: form.stepId,
    values,
    complete: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

const payRecord = (who: Who, r: TEntityRecord, field: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/payment', who, { record_id: r._id, template_id: tplId, field_key: field, ...extra });
const statusOf = async (who: Who, query: string) => {
  const res = await call('GET', `/api/pay-buttons/status?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    field_key: string;
    paid: boolean;
    status: string;
    transaction_id: string | null;
  }[];
};
const settle = (txnId: string, status: 'PAID' | 'FAILED') =>
  t.platform.database.db.transaction((tx) => settleManualTransaction(tx, txnId, status, 'test'));

beforeAll(async () => {
  t = await buildTestApp({ WIRE_INSTRUCTIONS: 'Acme Bank IN00 0000' });
  acme = await seedCompany(t, { name: 'Pay Acme' });
  other = await seedCompany(t, { name: 'Pay Other' });
  invoices = await seedEntity(call, acme, 'Invoices', FIELDS);
  tplId = invoices.primary_template_id;
  rec = await record(acme.users.OWNER, { name: 'Job 1', total: 1234.5 });
  recNoTotal = await record(acme.users.OWNER, { name: 'Job 2' });
  const otherEntity = await seedEntity(call, other, 'Other invoices', FIELDS);
  otherTplId = otherEntity.primary_template_id;
  const stepId = randomUUID();
  const steps: TStoredFormStep[] = [
    { id: stepId, name: 'Order', type: 'TEMPLATE', template_id: tplId, required: true, condition: null },
  ];
  const res = await call('POST', '/api/formBuilders', acme.users.ADMIN, {
    name: 'Order form',
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
});

describe('integrations and rules', () => {
  it('saves the integration of a template (payments:configure), lists it, reads it by template', async () => {
    const member = await call('POST', '/api/integration', acme.users.MEMBER, { template_id: tplId });
    expect(member.statusCode).toBe(403);
    const res = await call('POST', '/api/integration', acme.users.ADMIN, {
      template_id: tplId,
      account_id: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      template_id: tplId,
      entity_id: null,
      account_id: null,
      active: true,
    });
    const again = await call('POST', '/api/integration', acme.users.ADMIN, {
      template_id: tplId,
      active: true,
    });
    expect(again.json().data._id).toBe(res.json().data._id);
    const list = await call('GET', '/api/integration', acme.users.OWNER);
    expect(list.json().data.map((i: { _id: string }) => i._id)).toEqual([res.json().data._id]);
    const byTpl = await call('GET', `/api/integrationByTemplate/${tplId}`, acme.users.OWNER);
    expect(byTpl.json().data._id).toBe(res.json().data._id);
    const none = await call(
      'GET',
      `/api/integrationByTemplate/${tplId}?entity_id=${invoices._id}`,
      acme.users.OWNER,
    );
    expect(none.json().data).toBeNull();
    // The entity's own one.
    const own = await call('POST', '/api/integration', acme.users.ADMIN, {
      template_id: tplId,
      entity_id: invoices._id,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.entity_id).toBe(invoices._id);
  });

  it("refuses another company's template and entity (404) and bad ids (422)", async () => {
    expect(
      (await call('POST', '/api/integration', acme.users.ADMIN, { template_id: otherTplId })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/integration', other.users.ADMIN, { template_id: tplId })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/api/integration', other.users.ADMIN, {
          template_id: otherTplId,
          entity_id: invoices._id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/integration', acme.users.ADMIN, { template_id: 'nope' })).statusCode,
    ).toBe(422);
    expect((await call('GET', '/api/integrationByTemplate/nope', acme.users.ADMIN)).statusCode).toBe(422);
    const otherList = await call('GET', '/api/integration', other.users.OWNER);
    expect(otherList.json().data).toEqual([]);
    // Another company's payment account, or none at all: refused when saved, keyed to the field.
    const otherAccount = await call('POST', '/api/payment-systems', other.users.OWNER, {
      provider: 'MANUAL',
      name: 'Other wire',
    });
    expect(otherAccount.statusCode, otherAccount.body).toBe(200);
    for (const accountId of [otherAccount.json().data._id as string, randomUUID()]) {
      const refused = await call('POST', '/api/integration', acme.users.ADMIN, {
        template_id: tplId,
        account_id: accountId,
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(detailKeys(refused)).toContain('account_id');
    }
  });

  it('checks the rules: pay button keys, amount fields of the template', async () => {
    const bad = await call('POST', '/api/updateRulesOfPayBtn', acme.users.ADMIN, {
      template_id: tplId,
      rules: [
        { field_key: 'name' },
        { field_key: 'fee', amount_source: 'FIELD', amount_field: 'name' },
        { field_key: 'pay_total', amount_source: 'FIXED' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(detailKeys(bad)).toEqual(['rules.0.field_key', 'rules.1.amount_field', 'rules.2.amount']);
    const dup = await call('POST', '/api/updateRulesOfPayBtn', acme.users.ADMIN, {
      template_id: tplId,
      rules: [{ field_key: 'fee' }, { field_key: 'fee' }],
    });
    expect(dup.statusCode).toBe(422);
    const ok = await call('POST', '/api/updateRulesOfPayBtn', acme.users.ADMIN, {
      template_id: tplId,
      rules: [{ field_key: 'fee', required_before_submit: true }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.rules).toEqual([
      { field_key: 'fee', required_before_submit: true, amount_source: 'FIELD_SETTINGS' },
    ]);
    expect(
      (await call('POST', '/api/updateRulesOfPayBtn', other.users.ADMIN, { template_id: tplId, rules: [] }))
        .statusCode,
    ).toBe(404);
  });
});

describe('paying a record', () => {
  it('starts a MANUAL payment of the fixed amount; a tampered amount is ignored; a retry resumes it', async () => {
    const res = await payRecord(acme.users.OWNER, rec, 'fee', { amount: 1, amountMinor: 1, amount_minor: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().data;
    expect(started).toMatchObject({
      status: 'PENDING',
      provider: 'MANUAL',
      amount: { amountMinor: 50_000, currency: 'INR' },
      redirect_url: null,
      instructions: 'Acme Bank IN00 0000',
    });
    const txn = await getTransaction(t.platform.database.db, started.transaction_id);
    expect(txn).toMatchObject({
      amount: { amountMinor: 50_000 },
      purpose: { kind: 'PAY_BUTTON', ref: started.payment_id },
    });
    const retry = await payRecord(acme.users.OWNER, rec, 'fee');
    expect(retry.json().data).toMatchObject({
      payment_id: started.payment_id,
      transaction_id: started.transaction_id,
    });
    expect(await statusOf(acme.users.OWNER, `record_id=${rec._id}`)).toMatchObject([
      { field_key: 'fee', paid: false, status: 'PENDING' },
    ]);
  });

  it("takes the amount from the record's number field; an empty one is refused", async () => {
    const res = await payRecord(acme.users.ADMIN, rec, 'pay_total');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount).toEqual({ amountMinor: 123_450, currency: 'INR' });
    const empty = await payRecord(acme.users.ADMIN, recNoTotal, 'pay_total');
    expect(empty.statusCode).toBe(422);
    expect(detailKeys(empty)).toEqual(['field_key']);
  });

  it("the gateway's PAID marks the button paid once; a replay changes nothing; paying again is 409", async () => {
    const started = (await payRecord(acme.users.OWNER, rec, 'fee')).json().data;
    await settle(started.transaction_id, 'PAID');
    const [fee] = (await statusOf(acme.users.OWNER, `record_id=${rec._id}`)).filter(
      (s) => s.field_key === 'fee',
    );
    expect(fee).toMatchObject({ paid: true, status: 'PAID', transaction_id: started.transaction_id });
    // The gateway's replay (same transaction settled again) does nothing more.
    await settle(started.transaction_id, 'PAID');
    const detail = await call('GET', `/api/pay-buttons/payments/${started.payment_id}`, acme.users.OWNER);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail.json().data.events.filter((e: { to_status: string }) => e.to_status === 'PAID'),
    ).toHaveLength(1);
    expect(detail.json().data.paid_at).not.toBeNull();
    const again = await payRecord(acme.users.OWNER, rec, 'fee');
    expect(again.statusCode).toBe(409);
  });

  it('a failed payment leaves the button unpaid; the next try is a new payment', async () => {
    const r = await record(acme.users.OWNER, { name: 'Job 3', total: 10 });
    const first = (await payRecord(acme.users.OWNER, r, 'pay_total')).json().data;
    await settle(first.transaction_id, 'FAILED');
    expect(await statusOf(acme.users.OWNER, `record_id=${r._id}`)).toMatchObject([
      { paid: false, status: 'FAILED' },
    ]);
    const second = (await payRecord(acme.users.OWNER, r, 'pay_total')).json().data;
    expect(second.payment_id).not.toBe(first.payment_id);
    expect(second.status).toBe('PENDING');
  });

  it("refuses another company's record, a template the entity does not use, a field that is no pay button", async () => {
    expect((await payRecord(other.users.OWNER, rec, 'fee')).statusCode).toBe(404);
    const wrongTpl = await call('POST', '/api/payment', acme.users.OWNER, {
      record_id: rec._id,
      template_id: otherTplId,
      field_key: 'fee',
    });
    expect(wrongTpl.statusCode).toBe(422);
    expect((await payRecord(acme.users.OWNER, rec, 'name')).statusCode).toBe(422);
    expect((await payRecord(acme.users.OWNER, rec, 'missing')).statusCode).toBe(422);
    expect(
      (await call('GET', `/api/pay-buttons/status?record_id=${rec._id}`, other.users.OWNER)).statusCode,
    ).toBe(404);
  });

  it('bad input: 422, never a 500', async () => {
    const cases: unknown[] = [
      {},
      { field_key: 'fee' },
      { record_id: rec._id, field_key: 'fee' },
      { record_id: rec._id, submission_id: rec._id, template_id: tplId, step_id: tplId, field_key: 'fee' },
      { record_id: 'x', template_id: tplId, field_key: 'fee' },
      { record_id: rec._id, template_id: tplId, field_key: 'fee', return_path: '//evil.example/x' },
      { record_id: rec._id, template_id: tplId, field_key: 'fee', return_path: 'https://evil.example/' },
      { record_id: rec._id, template_id: tplId, field_key: 'fee', payer_email: 'not-an-email' },
      { record_id: rec._id, template_id: tplId, field_key: 7 },
    ];
    for (const body of cases) {
      const res = await call('POST', '/api/payment', acme.users.OWNER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call('GET', '/api/pay-buttons/status', acme.users.OWNER)).statusCode).toBe(422);
    expect((await call('GET', '/api/pay-buttons/payments/not-an-id', acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', '/api/pay-buttons/payments?status=NOPE', acme.users.OWNER)).statusCode).toBe(
      422,
    );
    expect(
      (
        await call('POST', '/api/payment', undefined, {
          record_id: rec._id,
          template_id: tplId,
          field_key: 'fee',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('contacts paying records', () => {
  let x: ContactCaller;
  let y: ContactCaller;
  let ofX: TEntityRecord;

  beforeAll(async () => {
    const type = await call('POST', '/api/contact-types', acme.users.OWNER, { name: 'Customer' });
    const typeId = type.json().data._id;
    x = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId });
    y = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId });
    const rules = await call('PUT', `/api/application-user/permissions/${typeId}`, acme.users.ADMIN, {
      permissions: [
        { entity_id: invoices._id, read: true, create: true, update: false, delete: false, scope: 'OWN' },
      ],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    ofX = await record(x, { name: 'X job', total: 99 });
  });

  it('a contact pays a record in their scope, billed to their email', async () => {
    const res = await payRecord(x, ofX, 'pay_total');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount.amountMinor).toBe(9_900);
    const txn = await getTransaction(t.platform.database.db, res.json().data.transaction_id);
    expect(txn?.payer.email).toBe(x.email.toLowerCase());
    expect(await statusOf(x, `record_id=${ofX._id}`)).toMatchObject([{ status: 'PENDING' }]);
  });

  it("another contact cannot pay (or read) the contact's record: 404", async () => {
    expect((await payRecord(y, ofX, 'pay_total')).statusCode).toBe(404);
    expect((await call('GET', `/api/pay-buttons/status?record_id=${ofX._id}`, y)).statusCode).toBe(404);
    expect((await payRecord(x, rec, 'fee')).statusCode).toBe(404);
  });
});

describe('guests paying on a public form', () => {
  it('a guest pays their own submission (amount from their answer); another guest gets 404', async () => {
    const me = await guest();
    const id = await fill(me, { name: 'Guest order', total: 42 });
    const body = {
      submission_id: id,
      step_id: form.stepId,
      field_key: 'pay_total',
      return_path: '/public/done',
    };
    const res = await call('POST', '/api/orderPlace', me, { ...body, amount: 0.01 });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().data;
    expect(started).toMatchObject({ status: 'PENDING', amount: { amountMinor: 4_200, currency: 'INR' } });
    const txn = await getTransaction(t.platform.database.db, started.transaction_id);
    expect(txn?.payer.email).toBe('guest@outside.example');

    const stranger = await guest('stranger@outside.example');
    expect((await call('POST', '/api/orderPlace', stranger, body)).statusCode).toBe(404);
    expect((await call('GET', `/api/pay-buttons/status?submission_id=${id}`, stranger)).statusCode).toBe(404);
    // A guest never pays records, nor without a session.
    expect(
      (
        await call('POST', '/api/orderPlace', me, {
          record_id: rec._id,
          template_id: tplId,
          field_key: 'fee',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/orderPlace', undefined, body)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/orderPlace', { headers: { ...me.headers, passcode: 'wrong' } }, body))
        .statusCode,
    ).toBe(401);
    // Another company's staff: 404.
    expect((await call('POST', '/api/payment', other.users.OWNER, body)).statusCode).toBe(404);

    await settle(started.transaction_id, 'PAID');
    expect(await statusOf(me, `submission_id=${id}`)).toMatchObject([{ field_key: 'pay_total', paid: true }]);
    // Staff see it in the payments list.
    const list = await call('GET', `/api/pay-buttons/payments?target_id=${id}`, acme.users.OWNER);
    expect(list.json().data.data).toMatchObject([
      { _id: started.payment_id, status: 'PAID', target_kind: 'SUBMISSION' },
    ]);
    expect(
      (await call('GET', `/api/pay-buttons/payments?target_id=${id}`, other.users.OWNER)).json().data.data,
    ).toEqual([]);
  });

  it("an anonymous guest gives the email to bill; a step that is not the template's is refused", async () => {
    const anon = await guest(null);
    const id = await fill(anon, { name: 'Anon order', total: 5 });
    const body = { submission_id: id, step_id: form.stepId, field_key: 'fee' };
    const missing = await call('POST', '/api/orderPlace', anon, body);
    expect(missing.statusCode).toBe(422);
    expect(detailKeys(missing)).toEqual(['payer_email']);
    const res = await call('POST', '/api/orderPlace', anon, { ...body, payer_email: 'anon@outside.example' });
    expect(res.statusCode, res.body).toBe(200);
    const badStep = await call('POST', '/api/orderPlace', anon, { ...body, step_id: randomUUID() });
    expect(badStep.statusCode).toBe(422);
  });
});

describe('status by hand', () => {
  it('staff mark a wire payment PAID with a reason (the gateway settles it); then refund; audited', async () => {
    const r = await record(acme.users.OWNER, { name: 'Wire job', total: 70 });
    const started = (await payRecord(acme.users.OWNER, r, 'pay_total')).json().data;
    const url = `/api/pay-buttons/payments/${started.payment_id}/status`;
    expect(
      (await call('PUT', url, acme.users.MEMBER, { status: 'PAID', reason: 'Wire received' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', url, other.users.OWNER, { status: 'PAID', reason: 'Wire received' })).statusCode,
    ).toBe(404);
    expect((await call('PUT', url, acme.users.OWNER, { status: 'PAID', reason: 'x' })).statusCode).toBe(422);
    expect(
      (await call('PUT', url, acme.users.OWNER, { status: 'REFUNDED', reason: 'Too early' })).statusCode,
    ).toBe(409);
    const paid = await call('PUT', url, acme.users.OWNER, {
      status: 'PAID',
      reason: 'Wire received, ref 42',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('PAID');
    const txn = await getTransaction(t.platform.database.db, started.transaction_id);
    expect(txn?.status).toBe('PAID');
    expect(txn?.invoiceId).not.toBeNull();
    const events = paid.json().data.events as {
      source: string;
      to_status: string;
      reason: string | null;
      actor: string | null;
    }[];
    expect(events.find((e) => e.source === 'MANUAL')).toMatchObject({
      source: 'MANUAL',
      to_status: 'PAID',
      reason: 'Wire received, ref 42',
      actor: `user:${acme.users.OWNER.userId}`,
    });
    // Staff's reason first, then the gateway's settlement it caused.
    expect(events.slice(-2).map((e) => e.source)).toEqual(['MANUAL', 'GATEWAY']);
    expect((await call('PUT', url, acme.users.OWNER, { status: 'PAID', reason: 'again' })).statusCode).toBe(
      409,
    );
    const refund = await call('PUT', url, acme.users.OWNER, {
      status: 'REFUNDED',
      reason: 'Customer cancelled',
    });
    expect(refund.json().data.status).toBe('REFUNDED');
    expect(await statusOf(acme.users.OWNER, `record_id=${r._id}`)).toMatchObject([
      { paid: false, status: 'REFUNDED' },
    ]);
  });

  it('records a wire payment for a button nobody started', async () => {
    const r = await record(acme.users.OWNER, { name: 'Cash job', total: 3 });
    const body = {
      record_id: r._id,
      template_id: tplId,
      field_key: 'pay_total',
      status: 'PAID',
      reason: 'Paid in cash',
    };
    expect((await call('POST', '/api/pay-buttons/manual-status', other.users.OWNER, body)).statusCode).toBe(
      404,
    );
    const res = await call('POST', '/api/pay-buttons/manual-status', acme.users.OWNER, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'PAID',
      provider: 'MANUAL',
      amount: { amountMinor: 300 },
    });
    expect((await call('POST', '/api/pay-buttons/manual-status', acme.users.OWNER, body)).statusCode).toBe(
      409,
    );
    expect((await payRecord(acme.users.OWNER, r, 'pay_total')).statusCode).toBe(409);
    const list = await call('GET', '/api/pay-buttons/payments?status=PAID&limit=50', acme.users.ADMIN);
    expect(list.json().data.data.some((p: { _id: string }) => p._id === res.json().data._id)).toBe(true);
  });
});

describe('pay before submit', () => {
  it('a button whose rule says so must be PAID before the form is submitted (422 keyed to it)', async () => {
    // The rules test left `fee` required before submit; the integration is active.
    const me = await guest('payer-first@outside.example');
    const id = await fill(me, { name: 'Paid first', total: 10 });
    const submit = () => call('PUT', `/api/formbuilder-data/${id}`, me, { status: 'SUBMITTED' });
    const refused = await submit();
    expect(refused.statusCode, refused.body).toBe(422);
    expect(detailKeys(refused)).toEqual([`${form.stepId}.fee`]);

    const started = await call('POST', '/api/orderPlace', me, {
      submission_id: id,
      step_id: form.stepId,
      field_key: 'fee',
    });
    expect(started.statusCode, started.body).toBe(200);
    // Started is not paid.
    expect((await submit()).statusCode).toBe(422);
    await settle(started.json().data.transaction_id, 'PAID');
    const submitted = await submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe('SUBMITTED');
  });

  it('a button not required before submit does not hold the submission', async () => {
    const rules = await call('POST', '/api/updateRulesOfPayBtn', acme.users.ADMIN, {
      template_id: tplId,
      rules: [{ field_key: 'fee', required_before_submit: false }],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const me = await guest('payer-later@outside.example');
    const id = await fill(me, { name: 'Pay later', total: 10 });
    const submitted = await call('PUT', `/api/formbuilder-data/${id}`, me, { status: 'SUBMITTED' });
    expect(submitted.statusCode, submitted.body).toBe(200);
  });
});
