import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { ZPromoCodePatch } from '@esigns/contracts/subscriptions';
import {
  discountedMinor,
  type BillingInterval,
  type TPromoCode,
  type TPromoCodeInput,
  type TRedemption,
  ZPromoCodeInput,
} from '@esigns/contracts/subscriptions';
import { isUuid } from '@esigns/contracts/ids';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { findPlan } from './plans';
import { promoCodes, promoRedemptions } from './schema';

/** A PENDING redemption holds its place this long, then lapses (the cap is released). */
export const REDEMPTION_HOLD_MS = 60 * 60 * 1000;

type PromoRow = typeof promoCodes.$inferSelect;
type RedemptionRow = typeof promoRedemptions.$inferSelect;

function promoView(r: PromoRow): TPromoCode {
  return {
    _id: r.id,
    code: r.code,
    description: r.description,
    percent_off: r.percentOff,
    amount_off_minor: r.amountOffMinor,
    currency: r.currency,
    valid_from: r.validFrom?.toISOString() ?? null,
    valid_to: r.validTo?.toISOString() ?? null,
    max_redemptions: r.maxRedemptions,
    redemptions: r.redemptionCount,
    plan_ids: r.planIds,
    active: r.active,
  };
}

function redemptionView(r: RedemptionRow, code: string): TRedemption {
  return {
    _id: r.id,
    code,
    status: r.status,
    plan_id: r.planId,
    interval: r.interval,
    price_minor: r.priceMinor,
    discount_minor: r.discountMinor,
    final_minor: r.finalMinor,
    currency: r.currency,
    expires_at: r.expiresAt.toISOString(),
  };
}

export async function listPromoCodes(db: Db): Promise<TPromoCode[]> {
  const rows = await db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt));
  return rows.map(promoView);
}

export async function createPromoCode(db: Db, input: TPromoCodeInput): Promise<TPromoCode> {
  const v = ZPromoCodeInput.parse(input);
  for (const [i, planId] of v.plan_ids.entries()) {
    if (!(await findPlan(db, planId))) {
      throw validationError([{ key: `plan_ids.${i}`, message: 'No such plan', path: ['plan_ids', i] }]);
    }
  }
  try {
    const [row] = await db
      .insert(promoCodes)
      .values({
        code: v.code,
        description: v.description,
        percentOff: v.percent_off,
        amountOffMinor: v.amount_off_minor,
        currency: v.currency,
        validFrom: v.valid_from ? new Date(v.valid_from) : null,
        validTo: v.valid_to ? new Date(v.valid_to) : null,
        maxRedemptions: v.max_redemptions,
        planIds: v.plan_ids,
        active: v.active,
      })
      .returning();
    if (!row) throw new Error('promo code insert returned nothing');
    return promoView(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw validationError([{ key: 'code', message: 'This code is taken', path: ['code'] }]);
    throw error;
  }
}

export async function updatePromoCode(
  db: Db,
  id: string,
  patch: z.infer<typeof ZPromoCodePatch>,
): Promise<TPromoCode> {
  if (!isUuid(id)) throw notFound('Promo code');
  const [row] = await db
    .update(promoCodes)
    .set({
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      ...(patch.valid_to !== undefined ? { validTo: patch.valid_to ? new Date(patch.valid_to) : null } : {}),
      ...(patch.max_redemptions !== undefined ? { maxRedemptions: patch.max_redemptions } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
    })
    .where(eq(promoCodes.id, id))
    .returning();
  if (!row) throw notFound('Promo code');
  return promoView(row);
}

export async function deletePromoCode(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Promo code');
  const deleted = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
  if (deleted.length === 0) throw notFound('Promo code');
}

function refuse(message: string): AppError {
  return validationError([{ key: 'code', message, path: ['code'] }], message);
}

/** Gives the places of lapsed PENDING redemptions back (each one once). */
async function releaseLapsed(tx: Db, promoCodeId: string): Promise<void> {
  const lapsed = await tx
    .update(promoRedemptions)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(promoRedemptions.promoCodeId, promoCodeId),
        eq(promoRedemptions.status, 'PENDING'),
        lt(promoRedemptions.expiresAt, new Date()),
      ),
    )
    .returning({ id: promoRedemptions.id });
  if (lapsed.length > 0) {
    await tx
      .update(promoCodes)
      .set({ redemptionCount: sql`greatest(0, ${promoCodes.redemptionCount} - ${lapsed.length})` })
      .where(eq(promoCodes.id, promoCodeId));
  }
}

/**
 * `PUT /promoCodeRedeem/validate/{code}`: checks the code (active, within its dates, for this
 * plan, below its cap) and reserves a place: a PENDING redemption for the company, plan and
 * interval with the discounted price, held for an hour. The cap is taken by one conditional
 * UPDATE (`redemption_count < max_redemptions`), so concurrent redemptions never pass it. A
 * company validating the same code again gets its pending redemption back, re-priced.
 */
