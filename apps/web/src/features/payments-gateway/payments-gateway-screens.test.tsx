import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TActiveSystems, TInvoice, TPaymentAccount, TTransaction } from '@esigns/contracts/payments';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { withPermissions } from '../team/team-test-utils';
import { AddPaymentSystemScreen } from './add-payment-system-screen';
import { InvoiceScreen } from './invoice-screen';
import { PaymentIntegrationScreen } from './payment-integration-screen';
import { PaymentStatusScreen } from './payment-status-screen';
import { PaymentSystemsScreen } from './payment-systems-screen';

const stripeAccount: TPaymentAccount = {
  _id: 'acc-1',
  provider: 'STRIPE',
  name: 'Cards',
  active: true,
  mode: 'TEST',
  keyLast4: '9876',
  hasWebhookSecret: true,
  publishableKey: null,
  instructions: null,
  webhookUrl: 'http://localhost/api/payment-gateway/webhooks/stripe/acc-1',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const systems = (accounts: TPaymentAccount[]): TActiveSystems => ({
  providers: [
    { provider: 'STRIPE', label: 'Stripe (cards)', configured: true, accountsAllowed: true, note: '' },
    {
      provider: 'MANUAL',
      label: 'Wire transfer (manual)',
      configured: true,
      accountsAllowed: true,
      note: '',
    },
    { provider: 'SWIREPAY', label: 'Swirepay', configured: false, accountsAllowed: false, note: '' },
  ],
  accounts,
  wireInstructions: null,
});

const txn = (overrides: Partial<TTransaction>): TTransaction => ({
  _id: 'txn-1',
  scope: 'COMPANY',
  companyId: 'c1',
  accountId: 'acc-1',
  payerCompanyId: null,
  provider: 'STRIPE',
  status: 'PENDING',
  amount: { amountMinor: 149_900, currency: 'INR' },
  lines: [],
  discount: null,
  recurring: null,
  purpose: { kind: 'DIRECT', ref: 'x' },
  payer: { email: 'buyer@example.com', name: null },
  redirectUrl: null,
  instructions: null,
  providerSubscriptionId: null,
  failureReason: null,
  invoiceId: null,
  paidAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

staffSessionPerTest();

describe('payment gateway screens', { timeout: 20_000 }, () => {
  it('lists the accounts with provider, status and key ending; edits one without showing its key', async () => {
    const calls = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/activeSystems') return ok(systems([stripeAccount]));
        if (call.path === '/api/updateSystem/acc-1') return ok({ ...stripeAccount, name: 'Cards (EU)' });
        return undefined;
      }),
    );
    renderScreenAt(
      <PaymentSystemsScreen />,
      '/configuration/paymentSystems',
      '/configuration/paymentSystems',
    );
    const table = await screen.findByTestId('payment-accounts');
    expect(table.textContent).toContain('Cards');
    expect(table.textContent).toContain('Stripe');
    expect(table.textContent).toContain('…9876');
    expect(within(table).getByText('Test')).toBeTruthy();
    expect(screen.getByTestId('provider-states').textContent).toContain('Swirepay: not configured');
    fireEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Cards (EU)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls.some((c) => c.path === '/api/updateSystem/acc-1')).toBe(true));
    const body = calls.calls.find((c) => c.path === '/api/updateSystem/acc-1')!.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ name: 'Cards (EU)', active: true });
    expect(body).not.toHaveProperty('secretKey');
  });

  it('says what happens without an account, and refuses a member', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => (call.path === '/api/activeSystems' ? ok(systems([])) : undefined)),
    );
    renderScreenAt(
      <PaymentSystemsScreen />,
      '/configuration/paymentSystems',
      '/configuration/paymentSystems',
    );
    expect((await screen.findByTestId('no-accounts')).textContent).toContain('wire transfers');
  });

  it('adds a wire-transfer account and goes back to the list; a bad key shows under its field', async () => {
    const calls = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path !== '/api/payment-systems') return undefined;
        const body = call.body as { provider: string };
        return body.provider === 'STRIPE'
          ? invalid({ secretKey: 'A Stripe secret key' })
          : ok({ ...stripeAccount, provider: 'MANUAL' });
      }),
    );
    renderScreenAt(
      <AddPaymentSystemScreen />,
      '/configuration/paymentSystems/add',
      '/configuration/paymentSystems/add',
      [standIn('/configuration/paymentSystems', 'list')],
    );
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Cards' } });
    fireEvent.change(screen.getByLabelText(/^Secret key/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add payment system' }));
    expect(await screen.findByText('A Stripe secret key')).toBeTruthy();

    fireEvent.click(screen.getByText('Wire transfer'));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Bank' } });
    fireEvent.change(screen.getByLabelText(/^Wire instructions/), { target: { value: 'Acme Bank 123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add payment system' }));
    expect(await screen.findByTestId('list')).toBeTruthy();
    const last = calls.calls.filter((c) => c.path === '/api/payment-systems').at(-1)!;
    expect(last.body).toMatchObject({ provider: 'MANUAL', name: 'Bank', instructions: 'Acme Bank 123' });
  });

  it('summarises the integration', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === '/api/activeSystems'
          ? ok(
              systems([
                stripeAccount,
                { ...stripeAccount, _id: 'm', provider: 'MANUAL', name: 'Bank', active: false },
              ]),
            )
          : undefined,
      ),
    );
    renderScreenAt(
      <PaymentIntegrationScreen />,
      '/profile/paymentIntegration',
      '/profile/paymentIntegration',
    );
    const summary = await screen.findByTestId('payment-summary');
    expect(summary.textContent).toContain('Cards');
    expect(summary.textContent).toContain('Cards: test');
    expect(summary.textContent).toContain('1 turned off');
    expect(screen.getByRole('link', { name: 'Configure payment systems' }).getAttribute('href')).toBe(
      '/configuration/paymentSystems',
    );
  });

  it('polls the payment until it is paid, then links to the invoice', async () => {
    let polls = 0;
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path !== '/api/payment-gateway/transactions/txn-1') return undefined;
        polls += 1;
        return ok(polls < 2 ? txn({}) : txn({ status: 'PAID', invoiceId: 'inv-1' }));
      }),
    );
    renderScreenAt(<PaymentStatusScreen />, '/paymentStatus', '/paymentStatus?txn=txn-1');
    expect(await screen.findByTestId('payment-pending')).toBeTruthy();
    const paid = await screen.findByTestId('payment-paid', {}, { timeout: 6_000 });
    expect(within(paid).getByRole('link', { name: 'View the invoice' }).getAttribute('href')).toBe(
      '/invoice?id=inv-1',
    );
  });

  it('shows wire instructions while a manual payment waits, and a failure with its reason', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/payment-gateway/transactions/m1')
          return ok(txn({ _id: 'm1', provider: 'MANUAL', instructions: 'IBAN 123' }));
        if (call.path === '/api/payment-gateway/transactions/f1')
          return ok(txn({ _id: 'f1', status: 'FAILED', failureReason: 'Card declined' }));
        if (call.path === '/api/payment-gateway/transactions/x') return fail(404, 'Transaction not found');
        return undefined;
      }),
    );
    const first = renderScreenAt(<PaymentStatusScreen />, '/paymentStatus', '/paymentStatus?txn=m1');
    expect((await screen.findByTestId('payment-pending')).textContent).toContain('IBAN 123');
    await first.navigate('/paymentStatus?txn=f1');
    expect((await screen.findByTestId('payment-failed')).textContent).toContain('Card declined');
    await first.navigate('/paymentStatus?txn=x');
    expect((await screen.findByTestId('load-error')).textContent).toContain('Transaction not found');
  });

  it('shows the invoice PDF with a download button', async () => {
    const invoice: TInvoice = {
      _id: 'inv-1',
      number: 'INV-2026-000007',
      transactionId: 'txn-1',
      issuer: { companyId: 'c1', name: 'Acme Realty' },
      payer: { companyId: null, email: 'buyer@example.com', name: 'A Buyer' },
      lines: [],
      discount: null,
      total: { amountMinor: 149_900, currency: 'INR' },
      provider: 'STRIPE',
      periodStart: null,
      periodEnd: null,
      issuedAt: '2026-11-01T10:00:00.000Z',
    };
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/invoices/inv-1') return ok(invoice);
        if (call.path === '/api/invoices/inv-1/pdf') {
          return new Response('%PDF-1.7', {
            status: 200,
            headers: { 'content-type': 'application/pdf' },
          });
        }
        return undefined;
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:invoice-1');
    URL.revokeObjectURL = vi.fn();
    renderScreenAt(<InvoiceScreen />, '/invoice', '/invoice?id=inv-1');
    await waitFor(() => expect(screen.queryByTestId('load-error')?.textContent ?? 'none').toBe('none'));
    const download = await screen.findByRole('link', { name: 'Download PDF' });
    expect(download.getAttribute('download')).toBe('INV-2026-000007.pdf');
    expect(screen.getByTitle('Invoice PDF')).toBeTruthy();
    expect(screen.getByText('Invoice INV-2026-000007')).toBeTruthy();
  });
});
