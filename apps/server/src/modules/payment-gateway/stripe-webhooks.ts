import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { accountById, accountWebhookSecret } from './accounts';
import { checkoutState, verifyStripeEvent } from './adapters/stripe';
import { gatewayContext } from './context';
import { paymentProviderEvents, paymentTransactions } from './schema';
import { endRecurring, renewTransaction, settleTransaction, transactionRow } from './transactions';
import type { TransactionRow } from './views';

/** `instance` or the company account whose endpoint received the event. */
export type EndpointKey = 'instance' | { accountId: string };

/**
 * One Stripe event: the signature checked with the endpoint's secret (bad: 400, nothing written),
 * then in one transaction the event id recorded (a replay conflicts and does nothing) and the
 * event applied. Events of transactions of another endpoint are recorded and ignored.
 */
export async function receiveStripeEvent(
  platform: Pick<Platform, 'database'>,
  endpoint: EndpointKey,
  body: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean; handled: boolean }> {
  const { db } = platform.database;
  let secret: string | null | undefined;
  let endpointKey: string;
  let accountId: string | null = null;
  if (endpoint === 'instance') {
    secret = gatewayContext().payments.stripeWebhookSecret;
    endpointKey = 'instance';
  } else {
    const account = await accountById(db, endpoint.accountId);
    if (!account || account.provider !== 'STRIPE')
      throw new AppError('NOT_FOUND', { message: 'Payment account not found' });
    secret = accountWebhookSecret(account);
    endpointKey = account.id;
    accountId = account.id;
  }
  if (!secret)
    throw new AppError('BAD_REQUEST', { message: 'This endpoint has no webhook secret configured' });
  const event = verifyStripeEvent(body, signature, secret);
  if (!event) throw new AppError('BAD_REQUEST', { message: 'Invalid Stripe signature' });

  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentProviderEvents)
      .values({ endpointKey, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { duplicate: true, handled: false };
    const handled = await applyEvent(tx, event, accountId);
    return { duplicate: false, handled };
  });
}

/** The transaction an event names, when it belongs to this endpoint. */
async function ownTransaction(tx: Db, txnId: string | null | undefined, accountId: string | null) {
  if (!txnId) return undefined;
  const row = await transactionRow(tx, txnId);
  if (!row || row.provider !== 'STRIPE') return undefined;
  if (accountId === null ? row.scope !== 'INSTANCE' : row.accountId !== accountId) return undefined;
  return row;
}

async function bySubscription(tx: Db, subscriptionId: string | null, accountId: string | null) {
  if (!subscriptionId) return undefined;
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.providerSubscriptionId, subscriptionId));
  return row ? ownTransaction(tx, row.id, accountId) : undefined;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const txnIdOfSession = (session: Stripe.Checkout.Session): string | null =>
  session.client_reference_id ?? session.metadata?.txnId ?? null;

async function applyEvent(tx: Db, event: Stripe.Event, accountId: string | null): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const txn = await ownTransaction(tx, txnIdOfSession(session), accountId);
      if (!txn) return false;
      const state = checkoutState(session);
      if (state.outcome !== 'PAID') return false; // async payment still processing
      return settleTransaction(tx, txn.id, {
        status: 'PAID',
        providerPaymentId: state.paymentId,
        providerSubscriptionId: state.subscriptionId,
        providerCustomerId: state.customerId,
      });
    }
    case 'checkout.session.async_payment_failed': {
      const txn = await ownTransaction(tx, txnIdOfSession(event.data.object), accountId);
      return txn ? settleTransaction(tx, txn.id, { status: 'FAILED', reason: 'The payment failed' }) : false;
    }
    case 'checkout.session.expired': {
      const txn = await ownTransaction(tx, txnIdOfSession(event.data.object), accountId);
      return txn
        ? settleTransaction(tx, txn.id, { status: 'EXPIRED', reason: 'The checkout expired' })
        : false;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const txn = await ownTransaction(tx, intent.metadata?.txnId, accountId);
      const reason = intent.last_payment_error?.message ?? 'The payment failed';
      return txn ? settleTransaction(tx, txn.id, { status: 'FAILED', reason }) : false;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const txn = await ownTransaction(tx, charge.metadata?.txnId, accountId);
      return txn && charge.refunded ? settleTransaction(tx, txn.id, { status: 'REFUNDED' }) : false;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      if (invoice.billing_reason !== 'subscription_cycle') return false; // the first period: checkout
      const subscriptionId = subscriptionOfInvoice(invoice);
      const txn = await bySubscription(tx, subscriptionId, accountId);
      if (!txn || txn.status !== 'PAID') return false;
      const line = invoice.lines?.data?.[0];
      const start = new Date((line?.period?.start ?? invoice.period_start) * 1000);
      const end = new Date((line?.period?.end ?? invoice.period_end) * 1000);
      await renewTransaction(tx, txn, {
        start,
        end,
        providerInvoiceId: invoice.id ?? null,
        totalMinor: invoice.amount_paid,
      });
      return true;
    }
    case 'customer.subscription.deleted': {
      const txn = await bySubscription(tx, event.data.object.id, accountId);
      if (!txn) return false;
      await endRecurring(tx, txn as TransactionRow);
      return true;
    }
    default:
      return false;
  }
}

/** The subscription an invoice bills (its place moved between API versions). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const loose = invoice as unknown as {
    subscription?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  };
  return idOf(loose.parent?.subscription_details?.subscription) ?? idOf(loose.subscription);
}
