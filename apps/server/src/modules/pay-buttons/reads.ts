import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TPageQuery, TPaged } from '@esigns/contracts/envelope';
import { toPaged } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import type {
  TPayButtonPayment,
  TPayButtonPaymentDetail,
  TPayButtonState,
  TPayButtonStatus,
  TPayTargetKind,
} from '@esigns/contracts/pay-buttons';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { payableRecord } from '../entity-data';
import { payableSubmission } from '../form-submissions';
import { fillCallerOfPayer, type Payer } from './buttons';
import { paymentsOfTargets, type PaymentRow } from './payments';
import { payButtonPaymentEvents, payButtonPayments } from './schema';

type Reader = Pick<Db, 'select'>;

export function paymentView(row: PaymentRow): TPayButtonPayment {
  return {
    _id: row.id,
    target_kind: row.targetKind,
    target_id: row.targetId,
    entity_id: row.entityId,
    form_builder_id: row.formBuilderId,
    template_id: row.templateId,
    step_id: row.stepId,
    field_key: row.fieldKey,
    description: row.description,
    amount: { amountMinor: row.amountMinor, currency: row.currency },
    status: row.status,
    provider: row.provider,
    account_id: row.accountId,
    transaction_id: row.transactionId,
    payer: { kind: row.payerKind, email: row.payerEmail, name: row.payerName },
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The state of every pay button of a record or submission that has a payment: paid when any
 * attempt is PAID (that attempt shown), else the latest attempt. Buttons never started are absent.
 */
export function buttonStates(rows: PaymentRow[]): TPayButtonState[] {
  const bySlot = new Map<string, PaymentRow>();
  for (const row of rows) {
    const key = `${row.stepId ?? row.templateId}:${row.fieldKey}`;
    const seen = bySlot.get(key);
    if (!seen || (row.status === 'PAID' && seen.status !== 'PAID')) bySlot.set(key, row);
  }
  return [...bySlot.values()].map((row) => ({
    slot_id: row.stepId ?? row.templateId,
    field_key: row.fieldKey,
    paid: row.status === 'PAID',
    status: row.status,
    payment_id: row.id,
    amount: { amountMinor: row.amountMinor, currency: row.currency },
    transaction_id: row.transactionId,
    paid_at: row.paidAt?.toISOString() ?? null,
  }));
}

/** `GET /pay-buttons/status`: for whoever may pay the record / submission (its filler, staff, its contact). */
export async function targetStates(
  db: Db,
  payer: Payer,
  target: { recordId?: string; submissionId?: string },
): Promise<TPayButtonState[]> {
  let companyId: string;
  let id: string;
  if (target.recordId) {
    if (payer.kind === 'GUEST') throw notFound('Record');
    const record = await payableRecord(db, payer, target.recordId);
    companyId = record.companyId;
    id = record.id;
  } else {
    const submission = await payableSubmission(db, fillCallerOfPayer(payer), target.submissionId!);
    companyId = submission.companyId;
    id = submission.id;
  }
  return buttonStates(await paymentsOfTargets(db, companyId, [id]));
}

export type PaymentsFilter = {
  status?: TPayButtonStatus;
  target_kind?: TPayTargetKind;
  target_id?: string;
  template_id?: string;
  search?: string;
};

/** `GET /pay-buttons/payments`: the company's pay-button payments, newest first. */
export async function listPayments(
  db: Reader,
  companyId: string,
  filter: PaymentsFilter,
  page: TPageQuery,
): Promise<TPaged<TPayButtonPayment>> {
  const search = filter.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where: SQL = and(
    eq(payButtonPayments.companyId, companyId),
    filter.status ? eq(payButtonPayments.status, filter.status) : undefined,
    filter.target_kind ? eq(payButtonPayments.targetKind, filter.target_kind) : undefined,
    filter.target_id ? eq(payButtonPayments.targetId, filter.target_id) : undefined,
    filter.template_id ? eq(payButtonPayments.templateId, filter.template_id) : undefined,
    search
      ? or(
          ilike(payButtonPayments.payerEmail, `%${search}%`),
          ilike(payButtonPayments.description, `%${search}%`),
          ilike(payButtonPayments.transactionId, `%${search}%`),
        )
      : undefined,
  )!;
  const [{ n }] = (await db.select({ n: count() }).from(payButtonPayments).where(where)) as [{ n: number }];
  const rows = await db
    .select()
    .from(payButtonPayments)
    .where(where)
    .orderBy(desc(payButtonPayments.createdAt), desc(payButtonPayments.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return toPaged(rows.map(paymentView), n, page);
}

export async function findPayment(db: Reader, companyId: string, id: string): Promise<PaymentRow> {
  if (!isUuid(id)) throw notFound('Payment');
  const [row] = await db
    .select()
    .from(payButtonPayments)
    .where(and(eq(payButtonPayments.id, id), eq(payButtonPayments.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Payment');
  return row;
}

/** `GET /pay-buttons/payments/{id}`: one payment with its history. */
export async function paymentDetail(
  db: Reader,
  companyId: string,
  id: string,
): Promise<TPayButtonPaymentDetail> {
  const row = await findPayment(db, companyId, id);
  const events = await db
    .select()
    .from(payButtonPaymentEvents)
    .where(eq(payButtonPaymentEvents.paymentId, row.id))
    .orderBy(asc(payButtonPaymentEvents.createdAt), asc(payButtonPaymentEvents.id));
  return {
    ...paymentView(row),
    events: events.map((e) => ({
      _id: e.id,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      source: e.source,
      reason: e.reason,
      actor: e.actor,
      created_at: e.createdAt.toISOString(),
    })),
  };
}
