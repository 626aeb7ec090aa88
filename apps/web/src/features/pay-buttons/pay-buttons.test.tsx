import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TFormFieldOf } from '@esigns/contracts/nocode-fields';
import type { TPayButtonPaymentDetail } from '@esigns/contracts/pay-buttons';
import { installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { PayButtonField } from './pay-button-field';
import { PayButtonScope } from './pay-button-scope';
import { PaymentDetailsScreen } from './payment-details-screen';
import { PaymentStatusUpdateScreen, allowedStatuses } from './payment-status-update-screen';
import { PaymentsStatusScreen } from './payments-status-screen';

const PAYMENT_ID = '7a1e9a40-3b62-4d7f-8e64-2b3c4d5e6f01';
const RECORD_ID = '8b1e9a40-3b62-4d7f-8e64-2b3c4d5e6f02';
const TEMPLATE_ID = '9c1e9a40-3b62-4d7f-8e64-2b3c4d5e6f03';

const payment = (overrides: Partial<TPayButtonPaymentDetail> = {}): TPayButtonPaymentDetail => ({
  _id: PAYMENT_ID,
  target_kind: 'RECORD',
  target_id: RECORD_ID,
  entity_id: null,
  form_builder_id: null,
  template_id: TEMPLATE_ID,
  step_id: null,
  field_key: 'fee',
  description: 'Application fee · Job 1',
  amount: { amountMinor: 50_000, currency: 'INR' },
  status: 'PENDING',
  provider: 'MANUAL',
  account_id: null,
  transaction_id: 'txn-1',
  payer: { kind: 'USER', email: 'payer@example.com', name: 'Pat Payer' },
  paid_at: null,
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:00.000Z',
  events: [
    {
      _id: 'e1',
      from_status: null,
      to_status: 'CREATED',
      source: 'START',
      reason: null,
      actor: null,
      created_at: '2026-11-29T10:00:00.000Z',
    },
  ],
  ...overrides,
});

const field: TFormFieldOf<'PAY_BUTTON'> = {
  key: 'fee',
  label: 'Application fee',
  type: 'PAY_BUTTON',
  amount: 500,
  currency: 'INR',
  button_label: 'Pay now',
  description: '',
} as TFormFieldOf<'PAY_BUTTON'>;

staffSessionPerTest();

describe('pay button field', { timeout: 20_000 }, () => {
  it('is a disabled preview outside a record or form, and waits for the step to be saved', () => {
    renderWithProviders(
      <>
        <PayButtonField field={field} />
        <PayButtonScope target={null}>
          <PayButtonField field={field} />
        </PayButtonScope>
      </>,
    );
    const buttons = screen.getAllByRole('button', { name: /Pay now · ₹500.00/ });
    expect(buttons.every((b) => b.hasAttribute('disabled'))).toBe(true);
    expect(screen.getByText('Save this step first to pay.')).toBeTruthy();
  });

  it('pays a record with /payment (no amount sent) and shows the wire instructions', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/pay-buttons/status') return ok([]);
      if (call.path === '/api/payment' && call.method === 'POST') {
        return ok({
          payment_id: PAYMENT_ID,
          transaction_id: 'txn-1',
          status: 'PENDING',
          amount: { amountMinor: 50_000, currency: 'INR' },
          redirect_url: null,
          provider: 'MANUAL',
          instructions: 'Acme Bank IN00 0000',
        });
      }
      return undefined;
    });
    renderWithProviders(
      <PayButtonScope target={{ kind: 'RECORD', recordId: RECORD_ID, templateId: TEMPLATE_ID }}>
        <PayButtonField field={field} />
      </PayButtonScope>,
    );
    const pay = await screen.findByRole('button', { name: /Pay now · ₹500.00/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByText('Acme Bank IN00 0000')).toBeTruthy();
    const post = api.calls.find((c) => c.path === '/api/payment')!;
    expect(post.body).toEqual({
      record_id: RECORD_ID,
      template_id: TEMPLATE_ID,
      field_key: 'fee',
      return_path: expect.any(String),
    });
  });

  it("a guest's button reads its state with the form's headers; a paid button shows Paid", async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/pay-buttons/status') {
        return ok([
          {
            slot_id: 'step-1',
            field_key: 'fee',
            paid: true,
            status: 'PAID',
            payment_id: PAYMENT_ID,
            amount: { amountMinor: 50_000, currency: 'INR' },
            transaction_id: 'txn-9',
            paid_at: '2026-11-29T10:05:00.000Z',
          },
        ]);
      }
      return undefined;
    });
    const headers = { userid: 'g1', passcode: 'secret', formbuilderid: 'f1' };
    renderWithProviders(
      <PayButtonScope
        target={{ kind: 'SUBMISSION', submissionId: 's1', stepId: 'step-1' }}
        guestHeaders={headers}
      >
        <PayButtonField field={field} />
      </PayButtonScope>,
    );
    const box = await screen.findByTestId('pay-button-fee');
    await waitFor(() => expect(box.textContent).toContain('Paid ₹500.00'));
    expect(box.textContent).toContain('txn-9');
    const read = api.calls.find((c) => c.path === '/api/pay-buttons/status')!;
    expect(read.url).toContain('submission_id=s1');
    expect(read.headers.passcode).toBe('secret');
    expect(read.headers.userid).toBe('g1');
  });
});

