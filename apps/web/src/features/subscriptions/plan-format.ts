import { formatMoney } from '@esigns/contracts/payments';
import type { BillingInterval, PlanLimit, TPlan } from '@esigns/contracts/subscriptions';

/** A plan's price for an interval, e.g. '₹999.00 / month' ('Free' for a free plan). */
export function priceText(plan: TPlan, interval: BillingInterval): string {
  const minor = interval === 'year' ? plan.price_year_minor : plan.price_month_minor;
  if (minor === 0) return 'Free';
  return `${formatMoney({ amountMinor: minor, currency: plan.currency })} / ${interval}`;
}

export function moneyText(amountMinor: number, currency: string): string {
  return formatMoney({ amountMinor, currency });
}

/** Bytes as GB/MB (1 GB = 1024³ bytes, as the plans are defined). */
export function bytesText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Number((bytes / 1024 ** 3).toFixed(1))} GB`;
  if (bytes >= 1024 ** 2) return `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** One amount of a limit in words: storage in GB/MB, the others as whole numbers. */
export function amountText(limit: PlanLimit, value: number): string {
  return limit === 'storageBytes' ? bytesText(value) : value.toLocaleString('en-IN');
}

/** A limit's allowance in words ('Unlimited' for null). */
export function allowanceText(limit: PlanLimit, allowed: number | null): string {
  return allowed === null ? 'Unlimited' : amountText(limit, allowed);
}

/** The lines a plan card lists: its limits. */
export function limitLines(plan: TPlan): string[] {
  const l = plan.limits;
  const n = (value: number | null, one: string, many: string) =>
    value === null ? `Unlimited ${many}` : `${value.toLocaleString('en-IN')} ${value === 1 ? one : many}`;
  return [
    n(l.users, 'user', 'users'),
    `${n(l.documentsPerMonth, 'document', 'documents')} a month`,
    n(l.entities, 'entity', 'entities'),
    n(l.records, 'record', 'records'),
    l.storageBytes === null ? 'Unlimited storage' : `${bytesText(l.storageBytes)} storage`,
  ];
}

/** Yearly saving against twelve months, in percent (0 when none). */
export function yearlySaving(plan: TPlan): number {
  const twelve = plan.price_month_minor * 12;
  if (twelve === 0 || plan.price_year_minor >= twelve) return 0;
  return Math.round(((twelve - plan.price_year_minor) / twelve) * 100);
}
