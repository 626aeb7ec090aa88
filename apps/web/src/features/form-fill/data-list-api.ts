import {
  api,
  buildAuthHeaders,
  buildUrl,
  ensureFreshSession,
  readSessionAuthDetails,
} from '../../shared/api/api-client';
import { errorFromFetchResponse } from '../../shared/api/api-error';
import type { TPaged } from '@esigns/contracts/envelope';
import { fileNameOf } from '../signing/signing-api';

/*
 * The data list's calls (forms-api: "form-submissions, send and data-out side"): delete many,
 * resend a personal link, send the form to people as a batch, the batches' progress, CSV export.
 */

export async function deleteSubmissions(ids: string[]): Promise<unknown> {
  return (await api.post<unknown>('/formbuilder-data/delete-many', { ids })).data;
}

/** `POST /wh/formbuilders/{id}`: mails the filler a new personal link (the old one stops working). */
export async function resendLink(id: string): Promise<{ email: string }> {
  return (await api.post<{ email: string }>(`/wh/formbuilders/${encodeURIComponent(id)}`)).data;
}

export type BatchStarted = { batch_id: string; total: number; skipped: number };

export type SendTarget =
  | { kind: 'contacts'; emails: string[]; contact_ids: string[] }
  | { kind: 'users'; user_ids: string[] }
  | { kind: 'entity'; entity_id: string; email_field?: string | undefined };

/** Sends the form to people: one batch, one personal link each. */
export async function sendForm(formId: string, target: SendTarget): Promise<BatchStarted> {
  const base = { formbuilder_details_id: formId };
  if (target.kind === 'users') {
    return (
      await api.post<BatchStarted>('/formbuilder-data/send/multiple-users', {
        ...base,
        user_ids: target.user_ids,
      })
    ).data;
  }
  if (target.kind === 'entity') {
    const body = { ...base, entity_id: target.entity_id, email_field: target.email_field };
    return (await api.post<BatchStarted>('/formbuilder-data/multiple-entities', body)).data;
  }
  const body = { ...base, emails: target.emails, contact_ids: target.contact_ids };
  return (await api.post<BatchStarted>('/formbuilder-data/send', body)).data;
}

export type FormBatch = {
  _id: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';
  total: number;
  sent: number;
  failed: number;
  progress: number;
  message: string;
  created_at: string;
  finished_at: string | null;
  /** The send that retried this one's failed people; null until then. */
  retry_batch_id?: string | null;
};

/** Stops a send under way: the people sent stay sent. */
export async function cancelBatch(batchId: string): Promise<FormBatch> {
  return (await api.post<FormBatch>(`/formbuilders-batch/${encodeURIComponent(batchId)}/cancel`, {})).data;
}

/** A new send to the people a finished send failed. */
export async function retryBatch(batchId: string): Promise<BatchStarted> {
  return (await api.post<BatchStarted>(`/formbuilders-batch/${encodeURIComponent(batchId)}/retry`, {})).data;
}

export async function fetchBatches(formId: string, signal?: AbortSignal): Promise<TPaged<FormBatch>> {
  const query = { formbuilder_details_id: formId, page: 1, limit: 5 };
  return (await api.get<TPaged<FormBatch>>('/formbuilders-batch', query, { signal })).data;
}

/** The IANA zone of this browser, for the CSV's dates. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * `POST /export?tz=`: the submissions as CSV. A plain fetch (the answer is a file, not JSON), with
 * the session's headers after making sure the token is fresh.
 */
export async function exportSubmissions(
  formId: string,
  status?: string,
): Promise<{ blob: Blob; fileName: string }> {
  await ensureFreshSession();
  const response = await fetch(buildUrl('/export', { tz: browserZone() }), {
    method: 'POST',
    headers: { ...buildAuthHeaders(readSessionAuthDetails()), 'content-type': 'application/json' },
    body: JSON.stringify({ formbuilder_details_id: formId, ...(status ? { status } : {}) }),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorFromFetchResponse(response);
  const name = fileNameOf(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName: name === 'document.pdf' ? 'form-entries.csv' : name };
}
