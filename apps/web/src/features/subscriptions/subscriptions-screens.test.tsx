import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TPlan, TPlanInfo, TUsage } from '@esigns/contracts/subscriptions';
import { showPlanLimitNotice } from '../../app/plan-limit';
import { ApiError } from '../../shared/api/api-error';
import { installFakeApi, invalid, ok, type FakeCall } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { ExpireScreen } from './expire-screen';
import { PaymentsCardsScreen } from './payments-cards-screen';
import { PlansListScreen, leaveFor } from './plans-list-screen';
import { SubscriptionScreen } from './subscription-screen';

const limits = (users: number | null, docs: number | null) => ({
  users,
  documentsPerMonth: docs,
  entities: 5,
  records: 1000,
  storageBytes: 1024 ** 3,
});
const plan = (code: string, name: string, month: number, year: number, users: number | null): TPlan => ({
  _id: `00000000-0000-4000-8000-00000000000${month === 0 ? 1 : String(month).length}`,
  product_id: 'p1',
  code,
  name,
  description: `${name} plan`,
  price_month_minor: month,
  price_year_minor: year,
  currency: 'INR',
  limits: limits(users, 25),
  features: [{ _id: 'f1', code: 'ESIGNATURES', name: 'E-signatures', description: '' }],
  is_free: month === 0,
  sort_order: 10,
  active: true,
});
const FREE = plan('FREE', 'Free', 0, 0, 3);
const STARTER = {
  ...plan('STARTER', 'Starter', 99900, 999000, 10),
  _id: '00000000-0000-4000-8000-000000000002',
};
const usage: TUsage[] = [
  { limit: 'users', label: 'Company users', usage: 3, allowed: 3 },
  { limit: 'documentsPerMonth', label: 'Documents sent this month', usage: 5, allowed: 25 },
  { limit: 'entities', label: 'Entities', usage: 0, allowed: null },
  { limit: 'records', label: 'Records', usage: 10, allowed: 1000 },
  { limit: 'storageBytes', label: 'Storage', usage: 512 * 1024 ** 2, allowed: 1024 ** 3 },
];
const info = (over: Partial<TPlanInfo> = {}): TPlanInfo => ({
  plan: FREE,
  status: 'ACTIVE',
  interval: null,
  current_period_start: null,
  current_period_end: null,
  cancel_at_period_end: false,
  pending: null,
  usage,
  is_owner: true,
  is_operator: false,
  ...over,
});

