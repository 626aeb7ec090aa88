import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TTransaction } from '@esigns/contracts/payments';
import {
  type BillingInterval,
  type TPlanInfo,
  type TSubscribeResult,
  type TPlan,
} from '@esigns/contracts/subscriptions';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { findAccountById } from '../auth';
import { cancelRecurringPayment, startSubscriptionPayment } from './gateway';
import { effectivePlan, usageOf } from './limits';
import { findPlan, planViews, type PlanRow } from './plans';
import { heldRedemption } from './promo';
import { companySubscriptions, promoCodes, promoRedemptions, subscriptionChanges } from './schema';

/** Whether `email` is an instance operator's: listed in OPERATOR_EMAILS, or of a listed `@domain`. */
export function isOperator(platform: Platform, email: string | undefined): boolean {
  if (!email) return false;
  const address = email.toLowerCase();
  return platform.config.subscriptions.operatorEmails.some((entry) =>
    entry.startsWith('@') ? address.endsWith(entry) : address === entry,
  );
}

export async function callerEmail(platform: Platform, userId: string): Promise<string | undefined> {
  return (await findAccountById(platform.database.db, userId))?.email;
}

export function requireOwner(access: AccessContext): void {
  if (access.userType !== 'OWNER') {
    throw new AppError('FORBIDDEN', { message: "Only the company's owner changes its plan and billing" });
  }
}

function addInterval(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** `GET /getPlanInfo`: the company's plan, status, period, pending change and usage per limit. */
export async function planInfo(platform: Platform, access: AccessContext): Promise<TPlanInfo> {
  const { db } = platform.database;
  const current = await effectivePlan(db, access.companyId);
  const [pending] = await db
    .select()
    .from(subscriptionChanges)
    .where(
      and(
        eq(subscriptionChanges.companyId, access.companyId),
        eq(subscriptionChanges.status, 'PENDING'),
        eq(subscriptionChanges.kind, 'PLAN'),
      ),
    )
    .orderBy(sql`${subscriptionChanges.createdAt} desc`)
    .limit(1);
  const pendingPlan = pending ? await findPlan(db, pending.planId) : undefined;
  const [plan, pendingView] = await planViews(db, pendingPlan ? [current.plan, pendingPlan] : [current.plan]);
  const row = current.row;
  return {
    plan: plan as TPlan,
    status: current.status,
    interval: row?.interval ?? null,
    current_period_start: row?.currentPeriodStart?.toISOString() ?? null,
    current_period_end: row?.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    pending:
      pending && pendingView
        ? {
            change_id: pending.id,
            plan: pendingView,
            interval: pending.interval,
            transaction_id: pending.transactionId,
          }
        : null,
    usage: await usageOf(db, access.companyId, current.plan),
    is_owner: access.userType === 'OWNER',
    is_operator: isOperator(platform, await callerEmail(platform, access.userId)),
  };
}

/** Makes `plan` the company's plan from now (a paid one for one period of `interval`). */
async function activate(
  tx: Db,
  companyId: string,
  plan: PlanRow,
  interval: BillingInterval | null,
  transactionId: string | null,
  period?: { start: Date; end: Date },
): Promise<void> {
  const free = plan.priceMonthMinor === 0 && plan.priceYearMinor === 0;
  const start = period?.start ?? new Date();
  const values = {
    planId: plan.id,
    status: 'ACTIVE' as const,
    interval: free ? null : interval,
    currentPeriodStart: free ? null : start,
    currentPeriodEnd: free ? null : (period?.end ?? addInterval(start, interval ?? 'month')),
    transactionId,
    cancelAtPeriodEnd: false,
    updatedAt: new Date(),
  };
  await tx
    .insert(companySubscriptions)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companySubscriptions.companyId, set: values });
}

/**
 * `POST /subscribe` and `POST /subscription` (owner): a free plan at once (a paid recurring
 * subscription stops renewing); a paid plan through the payment gateway (scope INSTANCE,
 * purpose SUBSCRIPTION with this change's id, recurring per interval): Stripe Checkout's address,
 * or MANUAL's wire instructions while an operator has to mark it paid. A promo code's redemption
 * lowers the price; a price brought to 0 activates at once. The plan changes only when the
 * gateway reports the payment (onPaid); until then the current plan's limits apply.
 */
