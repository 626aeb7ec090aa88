import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOperatorTransaction, TPlanInfo, TPromoCode } from '@esigns/contracts/subscriptions';
import { installFakeApi, invalid, ok } from '../../../shared/testing/fake-api';
import { renderScreenAt } from '../../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import { OperatorBillingScreen } from './operator-screen';
import { promoInput } from './promo-code-dialog';

const planInfo = (isOperator: boolean) =>
  ({ is_operator: isOperator, is_owner: true, usage: [], pending: null }) as unknown as TPlanInfo;

const wire: TOperatorTransaction = {
  _id: 'tx-1',
  scope: 'INSTANCE',
  companyId: null,
  accountId: null,
  payerCompanyId: 'c-1',
  payerCompanyName: 'Acme Realty',
  provider: 'MANUAL',
  status: 'PENDING',
  amount: { amountMinor: 99900, currency: 'INR' },
  lines: [{ description: 'Starter plan (monthly)', amount: { amountMinor: 99900, currency: 'INR' } }],
  discount: null,
  recurring: { interval: 'month' },
  purpose: { kind: 'SUBSCRIPTION', ref: 'ch-1' },
  payer: { email: 'owner@acme.test', name: null },
  redirectUrl: null,
  instructions: 'Wire to ...',
  providerSubscriptionId: null,
  failureReason: null,
  invoiceId: null,
  paidAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

staffSessionPerTest();

describe('Billing operations', { timeout: 20_000 }, () => {
  it('is closed to anyone who is not an operator', async () => {
    installFakeApi((call) => (call.path === '/api/getPlanInfo' ? ok(planInfo(false)) : undefined));
    renderScreenAt(<OperatorBillingScreen />, '/operator/billing', '/operator/billing');
    expect((await screen.findByTestId('not-operator')).textContent).toContain('OPERATOR_EMAILS');
  });

  it('lists the waiting wires with the company and marks one paid', async () => {
    let status = 'PENDING';
    const fake = installFakeApi((call) => {
      if (call.path === '/api/getPlanInfo') return ok(planInfo(true));
      if (call.path === '/api/subscriptions/operator/transactions') {
        const rows = status === 'PENDING' && call.url.includes('status=PENDING') ? [wire] : [];
        return ok({ data: rows, total: rows.length, page: 1, total_pages: rows.length ? 1 : 0 });
      }
      if (call.path === '/api/subscriptions/operator/transactions/tx-1' && call.method === 'PUT') {
        status = 'PAID';
        return ok({ ...wire, status: 'PAID' });
      }
      return undefined;
    });
    renderScreenAt(<OperatorBillingScreen />, '/operator/billing', '/operator/billing');
    const row = await screen.findByTestId('wire-row');
    expect(row.textContent).toContain('Acme Realty');
    expect(row.textContent).toContain('₹999.00');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark paid' }));
    await screen.findByTestId('no-wires');
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ status: 'PAID' });
  });

  it('creates a promo code and shows the server refusal under its input', async () => {
    const codes: TPromoCode[] = [];
    installFakeApi((call) => {
      if (call.path === '/api/getPlanInfo') return ok(planInfo(true));
      if (call.path === '/api/promo-codes' && call.method === 'GET') return ok(codes);
      if (call.path === '/api/promo-codes' && call.method === 'POST') {
        const body = call.body as { code: string; percent_off: number };
        if (body.code === 'TAKEN') return invalid({ code: 'This code already exists' });
        codes.push({
          _id: 'p1',
          code: body.code.toUpperCase(),
          description: '',
          percent_off: body.percent_off,
          amount_off_minor: null,
          currency: 'INR',
          valid_from: null,
          valid_to: null,
          max_redemptions: null,
          redemptions: 0,
          plan_ids: [],
          active: true,
        });
        return ok(codes[0]);
      }
      return undefined;
    });
    renderScreenAt(<OperatorBillingScreen />, '/operator/billing', '/operator/billing?tab=promo-codes');
    fireEvent.click(await screen.findByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code/ }), { target: { value: 'TAKEN' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Percent off/ }), {
      target: { value: '15' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(await within(dialog).findByText('This code already exists')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code/ }), {
      target: { value: 'diwali15' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    const row = await screen.findByTestId('promo-row');
    expect(row.textContent).toContain('DIWALI15');
    expect(row.textContent).toContain('15% off');
  });
});

describe('promoInput', () => {
  it('sends an amount in minor units and the last day up to its end (UTC)', () => {
    expect(
      promoInput({
        code: 'X',
        description: '',
        kind: 'amount',
        value: 250.5,
        validTo: '2027-01-31',
        maxRedemptions: 10,
      }),
    ).toMatchObject({
      percent_off: null,
      amount_off_minor: 25050,
      valid_to: '2027-01-31T23:59:59.000Z',
      max_redemptions: 10,
    });
    expect(
      promoInput({ code: 'X', description: '', kind: 'percent', value: '', validTo: '', maxRedemptions: '' }),
    ).toMatchObject({
      percent_off: null,
      amount_off_minor: null,
      valid_to: null,
      max_redemptions: null,
    });
  });
});