export async function validatePromoCode(
  db: Db,
  companyId: string,
  codeText: string,
  input: { plan_id: string; interval: BillingInterval },
): Promise<TRedemption> {
  const code = codeText.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(code)) throw refuse('This promo code does not exist');
  const plan = await findPlan(db, input.plan_id);
  if (!plan || !plan.active)
    throw validationError([{ key: 'plan_id', message: 'No such plan', path: ['plan_id'] }]);
  const price = input.interval === 'year' ? plan.priceYearMinor : plan.priceMonthMinor;
  if (price === 0) throw refuse('This plan is free: no promo code needed');
  return db.transaction(async (tx) => {
    const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
    if (!promo || !promo.active) throw refuse('This promo code does not exist');
    const now = Date.now();
    if (promo.validFrom && promo.validFrom.getTime() > now) throw refuse('This promo code is not valid yet');
    if (promo.validTo && promo.validTo.getTime() <= now) throw refuse('This promo code has expired');
    if (promo.planIds.length > 0 && !promo.planIds.includes(plan.id)) {
      throw refuse(`This promo code does not apply to the ${plan.name} plan`);
    }
    if (promo.amountOffMinor !== null && promo.currency !== plan.currency) {
      throw refuse(`This promo code is in ${promo.currency}, the plan in ${plan.currency}`);
    }
    const { discountMinor, finalMinor } = discountedMinor(price, promo);
    const values = {
      planId: plan.id,
      interval: input.interval,
      priceMinor: price,
      discountMinor,
      finalMinor,
      currency: plan.currency,
      expiresAt: new Date(now + REDEMPTION_HOLD_MS),
    };
    const [mine] = await tx
      .update(promoRedemptions)
      .set(values)
      .where(
        and(
          eq(promoRedemptions.promoCodeId, promo.id),
          eq(promoRedemptions.companyId, companyId),
          eq(promoRedemptions.status, 'PENDING'),
        ),
      )
      .returning();
    if (mine) return redemptionView(mine, promo.code);
    await releaseLapsed(tx, promo.id);
    const taken = await tx
      .update(promoCodes)
      .set({ redemptionCount: sql`${promoCodes.redemptionCount} + 1` })
      .where(
        and(
          eq(promoCodes.id, promo.id),
          or(
            sql`${promoCodes.maxRedemptions} is null`,
            lt(promoCodes.redemptionCount, promoCodes.maxRedemptions),
          ),
        ),
      )
      .returning({ id: promoCodes.id });
    if (taken.length === 0) throw refuse('This promo code has been used up');
    try {
      const [row] = await tx
        .insert(promoRedemptions)
        .values({ promoCodeId: promo.id, companyId, ...values })
        .returning();
      if (!row) throw new Error('redemption insert returned nothing');
      return redemptionView(row, promo.code);
    } catch (error) {
      // The same company validating twice at once: one pending redemption (the unique index).
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', { message: 'Try again: this code is being applied' });
      throw error;
    }
  });
}

/** A company's PENDING redemption that is still held (for `POST /subscription`), else 422. */
export async function heldRedemption(
  tx: Db,
  companyId: string,
  redemptionId: string,
  planId: string,
  interval: BillingInterval,
): Promise<RedemptionRow> {
  const [row] = await tx
    .select()
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.companyId, companyId)))
    .limit(1);
  const bad = (message: string) =>
    validationError([{ key: 'redemption_id', message, path: ['redemption_id'] }], message);
  if (!row) throw bad('No such promo code redemption');
  if (row.status !== 'PENDING' || row.expiresAt.getTime() <= Date.now()) {
    throw bad('This promo code redemption has lapsed: apply the code again');
  }
  if (row.planId !== planId || row.interval !== interval) {
    throw bad('This promo code was applied to another plan or interval: apply it again');
  }
  return row;
}

/**
 * Moves a PENDING redemption to APPLIED (its place stays taken) or CANCELLED (its place is
 * given back). Anything else answers 409; the move happens once (conditional UPDATE).
 */
export async function settleRedemption(
  tx: Db,
  companyId: string,
  redemptionId: string,
  status: 'APPLIED' | 'CANCELLED',
): Promise<TRedemption> {
  if (!isUuid(redemptionId)) throw notFound('Redemption');
  const [row] = await tx
    .select({ r: promoRedemptions, code: promoCodes.code })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Redemption');
  if (row.r.status === status) return redemptionView(row.r, row.code);
  const [moved] = await tx
    .update(promoRedemptions)
    .set({ status })
    .where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, 'PENDING')))
    .returning();
  if (!moved) throw new AppError('CONFLICT', { message: `This redemption is already ${row.r.status}` });
  if (status === 'CANCELLED') {
    await tx
      .update(promoCodes)
      .set({ redemptionCount: sql`greatest(0, ${promoCodes.redemptionCount} - 1)` })
      .where(eq(promoCodes.id, moved.promoCodeId));
  }
  return redemptionView(moved, row.code);
}
