import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TStartPayment, TStartPaymentResult, TPayButtonStatus } from '@esigns/contracts/pay-buttons';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { findPeople } from '../auth';
import { getTransaction, startPayment, type TransactionView } from '../payment-gateway';
import { amountNotSet, resolveButton, targetOf, type Payer, type ResolvedButton } from './buttons';
import { payButtonPaymentEvents, payButtonPayments } from './schema';

export type PaymentRow = typeof payButtonPayments.$inferSelect;
const OPEN: TPayButtonStatus[] = ['CREATED', 'PENDING'];

/** The rows of one button of one record / submission (its slot: the template, or the form step). */
export function slotCondition(
  b: Pick<ResolvedButton, 'companyId' | 'targetId' | 'templateId' | 'stepId'> & { fieldKey: string },
): SQL {
  return and(
    eq(payButtonPayments.companyId, b.companyId),
    eq(payButtonPayments.targetId, b.targetId),
    eq(payButtonPayments.fieldKey, b.fieldKey),
    b.stepId
      ? eq(payButtonPayments.stepId, b.stepId)
      : and(isNull(payButtonPayments.stepId), eq(payButtonPayments.templateId, b.templateId)),
  )!;
}

/** A new payment row's columns that come from the button. */
export function paymentOfButton(button: ResolvedButton, fieldKey: string, amountMinor: number) {
  return {
    companyId: button.companyId,
    targetKind: button.targetKind,
    targetId: button.targetId,
    entityId: button.entityId,
    formBuilderId: button.formBuilderId,
    templateId: button.templateId,
    stepId: button.stepId,
    fieldKey,
    description: button.description,
    amountMinor,
    currency: button.currency,
    accountId: button.accountId,
  };
}

