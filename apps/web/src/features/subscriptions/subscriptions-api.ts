import type { TPaged } from '@esigns/contracts/envelope';
import type {
  BillingInterval,
  TBillingDetails,
  TCustomer,
  TPlan,
  TPlanInfo,
  TRedemption,
  TSubscribeResult,
  TTransactionRow,
} from '@esigns/contracts/subscriptions';
import { api } from '../../shared/api/api-client';

/** The product whose plans the plans list shows (seeded by the server). */
export const PRODUCT_CODE = 'ESIGNS';

export const SUBSCRIPTION_KEYS = {
  all: ['subscriptions'] as const,
  plans: ['subscriptions', 'plans', PRODUCT_CODE] as const,
  info: ['subscriptions', 'plan-info'] as const,
  transactions: (page: number) => ['subscriptions', 'transactions', page] as const,
  billing: ['subscriptions', 'billing-details'] as const,
};

/** `GET /getPlans/ESIGNS`: the product's active plans, cheapest first. */
export async function fetchPlans(signal?: AbortSignal): Promise<TPlan[]> {
  return (await api.get<TPlan[]>(`/getPlans/${PRODUCT_CODE}`, undefined, { signal })).data;
}

/** `GET /getPlanInfo`: the company's plan, status, period and usage. */
export async function fetchPlanInfo(signal?: AbortSignal): Promise<TPlanInfo> {
  return (await api.get<TPlanInfo>('/getPlanInfo', undefined, { signal })).data;
}

/** `POST /subscription`: change plan (Free at once; paid: checkout address or wire instructions). */
export async function subscribe(input: {
  plan_id: string;
  interval: BillingInterval;
  redemption_id?: string;
}): Promise<TSubscribeResult> {
  return (await api.post<TSubscribeResult>('/subscription', input)).data;
}

/** `POST /subscription/cancel`: stop renewing (the plan runs to its period end). */
export async function cancelSubscription(): Promise<void> {
  await api.post('/subscription/cancel');
}

/** `PUT /promoCodeRedeem/validate/{code}`: holds the code for this plan and interval. */
export async function validatePromoCode(
  code: string,
  input: { plan_id: string; interval: BillingInterval },
): Promise<TRedemption> {
  return (await api.put<TRedemption>(`/promoCodeRedeem/validate/${encodeURIComponent(code)}`, input)).data;
}

/** `GET /userTrasactions`: what the instance billed the company, with invoice ids. */
export async function fetchTransactions(
  page: number,
  signal?: AbortSignal,
): Promise<TPaged<TTransactionRow>> {
  return (await api.get<TPaged<TTransactionRow>>('/userTrasactions', { page, limit: 10 }, { signal })).data;
}

/** `GET /billing-details` (null before the first save). */
export async function fetchBillingDetails(signal?: AbortSignal): Promise<TCustomer | null> {
  return (await api.get<TCustomer | null>('/billing-details', undefined, { signal })).data;
}

/** `POST /createCustomer`: saves the billing details printed on invoices. */
export async function saveBillingDetails(input: TBillingDetails): Promise<TCustomer> {
  return (await api.post<TCustomer>('/createCustomer', input)).data;
}
