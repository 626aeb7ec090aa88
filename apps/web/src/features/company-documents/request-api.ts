import type { TWorkflowStep } from '@esigns/contracts/workflows';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { documentContentType, putFileWithProgress } from '../documents/upload/upload-files';
import type { TUploadTicket } from '../documents/upload/upload-api';
import type { RequestStatus } from '../request-documents/request-documents-api';
import { requestLinkHeaders, type RequestLinkCredentials } from './request-link';

/*
 * A document request as its step screens read it: by its own link (headers `requestid` and
 * `password`, no sign-in) or signed in (the request's contact, or staff). The link holder's answer
 * names the company and who asked; staff's names the contact. Both hand a file in as a signed-in
 * contact does: an upload address (`POST /documents/{id}/upload-url`), a PUT of the bytes with
 * progress, then `POST /employee-documents`.
 */

export type RequestAccess = {
  requestId: string;
  link: RequestLinkCredentials | null;
  /** A signed-in contact: they read their requests from their own list (the request's read is staff's). */
  asContact?: boolean;
};

export type TStepRequestFile = {
  name: string;
  mime_type: string;
  size?: number;
  page_count?: number;
  pages?: { width: number; height: number }[];
  /** A short-lived download address, when the answer carries one. */
  url?: string;
};

export type TStepRequest = {
  _id: string;
  card_type: string;
  message: string;
  status: RequestStatus;
  due_at: string | null;
  /** The asking company (link holders). */
  company?: { name: string; logo_url: string | null } | null;
  /** Who the request is addressed to (staff). */
  contact?: { _id: string; email: string; first_name: string; last_name: string };
  requested_by: { name: string; email: string } | null;
  file: TStepRequestFile | null;
  /** The file kinds a packet's step accepts, when the answer says. */
  accepted_types?: TWorkflowStep['accepted_types'];
  created_at: string;
  updated_at: string;
};

export const REQUEST_STEP_KEYS = {
  one: (access: RequestAccess) =>
    ['company-documents', 'request', access.requestId, access.link?.password ?? ''] as const,
};

const id = encodeURIComponent;

/** A link's 401 is an answer about the link, never a session to refresh. */
function optionsOf(access: RequestAccess) {
  return access.link ? { headers: requestLinkHeaders(access.link), skipAuthRefresh: true } : {};
}

/** The newest requests a signed-in contact's list holds (`GET /employee-document-requests`, one page). */
const CONTACT_LIST_LIMIT = 100;

export async function fetchStepRequest(access: RequestAccess, signal?: AbortSignal): Promise<TStepRequest> {
  if (!access.link && access.asContact) {
    const params = { page: 1, limit: CONTACT_LIST_LIMIT };
    const mine = (await api.get<TPaged<TStepRequest>>('/employee-document-requests', params, { signal }))
      .data;
    const found = mine.data.find((request) => request._id === access.requestId);
    if (!found) throw new ApiError({ status: 404, message: 'Document request not found' });
    return found;
  }
  const options = { ...optionsOf(access), signal };
  return (await api.get<TStepRequest>(`/request-documents/${id(access.requestId)}`, undefined, options)).data;
}

/** Hands `file` in for the request (the caller checked it with `checkDocumentFile`). */
export async function handInRequestFile(
  access: RequestAccess,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TStepRequest> {
  const options = optionsOf(access);
  const contentType = documentContentType(file) ?? file.type;
  const body = { file_name: file.name, content_type: contentType, size: file.size };
  const ticket = (
    await api.post<TUploadTicket>(`/documents/${id(access.requestId)}/upload-url`, body, {
      ...options,
      signal,
    })
  ).data;
  await putFileWithProgress(ticket.upload_url, file, contentType, { onProgress, signal });
  const handIn = { request_id: access.requestId, file_ref_id: ticket.file_ref_id };
  return (await api.post<TStepRequest>('/employee-documents', handIn, { ...options, signal })).data;
}