export async function subscribe(
  platform: Platform,
  access: AccessContext,
  input: { plan_id: string; interval: BillingInterval; redemption_id?: string | undefined },
): Promise<TSubscribeResult> {
  requireOwner(access);
  const { db } = platform.database;
  const plan = await findPlan(db, input.plan_id);
  if (!plan || !plan.active) throw notFound('Plan');
  const price = input.interval === 'year' ? plan.priceYearMinor : plan.priceMonthMinor;
  const payerEmail = (await callerEmail(platform, access.userId)) ?? '';
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, access.companyId))
      .for('update')
      .limit(1);
    // A previous change still waiting for its payment is dropped (its redemption released).
    await dropPendingChanges(tx, access.companyId);
    const redemption = input.redemption_id
      ? await heldRedemption(tx, access.companyId, input.redemption_id, plan.id, input.interval)
      : undefined;
    const amount = redemption ? redemption.finalMinor : price;
    const none = {
      change_id: null,
      transaction_id: null,
      redirect_url: null,
      provider: null,
      instructions: null,
    };
    if (amount === 0) {
      if (current?.transactionId && current.status === 'ACTIVE')
        await cancelRecurringPayment(tx, current.transactionId);
      await activate(tx, access.companyId, plan, input.interval, null);
      if (redemption) await applyRedemption(tx, redemption.id);
      return { status: 'ACTIVE', ...none, amount_minor: 0, currency: plan.currency };
    }
    const [change] = await tx
      .insert(subscriptionChanges)
      .values({
        companyId: access.companyId,
        planId: plan.id,
        interval: input.interval,
        amountMinor: amount,
        currency: plan.currency,
        redemptionId: redemption?.id ?? null,
        createdBy: access.userId,
      })
      .returning();
    if (!change) throw new Error('change insert returned nothing');
    const started = await startSubscriptionPayment(tx, {
      companyId: access.companyId,
      payerEmail,
      description: `${plan.name} plan (${input.interval === 'year' ? 'yearly' : 'monthly'})`,
      priceMinor: price,
      discountMinor: redemption ? redemption.discountMinor : 0,
      discountLabel: redemption ? 'Promo code' : '',
      currency: plan.currency,
      interval: input.interval,
      ref: change.id,
    });
    await tx
      .update(subscriptionChanges)
      .set({ transactionId: started.transactionId, updatedAt: new Date() })
      .where(eq(subscriptionChanges.id, change.id));
    return {
      status: 'PENDING_PAYMENT',
      change_id: change.id,
      transaction_id: started.transactionId,
      redirect_url: started.redirectUrl,
      provider: started.provider,
      amount_minor: amount,
      currency: plan.currency,
      instructions: started.instructions,
    };
  });
}

/** Marks earlier PENDING plan changes FAILED and releases their promo redemptions. */
async function dropPendingChanges(tx: Db, companyId: string): Promise<void> {
  const dropped = await tx
    .update(subscriptionChanges)
    .set({ status: 'FAILED', updatedAt: new Date() })
    .where(
      and(
        eq(subscriptionChanges.companyId, companyId),
        eq(subscriptionChanges.status, 'PENDING'),
        eq(subscriptionChanges.kind, 'PLAN'),
      ),
    )
    .returning({ redemptionId: subscriptionChanges.redemptionId });
  for (const d of dropped) if (d.redemptionId) await releaseRedemption(tx, d.redemptionId);
}

async function applyRedemption(tx: Db, redemptionId: string): Promise<void> {
  await tx
    .update(promoRedemptions)
    .set({ status: 'APPLIED' })
    .where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, 'PENDING')));
}

async function releaseRedemption(tx: Db, redemptionId: string): Promise<void> {
  const [released] = await tx
    .update(promoRedemptions)
    .set({ status: 'CANCELLED' })
    .where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, 'PENDING')))
    .returning({ promoCodeId: promoRedemptions.promoCodeId });
  if (released) {
    await tx
      .update(promoCodes)
      .set({ redemptionCount: sql`greatest(0, ${promoCodes.redemptionCount} - 1)` })
      .where(eq(promoCodes.id, released.promoCodeId));
  }
}

