import { eq } from 'drizzle-orm';
import {
  FREE_PLAN_CODE,
  PLAN_LIMIT_LABELS,
  PLAN_LIMITS,
  type PlanLimit,
  type SubscriptionStatus,
  type TPlanLimitDetails,
  type TUsage,
} from '@esigns/contracts/subscriptions';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { allowedBy, findPlanByCode, freePlan, type PlanRow, upgradeFor } from './plans';
import { companySubscriptions, subscriptionPlans } from './schema';

type Reader = Pick<Db, 'select' | 'execute'>;

/** How much of a limit a company uses now; registered by the module that owns the data. */
export type UsageCounter = (tx: Reader, companyId: string) => Promise<number>;

/** The counters of each limit by the name of what they count; a limit's usage is their sum. */
const counters = new Map<PlanLimit, Map<string, UsageCounter>>();
let defaultPlanCode = FREE_PLAN_CODE;

/**
 * Registers (or replaces) a counter of a limit (company-users, documents, entities, entity-data,
 * files). Several owners may count toward one limit under different `source` names (storage: record
 * files and the file library); the usage is the sum of them.
 */
export function registerUsageCounter(limit: PlanLimit, counter: UsageCounter, source = 'main'): void {
  const bySource = counters.get(limit) ?? new Map<string, UsageCounter>();
  bySource.set(source, counter);
  counters.set(limit, bySource);
}

/** The plan code of companies without a subscription row (config DEFAULT_PLAN). */
export function setDefaultPlanCode(code: string): void {
  defaultPlanCode = code;
}

/** The sum of a limit's registered counters (none registered: null). */
function counterOf(limit: PlanLimit): UsageCounter | null {
  const bySource = counters.get(limit);
  if (!bySource || bySource.size === 0) return null;
  return async (tx, companyId) => {
    let total = 0;
    for (const counter of bySource.values()) total += await counter(tx, companyId);
    return total;
  };
}

export type EffectivePlan = {
  plan: PlanRow;
  status: SubscriptionStatus;
  row: typeof companySubscriptions.$inferSelect | undefined;
};

/**
 * The plan whose limits apply to a company: its subscription's plan while ACTIVE, PAST_DUE or
 * PENDING_PAYMENT (a change waiting for payment keeps the current plan), FREE once EXPIRED or
 * CANCELED, the default plan (DEFAULT_PLAN) when it has no subscription row.
 */
export async function effectivePlan(tx: Reader, companyId: string): Promise<EffectivePlan> {
  const [found] = await tx
    .select({ sub: companySubscriptions, plan: subscriptionPlans })
    .from(companySubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, companySubscriptions.planId))
    .where(eq(companySubscriptions.companyId, companyId))
    .limit(1);
  if (found) {
    if (found.sub.status === 'EXPIRED' || found.sub.status === 'CANCELED') {
      return { plan: await freePlan(tx), status: found.sub.status, row: found.sub };
    }
    return { plan: found.plan, status: found.sub.status, row: found.sub };
  }
  const plan = (await findPlanByCode(tx, defaultPlanCode)) ?? (await freePlan(tx));
  return { plan, status: 'ACTIVE', row: undefined };
}

/**
 * Refuses with 402 PAYMENT_REQUIRED (`error_code` PLAN_LIMIT_REACHED, `data` { limit, usage,
 * allowed, plan, upgradePlan }) when adding `adding` of `limit` would pass the company's plan.
 * An unlimited limit costs one indexed read; a limited one also runs the owner's counter.
 * Two concurrent additions may both pass at the edge (no lock is taken): limits are a commercial
 * bound, not an invariant.
 */
export async function assertWithinPlan(
  tx: Reader,
  companyId: string,
  limit: PlanLimit,
  adding = 1,
): Promise<void> {
  const { plan } = await effectivePlan(tx, companyId);
  const allowed = allowedBy(plan, limit);
  if (allowed === null) return;
  const counter = counterOf(limit);
  if (!counter) throw new Error(`No usage counter registered for the plan limit "${limit}"`);
  const usage = await counter(tx, companyId);
  if (usage + adding <= allowed) return;
  const upgrade = await upgradeFor(tx, plan, limit, usage + adding);
  const data: TPlanLimitDetails = {
    limit,
    usage,
    allowed,
    plan: { _id: plan.id, code: plan.code, name: plan.name },
    upgradePlan: upgrade ? { _id: upgrade.id, code: upgrade.code, name: upgrade.name } : null,
  };
  const what = PLAN_LIMIT_LABELS[limit].toLowerCase();
  throw new AppError('PAYMENT_REQUIRED', {
    message:
      `Your ${plan.name} plan allows ${formatAllowed(limit, allowed)} ${what}` +
      (adding > 1
        ? ` (you use ${formatAllowed(limit, usage)}, this adds ${formatAllowed(limit, adding)})`
        : '') +
      (upgrade ? `: upgrade to ${upgrade.name} to go on` : ': contact us to go on'),
    errorCode: 'PLAN_LIMIT_REACHED',
    data,
  });
}

function formatAllowed(limit: PlanLimit, n: number): string {
  if (limit !== 'storageBytes') return n.toLocaleString('en-IN');
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(n % 1024 ** 3 === 0 ? 0 : 1)} GB of`;
  return `${Math.ceil(n / 1024 ** 2)} MB of`;
}

/** Each limit with its usage (counters not registered read 0) for `GET /getPlanInfo`. */
export async function usageOf(tx: Reader, companyId: string, plan: PlanRow): Promise<TUsage[]> {
  return Promise.all(
    PLAN_LIMITS.map(async (limit) => {
      const counter = counterOf(limit);
      return {
        limit,
        label: PLAN_LIMIT_LABELS[limit],
        usage: counter ? await counter(tx, companyId) : 0,
        allowed: allowedBy(plan, limit),
      };
    }),
  );
}