describe('anonymous guests', { timeout: 20_000 }, () => {
  it('are asked for an email when the server needs one, then pay with /orderPlace', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/pay-buttons/status') return ok([]);
      if (call.path === '/api/orderPlace') {
        const body = call.body as { payer_email?: string };
        if (!body.payer_email) return invalid({ payer_email: 'Give the email to send the receipt to' });
        return ok({
          payment_id: PAYMENT_ID,
          transaction_id: 'txn-2',
          status: 'PENDING',
          amount: { amountMinor: 50_000, currency: 'INR' },
          redirect_url: null,
          provider: 'MANUAL',
          instructions: 'Wire to IN00',
        });
      }
      return undefined;
    });
    const headers = { userid: 'g2', passcode: 'secret-2', formbuilderid: 'f1' };
    renderWithProviders(
      <PayButtonScope
        target={{ kind: 'SUBMISSION', submissionId: 's2', stepId: 'step-1' }}
        guestHeaders={headers}
      >
        <PayButtonField field={field} />
      </PayButtonScope>,
    );
    const pay = await screen.findByRole('button', { name: /Pay now/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    fireEvent.click(pay);
    fireEvent.change(await screen.findByLabelText('Email for the receipt'), {
      target: { value: 'anon@example.com' },
    });
    fireEvent.click(pay);
    expect(await screen.findByText('Wire to IN00')).toBeTruthy();
    const posts = api.calls.filter((c) => c.path === '/api/orderPlace');
    expect(posts.at(-1)!.body).toMatchObject({
      submission_id: 's2',
      step_id: 'step-1',
      payer_email: 'anon@example.com',
    });
    expect(posts.at(-1)!.headers.passcode).toBe('secret-2');
  });
});

describe('payment screens', { timeout: 20_000 }, () => {
  it('/payments-status lists the payments with their status and links to each', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === '/api/pay-buttons/payments' ? ok(paged([payment()])) : undefined,
      ),
    );
    renderScreenAt(<PaymentsStatusScreen />, '/payments-status', '/payments-status');
    const row = await screen.findByTestId('payment-row');
    expect(row.textContent).toContain('Application fee · Job 1');
    expect(row.textContent).toContain('₹500.00');
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByRole('link').getAttribute('href')).toBe(`/payments/${PAYMENT_ID}`);
    expect(api.calls.some((c) => c.url.includes('/api/pay-buttons/payments?'))).toBe(true);
  });

  it('/payments-status says so without payments:view', async () => {
    installFakeApi(withPermissions('MEMBER'));
    renderScreenAt(<PaymentsStatusScreen />, '/payments-status', '/payments-status');
    expect((await screen.findByTestId('no-access')).textContent).toContain(
      'Your user type cannot see payments.',
    );
  });

  it('/payments/{id} shows the facts, the history and the way to update the status', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === `/api/pay-buttons/payments/${PAYMENT_ID}` ? ok(payment()) : undefined,
      ),
    );
    renderScreenAt(<PaymentDetailsScreen />, '/payments/:paymentDetailsId', `/payments/${PAYMENT_ID}`);
    const facts = await screen.findByTestId('payment-facts');
    expect(facts.textContent).toContain('₹500.00');
    expect(facts.textContent).toContain('Pat Payer · payer@example.com');
    expect(screen.getByTestId('payment-history').textContent).toContain('CREATED');
    expect(screen.getByRole('link', { name: 'Update status' }).getAttribute('href')).toBe(
      `/entity-payment-status-update?payment=${PAYMENT_ID}`,
    );
  });

  it('/entity-payment-status-update marks a wire payment paid with a reason', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === `/api/pay-buttons/payments/${PAYMENT_ID}` && call.method === 'GET')
          return ok(payment());
        if (call.path === `/api/pay-buttons/payments/${PAYMENT_ID}/status`) {
          return ok(payment({ status: 'PAID', paid_at: '2026-11-29T11:00:00.000Z' }));
        }
        return undefined;
      }),
    );
    renderScreenAt(
      <PaymentStatusUpdateScreen />,
      '/entity-payment-status-update',
      `/entity-payment-status-update?payment=${PAYMENT_ID}`,
      [standIn('/payments/:id', 'details'), standIn('*', 'elsewhere')],
    );
    const save = await screen.findByRole('button', { name: 'Update status' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Wire ref 42' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByTestId('details')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ status: 'PAID', reason: 'Wire ref 42' });
  });

  it('offers only the changes the server allows', () => {
    expect(allowedStatuses('PENDING')).toEqual(['PAID', 'FAILED', 'CANCELLED']);
    expect(allowedStatuses('PAID')).toEqual(['REFUNDED']);
    expect(allowedStatuses('FAILED')).toEqual(['PAID', 'CANCELLED']);
  });
});
