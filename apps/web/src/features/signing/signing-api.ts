import type { z } from 'zod';
import type {
  TDocumentLogsReply,
  TESignRecord,
  TExpiryLinkSent,
  TExpiryTokenState,
  TFinishResult,
  TSignerCodeSent,
  TSignerGateState,
  TVerifyDocumentResult,
  ZRefuseResult,
  ZTermsAccepted,
} from '@esigns/contracts/signing';
import { api, buildAuthHeaders, readSessionAuthDetails } from '../../shared/api/api-client';
import { errorFromFetchResponse } from '../../shared/api/api-error';
import { signerHeaders, type SignerCredentials } from './signer-credentials';
import { emitHostEvent } from '../embedding/host-bridge';

/**
 * The recipient's calls (issue 5). A recipient proves who they are with the link's credentials
 * (the spec headers `documentid`, `userid`, `password`) or, without them, with the bearer token of
 * a signed-in user whose email is the recipient's. A 401 for link credentials is an answer (the
 * link is wrong or replaced), never a reason to refresh the session.
 */
export type SignerAccess = {
  documentId: string;
  credentials: SignerCredentials | null;
  /** The recipient's document user id when known without credentials (from the route). */
  userId?: string;
};

function options(access: SignerAccess) {
  return {
    headers: signerHeaders(access.credentials, access.userId),
    skipAuthRefresh: access.credentials !== null,
  };
}

const id = (value: string) => encodeURIComponent(value);

export const SIGNING_KEYS = {
  record: (documentId: string) => ['signing', documentId, 'record'] as const,
  logs: (documentId: string) => ['signing', documentId, 'logs'] as const,
  expiredLink: (documentId: string) => ['signing', documentId, 'expired-link'] as const,
};

export async function fetchESignRecord(access: SignerAccess, signal?: AbortSignal): Promise<TESignRecord> {
  return (
    await api.get<TESignRecord>(`/e-signs/${id(access.documentId)}`, undefined, {
      ...options(access),
      signal,
    })
  ).data;
}

export async function sendVerificationCode(access: SignerAccess): Promise<TSignerCodeSent> {
  return (await api.post<TSignerCodeSent>('/e-sign/send-verification', {}, withDocumentHeader(access))).data;
}

export async function verifyCode(access: SignerAccess, code: string): Promise<TSignerGateState> {
  return (await api.post<TSignerGateState>('/e-sign/verify', { code }, withDocumentHeader(access))).data;
}

/**
 * What the tab's link still allows (`verify-expiry-token`): the link's own credentials in the body,
 * never a session (a 401 means the link is not one of this recipient's, new or replaced).
 */
export async function checkExpiredLink(credentials: SignerCredentials): Promise<TExpiryTokenState> {
  return (
    await api.post<TExpiryTokenState>(
      `/documents/${id(credentials.document_id)}/document-users/verify-expiry-token`,
      { user_id: credentials.user_id, token: credentials.password },
      { skipAuthRefresh: true },
    )
  ).data;
}

/** Asks for a fresh link, mailed to the recipient's address on the document (`resend-document-expiry-link`). */
export async function requestFreshLink(credentials: SignerCredentials): Promise<TExpiryLinkSent> {
  return (
    await api.post<TExpiryLinkSent>(
      `/documents/${id(credentials.document_id)}/document-users/resend-document-expiry-link`,
      { user_id: credentials.user_id, token: credentials.password },
      { skipAuthRefresh: true },
    )
  ).data;
}

/** Records that the recipient opened a document that needs no code (the server logs it once). */
export async function openWithoutCode(access: SignerAccess): Promise<TSignerGateState> {
  return (await api.post<TSignerGateState>('/e-sign/no-secure-signature', {}, withDocumentHeader(access)))
    .data;
}

export async function verifyRepresentativePassword(
  access: SignerAccess,
  password: string,
): Promise<TSignerGateState> {
  return (
    await api.post<TSignerGateState>(
      '/authorized-representative/verify-password',
      { password },
      withDocumentHeader(access),
    )
  ).data;
}

/** Saves progress; representatives use their own path (the spec's `authorized-representative-signature`). */
export async function saveFieldValues(
  access: SignerAccess,
  values: Record<string, string>,
  isRepresentative: boolean,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<string[]> {
  const path = isRepresentative ? 'authorized-representative-signature' : 'signature';
  return (
    await api.post<{ saved: string[] }>(
      `/documents/${id(access.documentId)}/${path}`,
      { values },
      { ...options(access), keepalive },
    )
  ).data.saved;
}

export async function acceptTerms(access: SignerAccess): Promise<z.infer<typeof ZTermsAccepted>> {
  return (
    await api.post<z.infer<typeof ZTermsAccepted>>(
      '/documents/user/terms-and-conditions',
      {},
      withDocumentHeader(access),
    )
  ).data;
}

export async function finishSigning(
  access: SignerAccess,
  body: { values: Record<string, string>; accept_terms: boolean },
  as: 'sign' | 'approve',
): Promise<TFinishResult> {
  const path = as === 'sign' ? 'finish' : 'approved';
  const result = (
    await api.post<TFinishResult>(`/documents/${id(access.documentId)}/${path}`, body, options(access))
  ).data;
  // Inside an embedded frame the host page hears of it (a no-op elsewhere).
  if (as === 'sign') emitHostEvent('document.signed', { document_id: access.documentId });
  return result;
}

export type TRefuseResult = z.infer<typeof ZRefuseResult>;

export async function declineDocument(access: SignerAccess, notes: string): Promise<TRefuseResult> {
  return (
    await api.post<TRefuseResult>(`/documents/${id(access.documentId)}/decline`, { notes }, options(access))
  ).data;
}

export async function rejectDocument(access: SignerAccess, notes: string): Promise<TRefuseResult> {
  return (
    await api.post<TRefuseResult>(`/documents/${id(access.documentId)}/reject`, { notes }, options(access))
  ).data;
}

/**
 * `GET documents/{id}/download-document` as a file: the sealed PDF once completed. The answer is
 * the PDF itself, so this call goes around the JSON client (with the same headers).
 */
export async function downloadDocument(access: SignerAccess): Promise<{ blob: Blob; fileName: string }> {
  const headers = {
    ...buildAuthHeaders(access.credentials ? {} : readSessionAuthDetails()),
    ...signerHeaders(access.credentials, access.userId),
  };
  const response = await fetch(`/api/documents/${id(access.documentId)}/download-document`, {
    headers,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorFromFetchResponse(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
export function fileNameOf(disposition: string | null): string {
  if (!disposition) return 'document.pdf';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? 'document.pdf';
}

/** Saves a downloaded file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** `POST /verify-document` (public): what an uploaded PDF is. */
export async function verifyDocumentFile(file: File): Promise<TVerifyDocumentResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.post<TVerifyDocumentResult>('/verify-document', form, { skipAuthRefresh: true })).data;
}

/** `GET /documents/{document_id}/users/logs` (staff): the audit trail with its chain check. */
export async function fetchDocumentLogs(
  documentId: string,
  signal?: AbortSignal,
): Promise<TDocumentLogsReply> {
  return (await api.get<TDocumentLogsReply>(`/documents/${id(documentId)}/users/logs`, undefined, { signal }))
    .data;
}

/** Calls whose document is named only by the `documentid` header: add it when signed in without a link. */
function withDocumentHeader(access: SignerAccess) {
  const base = options(access);
  return { ...base, headers: { documentid: access.documentId, ...base.headers } };
}