function api(options: { info?: TPlanInfo; onCall?: (call: FakeCall) => Response | undefined } = {}) {
  return installFakeApi((call) => {
    const answered = options.onCall?.(call);
    if (answered) return answered;
    if (call.path === '/api/getPlans/ESIGNS') return ok([FREE, STARTER]);
    if (call.path === '/api/getPlanInfo') return ok(options.info ?? info());
    if (call.path === '/api/userTrasactions') {
      return ok({
        data: [
          {
            _id: 't1',
            status: 'PAID',
            provider: 'STRIPE',
            amount_minor: 79920,
            currency: 'INR',
            description: 'Starter plan (monthly)',
            purpose: 'SUBSCRIPTION',
            invoice_id: 'inv-1',
            created_at: '2026-11-01T10:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        total_pages: 1,
      });
    }
    if (call.path === '/api/billing-details') return ok(null);
    return undefined;
  });
}

staffSessionPerTest();

describe('Plans list', { timeout: 20_000 }, () => {
  it('shows the plans with monthly and yearly prices, the current one marked', async () => {
    api();
    renderScreenAt(<PlansListScreen />, '/plans-list', '/plans-list');
    const starter = await screen.findByTestId('plan-STARTER');
    expect(within(starter).getByTestId('price-STARTER').textContent).toBe('₹999.00 / month');
    const free = screen.getByTestId('plan-FREE');
    expect(within(free).getByRole('button', { name: 'Free: your current plan' })).toBeTruthy();
    expect(within(starter).queryByText('Current plan')).toBeNull();
    expect(starter.textContent).toContain('10 users');
    expect(starter.textContent).toContain('E-signatures');
    fireEvent.click(screen.getByText('Yearly'));
    expect(within(starter).getByTestId('price-STARTER').textContent).toBe('₹9,990.00 / year');
    expect(starter.textContent).toContain('Save 17%');
  });

  it('applies a promo code, then leaves for Stripe Checkout', async () => {
    const assign = vi.spyOn(leaveFor, 'url').mockImplementation(() => undefined);
    const fake = api({
      onCall: (call) => {
        if (call.path === '/api/promoCodeRedeem/validate/NOPE')
          return invalid({ code: 'This promo code does not exist' });
        if (call.path === '/api/promoCodeRedeem/validate/WELCOME20') {
          return ok({
            _id: 'r1',
            code: 'WELCOME20',
            status: 'PENDING',
            plan_id: STARTER._id,
            interval: 'month',
            price_minor: 99900,
            discount_minor: 19980,
            final_minor: 79920,
            currency: 'INR',
            expires_at: '2026-11-01T11:00:00.000Z',
          });
        }
        if (call.path === '/api/subscription') {
          return ok({
            status: 'PENDING_PAYMENT',
            change_id: 'c1',
            transaction_id: 'tx1',
            redirect_url: 'http://stripe.test/checkout/cs_1',
            provider: 'STRIPE',
            amount_minor: 79920,
            currency: 'INR',
            instructions: null,
          });
        }
        return undefined;
      },
    });
    renderScreenAt(<PlansListScreen />, '/plans-list', '/plans-list');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    const input = await screen.findByLabelText('Promo code');
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code does not exist')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'WELCOME20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('promo-applied')).textContent).toContain('You pay ₹799.20');
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/checkout/cs_1'));
    expect(fake.callsTo('/api/subscription', 'POST')[0]?.body).toEqual({
      plan_id: STARTER._id,
      interval: 'month',
      redemption_id: 'r1',
    });
    assign.mockRestore();
  });

  it('shows the wire instructions when the instance bills by hand', async () => {
    api({
      onCall: (call) =>
        call.path === '/api/subscription'
          ? ok({
              status: 'PENDING_PAYMENT',
              change_id: 'c1',
              transaction_id: 'tx1',
              redirect_url: null,
              provider: 'MANUAL',
              amount_minor: 99900,
              currency: 'INR',
              instructions: 'IBAN IN00 TEST',
            })
          : undefined,
    });
    renderScreenAt(<PlansListScreen />, '/plans-list', '/plans-list');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    const wire = await screen.findByTestId('wire-instructions');
    expect(wire.textContent).toContain('IBAN IN00 TEST');
    expect(wire.textContent).toContain('₹999.00');
  });

  it('lets only the owner choose', async () => {
    api({ info: info({ is_owner: false }) });
    renderScreenAt(<PlansListScreen />, '/plans-list', '/plans-list');
    expect(await screen.findByTestId('owner-only')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Choose Starter' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Subscription, billing and expiry', { timeout: 20_000 }, () => {
  it('shows the plan, its period, usage bars and the payments with invoice links', async () => {
    api({
      info: info({
        plan: STARTER,
        interval: 'month',
        current_period_start: '2026-11-01T10:00:00.000Z',
        current_period_end: '2026-12-01T10:00:00.000Z',
      }),
    });
    renderScreenAt(<SubscriptionScreen />, '/profile/subscription', '/profile/subscription');
    const current = await screen.findByTestId('current-plan');
    expect(current.textContent).toContain('Starter');
    expect(within(current).getByTestId('plan-status').textContent).toBe('Active');
    expect(screen.getByTestId('period-end').textContent).toMatch(/^Renews /);
    expect(screen.getByTestId('usage-users').textContent).toBe('3 of 3');
    expect(screen.getByTestId('usage-storageBytes').textContent).toBe('512 MB of 1 GB');
    expect(screen.getByTestId('usage-entities').textContent).toBe('0 of Unlimited');
    const link = await screen.findByRole('link', { name: 'View invoice' });
    expect(link.getAttribute('href')).toBe('/invoice?id=inv-1');
    expect(screen.getByRole('button', { name: 'Cancel renewal' })).toBeTruthy();
  });

  it('saves the billing details, showing the server’s field errors', async () => {
    const fake = api({
      onCall: (call) => {
        if (call.path !== '/api/createCustomer') return undefined;
        const body = call.body as { email: string };
        return body.email === 'bad'
          ? invalid({ email: 'Give a valid email' })
          : ok({ ...body, customer_id: 'c', company_id: 'c' });
      },
    });
    renderScreenAt(<PaymentsCardsScreen />, '/profile/paymentsCards', '/profile/paymentsCards');
    fireEvent.change(await screen.findByLabelText(/Billing name/), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText(/Billing email/), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('Give a valid email')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Billing email/), { target: { value: 'billing@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    await vi.waitFor(() => expect(fake.callsTo('/api/createCustomer')).toHaveLength(2));
    expect(await screen.findByTestId('transactions')).toBeTruthy();
  });

  it('the expiry screen says what still works and leads to the plans', async () => {
    api({ info: info({ status: 'EXPIRED', current_period_end: '2026-10-01T10:00:00.000Z' }) });
    renderScreenAt(<ExpireScreen />, '/expire', '/expire');
    expect(await screen.findByText('Your plan has expired')).toBeTruthy();
    expect(screen.getByText(/Documents already sent can still be signed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew a plan' }).getAttribute('href')).toBe('/plans-list');
  });

  it('a 402 anywhere shows the message with an Upgrade link', async () => {
    renderWithProviders(<div />);
    const error = new ApiError({
      status: 402,
      message: 'Your Free plan allows 3 company users: upgrade to Starter to go on',
      error_code: 'PLAN_LIMIT_REACHED',
      body: { data: { upgradePlan: { name: 'Starter' } } },
    });
    act(() => {
      expect(showPlanLimitNotice(error)).toBe(true);
    });
    expect(await screen.findByText(/allows 3 company users/)).toBeTruthy();
    expect((await screen.findByTestId('upgrade-link')).getAttribute('href')).toBe('/plans-list');
    expect(showPlanLimitNotice(new ApiError({ status: 403, message: 'no' }))).toBe(false);
  });
});