/** Serialises starts and hand-made changes of one button (transaction-scoped advisory lock). */
export async function lockSlot(
  tx: Db,
  b: { targetId: string; fieldKey: string; stepId: string | null; templateId: string },
) {
  const key = `pay-button:${b.targetId}:${b.stepId ?? b.templateId}:${b.fieldKey}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function addEvent(
  tx: Db,
  paymentId: string,
  from: string | null,
  to: string,
  source: 'START' | 'GATEWAY' | 'MANUAL',
  reason: string | null,
  actor: string | null,
) {
  // clock_timestamp: several events of one transaction keep their order (now() is the transaction's start).
  await tx.insert(payButtonPaymentEvents).values({
    paymentId,
    fromStatus: from,
    toStatus: to,
    source,
    reason,
    actor,
    createdAt: sql`clock_timestamp()`,
  });
}

async function payerOf(db: Db, payer: Payer, input: TStartPayment, button: ResolvedButton) {
  if (input.payer_email) return { email: input.payer_email, name: input.payer_name ?? null };
  if (payer.kind === 'STAFF') {
    const person = (await findPeople(db, [payer.access.userId])).get(payer.access.userId);
    const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
    return { email: person?.email ?? null, name: input.payer_name ?? (name || null) };
  }
  if (payer.kind === 'CONTACT') return { email: payer.contact.email, name: input.payer_name ?? null };
  return {
    email: payer.caller.guest.email ?? button.defaultPayer.email,
    name: input.payer_name ?? button.defaultPayer.name,
  };
}

const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

function payerIdentity(payer: Payer): { kind: PaymentRow['payerKind']; id: string } {
  if (payer.kind === 'STAFF') return { kind: 'USER', id: payer.access.userId };
  if (payer.kind === 'CONTACT') return { kind: 'CONTACT', id: payer.contact.contactId };
  return { kind: 'GUEST', id: payer.caller.guest.guestId };
}

/**
 * `POST /payment` and `POST /orderPlace`: starts (or resumes) paying one pay button. The amount is
 * the server's (`resolveButton`); a button already paid: 409. An open attempt of the same amount,
 * account and payer is resumed (the gateway answers the same transaction for its key), so a
 * double click or a retry never makes two payments.
 */
export async function startButtonPayment(
  db: Db,
  payer: Payer,
  input: TStartPayment,
): Promise<TStartPaymentResult> {
  const button = await resolveButton(db, payer, targetOf(input), input.field_key);
  if (button.amountMinor === null) throw amountNotSet();
  const amountMinor = button.amountMinor;
  const who = await payerOf(db, payer, input, button);
  if (!who.email) {
    throw validationError([
      { key: 'payer_email', path: ['payer_email'], message: 'Give the email to send the receipt to' },
    ]);
  }
  const identity = payerIdentity(payer);
  const slot = { ...button, fieldKey: input.field_key };
  return db.transaction(async (tx) => {
    await lockSlot(tx, slot);
    const rows = await tx.select().from(payButtonPayments).where(slotCondition(slot));
    if (rows.some((r) => r.status === 'PAID')) {
      throw new AppError('CONFLICT', { message: 'This has been paid already' });
    }
    const open = rows.find(
      (r) =>
        OPEN.includes(r.status) &&
        r.amountMinor === amountMinor &&
        r.currency === button.currency &&
        r.accountId === button.accountId &&
        r.payerEmail === who.email!.toLowerCase(),
    );
    let row = open;
    if (!row) {
      [row] = await tx
        .insert(payButtonPayments)
        .values({
          ...paymentOfButton(button, input.field_key, amountMinor),
          payerKind: identity.kind,
          payerId: identity.id,
          payerEmail: who.email!.toLowerCase(),
          payerName: who.name,
        })
        .returning();
      await addEvent(
        tx,
        row!.id,
        null,
        'CREATED',
        'START',
        null,
        `${identity.kind.toLowerCase()}:${identity.id}`,
      );
    }
    const back = input.return_path ?? (payer.kind === 'GUEST' ? '/paymentStatus' : '/payments-status');
    const started = await startPayment(tx, {
      scope: {
        kind: 'COMPANY',
        companyId: button.companyId,
        ...(button.accountId ? { accountId: button.accountId } : {}),
      },
      payer: { email: who.email!, ...(who.name ? { name: who.name } : {}) },
      lines: [
        { description: button.description || 'Payment', amount: { amountMinor, currency: button.currency } },
      ],
      purpose: { kind: 'PAY_BUTTON', ref: row!.id },
      successPath: withParam(back, 'pay_button', row!.id),
      cancelPath: withParam(withParam(back, 'pay_button', row!.id), 'cancelled', '1'),
      idempotencyKey: `pay-button:${row!.id}`,
    });
    const txn = await getTransaction(tx, started.transactionId);
    // onPaid may already have settled the row in this transaction (a free payment): never step back.
    const [current] = await tx.select().from(payButtonPayments).where(eq(payButtonPayments.id, row!.id));
    const status = current!.status === 'PAID' ? 'PAID' : started.status;
    const [updated] = await tx
      .update(payButtonPayments)
      .set({
        transactionId: started.transactionId,
        provider: started.provider,
        status,
        instructions: txn?.instructions ?? null,
        updatedAt: new Date(),
      })
      .where(eq(payButtonPayments.id, row!.id))
      .returning();
    if (current!.status !== status)
      await addEvent(tx, row!.id, current!.status, status, 'GATEWAY', null, null);
    return {
      payment_id: updated!.id,
      transaction_id: started.transactionId,
      status: updated!.status,
      amount: { amountMinor, currency: button.currency },
      redirect_url: started.redirectUrl,
      provider: started.provider,
      instructions: updated!.instructions,
    };
  });
}

async function paymentOfTxn(tx: Db, txn: TransactionView): Promise<PaymentRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(txn.purpose.ref)) return null;
  const [row] = await tx
    .select()
    .from(payButtonPayments)
    .where(
      and(eq(payButtonPayments.id, txn.purpose.ref), eq(payButtonPayments.companyId, txn.companyId ?? '')),
    )
    .for('update');
  return row ?? null;
}

/**
 * The gateway's PAID, once per transaction, in its transaction: the payment PAID with the
 * transaction and time. A payment already PAID (a replay, or staff marked it by hand) stays as it is.
 */
export async function onButtonPaid(tx: Db, txn: TransactionView): Promise<void> {
  const row = await paymentOfTxn(tx, txn);
  if (!row || row.status === 'PAID') return;
  const paidAt = txn.paidAt ? new Date(txn.paidAt) : new Date();
  await tx
    .update(payButtonPayments)
    .set({ status: 'PAID', transactionId: txn._id, provider: txn.provider, paidAt, updatedAt: new Date() })
    .where(eq(payButtonPayments.id, row.id));
  await addEvent(tx, row.id, row.status, 'PAID', 'GATEWAY', null, null);
}

/** FAILED / CANCELLED / EXPIRED: the attempt ends; the button stays unpaid (another attempt may start). */
export async function onButtonFailed(tx: Db, txn: TransactionView): Promise<void> {
  const row = await paymentOfTxn(tx, txn);
  if (!row || !OPEN.includes(row.status) || row.transactionId !== txn._id) return;
  const status = txn.status as TPayButtonStatus;
  await tx
    .update(payButtonPayments)
    .set({ status, updatedAt: new Date() })
    .where(eq(payButtonPayments.id, row.id));
  await addEvent(tx, row.id, row.status, status, 'GATEWAY', txn.failureReason, null);
}

/** The rows of some targets (a record's or a submission's buttons), newest first. */
export async function paymentsOfTargets(db: Pick<Db, 'select'>, companyId: string, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  return db
    .select()
    .from(payButtonPayments)
    .where(and(eq(payButtonPayments.companyId, companyId), inArray(payButtonPayments.targetId, targetIds)))
    .orderBy(sql`${payButtonPayments.createdAt} desc`, sql`${payButtonPayments.id} desc`);
}