/**
 * The gateway's onPaid for purpose SUBSCRIPTION (ref: the change's id): in the transaction that
 * marks the payment PAID, the change becomes PAID once (conditional UPDATE: a replay finds it
 * no longer PENDING and does nothing), the plan the company's for one period, the promo code
 * APPLIED. A one-off charge (kind CHARGE) only becomes PAID.
 */
export async function onSubscriptionPaid(tx: Db, txn: TTransaction): Promise<void> {
  const [change] = await tx
    .update(subscriptionChanges)
    .set({ status: 'PAID', transactionId: txn._id, updatedAt: new Date() })
    .where(and(eq(subscriptionChanges.id, txn.purpose.ref), eq(subscriptionChanges.status, 'PENDING')))
    .returning();
  if (!change || change.kind !== 'PLAN') return;
  const plan = await findPlan(tx, change.planId);
  if (!plan) return;
  // The plan paid before stops renewing (a change of plan replaces the subscription).
  const [previous] = await tx
    .select({ transactionId: companySubscriptions.transactionId })
    .from(companySubscriptions)
    .where(eq(companySubscriptions.companyId, change.companyId))
    .for('update')
    .limit(1);
  if (previous?.transactionId && previous.transactionId !== txn._id) {
    await cancelRecurringPayment(tx, previous.transactionId);
  }
  await activate(tx, change.companyId, plan, change.interval, txn._id);
  if (change.redemptionId) await applyRedemption(tx, change.redemptionId);
}

/** onFailed: the change FAILED, its redemption released; the company keeps its plan. */
export async function onSubscriptionFailed(tx: Db, txn: TTransaction): Promise<void> {
  const [change] = await tx
    .update(subscriptionChanges)
    .set({ status: 'FAILED', updatedAt: new Date() })
    .where(and(eq(subscriptionChanges.id, txn.purpose.ref), eq(subscriptionChanges.status, 'PENDING')))
    .returning();
  if (change?.redemptionId) await releaseRedemption(tx, change.redemptionId);
}

/** onRenewed: the subscription paid by `txn` runs another period (ACTIVE again if it had lapsed). */
export async function onSubscriptionRenewed(
  tx: Db,
  txn: TTransaction,
  period: { start: Date; end: Date },
): Promise<void> {
  await tx
    .update(companySubscriptions)
    .set({
      status: 'ACTIVE',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(companySubscriptions.transactionId, txn._id),
        inArray(companySubscriptions.status, ['ACTIVE', 'PAST_DUE', 'EXPIRED']),
      ),
    );
}

/** onRecurringEnded: no more renewals; the plan runs to its period end, then the expiry job. */
export async function onSubscriptionEnded(tx: Db, txn: TTransaction): Promise<void> {
  await tx
    .update(companySubscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
    .where(eq(companySubscriptions.transactionId, txn._id));
}

/** `POST /subscription/cancel` (owner): stops renewing; the plan runs until its period ends. */
export async function cancelSubscription(platform: Platform, access: AccessContext): Promise<void> {
  requireOwner(access);
  await platform.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, access.companyId))
      .for('update')
      .limit(1);
    if (!row || row.status !== 'ACTIVE' || row.currentPeriodEnd === null) {
      throw new AppError('CONFLICT', { message: 'There is no paid subscription to cancel' });
    }
    if (row.transactionId) await cancelRecurringPayment(tx, row.transactionId);
    await tx
      .update(companySubscriptions)
      .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
      .where(eq(companySubscriptions.companyId, access.companyId));
  });
}

/**
 * The daily expiry (job `subscriptions.expire`): a paid period that ended moves its company to
 * EXPIRED (FREE limits apply; nothing is deleted; documents already sent can still be signed).
 * A renewal paid later (onRenewed) makes it ACTIVE again. Each row moves once (conditional UPDATE).
 */
export async function expireEndedPeriods(db: Db, now = new Date()): Promise<number> {
  const moved = await db
    .update(companySubscriptions)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(
      and(
        inArray(companySubscriptions.status, ['ACTIVE', 'PAST_DUE']),
        lt(companySubscriptions.currentPeriodEnd, now),
      ),
    )
    .returning({ companyId: companySubscriptions.companyId });
  return moved.length;
}
