import type { TPaged } from '@esigns/contracts/envelope';
import type { TTransaction } from '@esigns/contracts/payments';
import type {
  TOperatorTransaction,
  TProductWithPlans,
  TPromoCode,
  TPromoCodeInput,
} from '@esigns/contracts/subscriptions';
import { api } from '../../../shared/api/api-client';

export type WireStatus = 'PENDING' | 'PAID' | 'FAILED';

export const OPERATOR_KEYS = {
  all: ['subscriptions', 'operator'] as const,
  wires: (status: WireStatus, page: number) => ['subscriptions', 'operator', 'wires', status, page] as const,
  promoCodes: ['subscriptions', 'operator', 'promo-codes'] as const,
  products: ['subscriptions', 'operator', 'products'] as const,
};

/** `GET /subscriptions/operator/transactions`: the companies' wire plan payments. */
export async function fetchWireTransactions(
  status: WireStatus,
  page: number,
  signal?: AbortSignal,
): Promise<TPaged<TOperatorTransaction>> {
  return (
    await api.get<TPaged<TOperatorTransaction>>(
      '/subscriptions/operator/transactions',
      { status, page, limit: 20 },
      { signal },
    )
  ).data;
}

/** `PUT /subscriptions/operator/transactions/{id}`: the wire arrived (PAID) or will not (FAILED). */
export async function markWire(
  id: string,
  status: 'PAID' | 'FAILED',
  reason?: string,
): Promise<TTransaction> {
  return (
    await api.put<TTransaction>(`/subscriptions/operator/transactions/${encodeURIComponent(id)}`, {
      status,
      ...(reason ? { reason } : {}),
    })
  ).data;
}

export async function fetchPromoCodes(signal?: AbortSignal): Promise<TPromoCode[]> {
  return (await api.get<TPromoCode[]>('/promo-codes', undefined, { signal })).data;
}

export async function createPromoCode(input: TPromoCodeInput): Promise<TPromoCode> {
  return (await api.post<TPromoCode>('/promo-codes', input)).data;
}

export async function setPromoCodeActive(id: string, active: boolean): Promise<TPromoCode> {
  return (await api.patch<TPromoCode>(`/promo-codes/${encodeURIComponent(id)}`, { active })).data;
}

export async function deletePromoCode(id: string): Promise<void> {
  await api.delete(`/promo-codes/${encodeURIComponent(id)}`);
}

/** `GET /getAllProductsAndPlans`: every product with its plans (inactive ones too). */
export async function fetchProductsAndPlans(signal?: AbortSignal): Promise<TProductWithPlans[]> {
  return (await api.get<TProductWithPlans[]>('/getAllProductsAndPlans', undefined, { signal })).data;
}
