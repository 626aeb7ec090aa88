import type { TPaged } from '@esigns/contracts/envelope';
import { formatMoney, type TActiveSystems, type TMoney } from '@esigns/contracts/payments';
import type {
  TManualStatus,
  TPayButtonPayment,
  TPayButtonPaymentDetail,
  TPayButtonState,
  TPayButtonStatus,
  TStartPayment,
  TStartPaymentResult,
} from '@esigns/contracts/pay-buttons';
import { api, type ApiRequest } from '../../shared/api/api-client';

type CallOptions = Omit<ApiRequest, 'method' | 'path' | 'params' | 'body'>;

/*
 * The pay-buttons calls (apps/server/src/modules/pay-buttons/README.md). A guest of a form pays
 * with `/orderPlace` and the form's headers; staff and contacts with `/payment`.
 */

/** What a pay button pays for: a record's template, or a form submission's step. */
export type PayTarget =
  | { kind: 'RECORD'; recordId: string; templateId: string }
  | { kind: 'SUBMISSION'; submissionId: string; stepId: string };

export const PAY_KEYS = {
  all: ['pay-buttons'] as const,
  status: (target: PayTarget) =>
    ['pay-buttons', 'status', target.kind === 'RECORD' ? target.recordId : target.submissionId] as const,
  payments: (params: object) => ['pay-buttons', 'payments', params] as const,
  payment: (id: string) => ['pay-buttons', 'payment', id] as const,
};

const targetQuery = (target: PayTarget) =>
  target.kind === 'RECORD' ? { record_id: target.recordId } : { submission_id: target.submissionId };

export const money = (amount: TMoney): string => formatMoney(amount);

export async function fetchPayStates(
  target: PayTarget,
  options: CallOptions = {},
): Promise<TPayButtonState[]> {
  return (await api.get<TPayButtonState[]>('/pay-buttons/status', targetQuery(target), options)).data;
}

/** The state of one button of the target (null: never started). */
export const stateOf = (states: TPayButtonState[] | undefined, target: PayTarget, fieldKey: string) =>
  states?.find(
    (s) =>
      s.field_key === fieldKey &&
      s.slot_id === (target.kind === 'RECORD' ? target.templateId : target.stepId),
  ) ?? null;

export async function startPay(
  target: PayTarget,
  fieldKey: string,
  returnPath: string,
  options: CallOptions & { guest?: boolean; payerEmail?: string } = {},
): Promise<TStartPaymentResult> {
  const { guest, payerEmail, ...call } = options;
  const body: TStartPayment = {
    ...(target.kind === 'RECORD'
      ? { record_id: target.recordId, template_id: target.templateId }
      : { submission_id: target.submissionId, step_id: target.stepId }),
    field_key: fieldKey,
    return_path: returnPath,
    ...(payerEmail ? { payer_email: payerEmail } : {}),
  };
  return (await api.post<TStartPaymentResult>(guest ? '/orderPlace' : '/payment', body, call)).data;
}

export type PaymentsParams = {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: TPayButtonStatus | '' | undefined;
  target_kind?: string | undefined;
  target_id?: string | undefined;
};

export async function fetchPayments(params: PaymentsParams, signal?: AbortSignal) {
  const query = { ...params, search: params.search || undefined, status: params.status || undefined };
  return (await api.get<TPaged<TPayButtonPayment>>('/pay-buttons/payments', query, { signal })).data;
}

export async function fetchPayment(id: string, signal?: AbortSignal): Promise<TPayButtonPaymentDetail> {
  return (
    await api.get<TPayButtonPaymentDetail>(`/pay-buttons/payments/${encodeURIComponent(id)}`, undefined, {
      signal,
    })
  ).data;
}

export async function updatePaymentStatus(id: string, body: TManualStatus): Promise<TPayButtonPaymentDetail> {
  return (
    await api.put<TPayButtonPaymentDetail>(`/pay-buttons/payments/${encodeURIComponent(id)}/status`, body)
  ).data;
}

export const STATUS_COLORS: Record<TPayButtonStatus, string> = {
  CREATED: 'gray',
  PENDING: 'yellow',
  PAID: 'teal',
  FAILED: 'red',
  CANCELLED: 'gray',
  EXPIRED: 'gray',
  REFUNDED: 'grape',
};

/** `GET /activeSystems` (payment gateway): the company's accounts a button can collect into. */
export async function fetchPayAccounts(signal?: AbortSignal) {
  const systems = (await api.get<TActiveSystems>('/activeSystems', undefined, { signal })).data;
  return systems.accounts.filter((a) => a.active);
}
