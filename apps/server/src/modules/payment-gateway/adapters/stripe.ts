import Stripe from 'stripe';
import { AppError } from '../../../platform/http/app-error';
import type { TransactionRow } from '../views';

/**
 * STRIPE through the official SDK: Checkout Sessions (payment mode for one-off payments,
 * subscription mode for recurring ones), coupons for an already computed discount, subscription
 * cancel, signature checks of webhook events. `apiUrl` (STRIPE_API_URL) points the SDK at another
 * host (the local test server): companies' accounts use the same base.
 */
export type StripeCredentials = { secretKey: string; apiUrl: string | undefined };

const clients = new Map<string, Stripe>();

export function stripeClient({ secretKey, apiUrl }: StripeCredentials): Stripe {
  const cacheKey = `${apiUrl ?? ''}\n${secretKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000 };
    if (apiUrl) {
      const url = new URL(apiUrl);
      config.protocol = url.protocol === 'http:' ? 'http' : 'https';
      config.host = url.hostname;
      config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
    }
    client = new Stripe(secretKey, config);
    if (clients.size > 200) clients.clear();
    clients.set(cacheKey, client);
  }
  return client;
}

/** Any failure of Stripe's API: the spec's 'External api error' (503), the cause logged. */
export function externalApiError(cause: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', { message: 'External api error', cause });
}

async function callStripe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw externalApiError(err);
  }
}

/** Creates the Checkout Session of a transaction: its id and the page to send the payer to. */
export async function createCheckout(
  creds: StripeCredentials,
  txn: TransactionRow,
  urls: { successUrl: string; cancelUrl: string },
): Promise<{ sessionId: string; url: string; customerId: string | null }> {
  const stripe = stripeClient(creds);
  const currency = txn.currency.toLowerCase();
  const metadata = { txnId: txn.id, purposeKind: txn.purposeKind, purposeRef: txn.purposeRef };
  const interval = txn.recurringInterval;
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = txn.lines.map((line) => ({
    quantity: line.quantity ?? 1,
    price_data: {
      currency,
      unit_amount: line.amount.amountMinor,
      product_data: { name: line.description },
      ...(interval ? { recurring: { interval } } : {}),
    },
  }));
  return callStripe(async () => {
    let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
    if (txn.discount && txn.discount.amount.amountMinor > 0) {
      const coupon = await stripe.coupons.create(
        {
          amount_off: txn.discount.amount.amountMinor,
          currency,
          duration: 'once',
          name: txn.discount.description.slice(0, 40),
          max_redemptions: 1,
        },
        { idempotencyKey: `coupon-${txn.id}` },
      );
      discounts = [{ coupon: coupon.id }];
    }
    const session = await stripe.checkout.sessions.create(
      {
        mode: interval ? 'subscription' : 'payment',
        line_items: lineItems,
        ...(discounts ? { discounts } : {}),
        customer_email: txn.payerEmail,
        client_reference_id: txn.id,
        metadata,
        ...(interval ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        success_url: urls.successUrl,
        cancel_url: urls.cancelUrl,
      },
      { idempotencyKey: `checkout-${txn.id}` },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
    return {
      sessionId: session.id,
      url: session.url,
      customerId: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
    };
  });
}

export type CheckoutState = {
  outcome: 'PAID' | 'EXPIRED' | 'OPEN';
  paymentId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** What a completed/expired session says (webhooks and `PUT /update/...` read the same). */
export function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  const paid = session.status === 'complete' && session.payment_status !== 'unpaid';
  return {
    outcome: paid ? 'PAID' : session.status === 'expired' ? 'EXPIRED' : 'OPEN',
    paymentId: idOf(session.payment_intent),
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
  };
}

export async function retrieveCheckout(creds: StripeCredentials, sessionId: string): Promise<CheckoutState> {
  const session = await callStripe(() => stripeClient(creds).checkout.sessions.retrieve(sessionId));
  return checkoutState(session);
}

export async function cancelStripeSubscription(
  creds: StripeCredentials,
  subscriptionId: string,
): Promise<void> {
  await callStripe(() => stripeClient(creds).subscriptions.cancel(subscriptionId));
}

/** The events the gateway handles (README, "Stripe webhooks"). */
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
  'charge.refunded',
  'invoice.paid',
  'customer.subscription.deleted',
] as const;

/**
 * Registers the gateway's endpoint with a company's Stripe account (`webhook_endpoints.create`)
 * and answers its signing secret (null when Stripe gives none). Stripe's refusal is thrown.
 */
export async function registerStripeWebhook(creds: StripeCredentials, url: string): Promise<string | null> {
  const endpoint = await stripeClient(creds).webhookEndpoints.create({
    url,
    enabled_events: [...STRIPE_EVENTS],
    description: 'e-Signs payment gateway',
  });
  return endpoint.secret ?? null;
}

/** The event, or null when the signature (or the payload) does not check out. */
export function verifyStripeEvent(
  body: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event | null {
  if (!signature) return null;
  try {
    return Stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    return null;
  }
}
