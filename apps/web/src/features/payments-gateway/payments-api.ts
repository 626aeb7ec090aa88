import type {
  TActiveSystems,
  TInvoice,
  TPaymentAccount,
  TPaymentAccountCreate,
  TPaymentAccountUpdate,
  TTransaction,
} from '@esigns/contracts/payments';
import {
  api,
  buildAuthHeaders,
  buildUrl,
  ensureFreshSession,
  readSessionAuthDetails,
} from '../../shared/api/api-client';
import { errorFromFetchResponse } from '../../shared/api/api-error';

const segment = encodeURIComponent;

export const PAYMENT_KEYS = {
  systems: ['payment-gateway', 'systems'] as const,
  account: (id: string) => ['payment-gateway', 'account', id] as const,
  transaction: (id: string) => ['payment-gateway', 'transaction', id] as const,
  invoice: (id: string) => ['payment-gateway', 'invoice', id] as const,
  invoicePdf: (id: string) => ['payment-gateway', 'invoice-pdf', id] as const,
};

/** `GET /activeSystems`: providers (configured or not) and the company's accounts. */
export async function fetchActiveSystems(signal?: AbortSignal): Promise<TActiveSystems> {
  return (await api.get<TActiveSystems>('/activeSystems', undefined, { signal })).data;
}

/** `POST /payment-systems`: add an account. */
export async function createPaymentAccount(body: TPaymentAccountCreate): Promise<TPaymentAccount> {
  return (await api.post<TPaymentAccount>('/payment-systems', body)).data;
}

/** `PUT /updateSystem/{accountId}`: edit an account (keys only when given). */
export async function updatePaymentAccount(
  id: string,
  body: TPaymentAccountUpdate,
): Promise<TPaymentAccount> {
  return (await api.put<TPaymentAccount>(`/updateSystem/${segment(id)}`, body)).data;
}

/** `GET /payment-gateway/transactions/{id}`: one transaction (the return page polls it). */
export async function fetchTransaction(id: string, signal?: AbortSignal): Promise<TTransaction> {
  return (await api.get<TTransaction>(`/payment-gateway/transactions/${segment(id)}`, undefined, { signal }))
    .data;
}

/** `GET /invoices/{id}`: an invoice's data. */
export async function fetchInvoice(id: string, signal?: AbortSignal): Promise<TInvoice> {
  return (await api.get<TInvoice>(`/invoices/${segment(id)}`, undefined, { signal })).data;
}

/**
 * `GET /invoices/{id}/pdf`: the PDF. A plain fetch with the session's headers (the answer is a
 * file and a link cannot carry the bearer token), after making sure the token is fresh.
 */
export async function fetchInvoicePdf(id: string, signal?: AbortSignal): Promise<Blob> {
  await ensureFreshSession();
  const response = await fetch(buildUrl(`/invoices/${segment(id)}/pdf`), {
    headers: buildAuthHeaders(readSessionAuthDetails()),
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw await errorFromFetchResponse(response);
  return response.blob();
}
