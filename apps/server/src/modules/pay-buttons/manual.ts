import { eq } from 'drizzle-orm';
import type { TManualStatus, TManualStatusNew, TPayButtonPaymentDetail } from '@esigns/contracts/pay-buttons';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getTransaction, settleManualTransaction } from '../payment-gateway';
import type { AccessContext } from '../permissions';
import { amountNotSet, resolveButton, targetOf } from './buttons';
import { addEvent, lockSlot, paymentOfButton, slotCondition } from './payments';
import { findPayment, paymentDetail } from './reads';
import { payButtonPayments } from './schema';

const refuse = (message: string) => new AppError('CONFLICT', { message });

/**
 * `PUT /pay-buttons/payments/{id}/status` (the `/entity-payment-status-update` screen): staff set a
 * payment's status by hand with a reason (audited in its history). A wire (MANUAL) transaction
 * still open is settled through the gateway, so its invoice is issued and `onPaid` writes the
 * status, as when the gateway's own screen marks it. REFUNDED only from PAID.
 */
export async function setPaymentStatus(
  db: Db,
  access: AccessContext,
  id: string,
  input: TManualStatus,
): Promise<TPayButtonPaymentDetail> {
  const found = await findPayment(db, access.companyId, id);
  await db.transaction(async (tx) => {
    await lockSlot(tx, found);
    const [row] = await tx
      .select()
      .from(payButtonPayments)
      .where(eq(payButtonPayments.id, found.id))
      .for('update');
    if (row!.status === input.status) throw refuse(`This payment is already ${input.status}`);
    if (input.status === 'REFUNDED' && row!.status !== 'PAID')
      throw refuse('Only a paid payment is refunded');
    if (row!.status === 'PAID' && input.status !== 'REFUNDED')
      throw refuse('A paid payment is only refunded');
    if (input.status === 'PAID') {
      const others = await tx.select().from(payButtonPayments).where(slotCondition(row!));
      if (others.some((o) => o.status === 'PAID')) throw refuse('This has been paid already');
    }
    await addEvent(tx, row!.id, row!.status, input.status, 'MANUAL', input.reason, `user:${access.userId}`);
    const txn = row!.transactionId ? await getTransaction(tx, row!.transactionId) : null;
    const open = txn && (txn.status === 'CREATED' || txn.status === 'PENDING');
    if (open && txn.provider === 'MANUAL' && (input.status === 'PAID' || input.status === 'FAILED')) {
      await settleManualTransaction(tx, txn._id, input.status, input.reason);
    }
    const [after] = await tx.select().from(payButtonPayments).where(eq(payButtonPayments.id, row!.id));
    if (after!.status !== input.status) {
      await tx
        .update(payButtonPayments)
        .set({
          status: input.status,
          ...(input.status === 'PAID' ? { paidAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(payButtonPayments.id, row!.id));
    }
  });
  return paymentDetail(db, access.companyId, found.id);
}

/**
 * `POST /pay-buttons/manual-status`: a payment received outside the app (wire, cash) recorded for a
 * button nobody started paying: a payment row of the button's computed amount, provider MANUAL, the
 * status given, audited with the reason.
 */
export async function recordManualPayment(
  db: Db,
  access: AccessContext,
  input: TManualStatusNew,
): Promise<TPayButtonPaymentDetail> {
  if (input.record_id && !input.template_id) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Give the template of the button',
      details: [{ key: 'template_id', path: ['template_id'], message: 'Give the template of the button' }],
    });
  }
  if (input.submission_id && !input.step_id) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Give the form step of the button',
      details: [{ key: 'step_id', path: ['step_id'], message: 'Give the form step of the button' }],
    });
  }
  const button = await resolveButton(db, { kind: 'STAFF', access }, targetOf(input), input.field_key);
  if (button.amountMinor === null) throw amountNotSet();
  const slot = { ...button, fieldKey: input.field_key };
  const id = await db.transaction(async (tx) => {
    await lockSlot(tx, slot);
    const rows = await tx.select().from(payButtonPayments).where(slotCondition(slot));
    if (input.status === 'PAID' && rows.some((r) => r.status === 'PAID'))
      throw refuse('This has been paid already');
    if (input.status === 'REFUNDED') throw refuse('Only a paid payment is refunded: open it and refund it');
    const [row] = await tx
      .insert(payButtonPayments)
      .values({
        ...paymentOfButton(button, input.field_key, button.amountMinor!),
        status: input.status,
        provider: 'MANUAL',
        payerKind: 'STAFF_MANUAL',
        payerId: access.userId,
        paidAt: input.status === 'PAID' ? new Date() : null,
      })
      .returning();
    await addEvent(tx, row!.id, null, input.status, 'MANUAL', input.reason, `user:${access.userId}`);
    return row!.id;
  });
  return paymentDetail(db, access.companyId, id);
}
