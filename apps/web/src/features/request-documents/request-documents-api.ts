import type { TPaged } from '@esigns/contracts/envelope';
import type { TFileInfo } from '@esigns/contracts/files';
import { api } from '../../shared/api/api-client';

export const REQUEST_STATUSES = ['REQUESTED', 'UPLOADED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A document request, as `GET /request-documents-list/{card_type}` and `GET /request-documents/{id}` answer it. */
export type TDocumentRequest = {
  _id: string;
  card_type: string;
  message: string;
  status: RequestStatus;
  contact: { _id: string; email: string; first_name: string; last_name: string };
  requested_by: { _id: string; name: string; email: string } | null;
  file: TFileInfo | null;
  due_at: string | null;
  created_at: string;
  updated_at: string;
};

export type RequestQuery = { page: number; limit: number; search?: string; status?: RequestStatus };

export type TCreateRequest = {
  contact_id: string;
  card_type: string;
  message: string;
  due_at?: string | null;
};
export type TUpdateRequest = Partial<Omit<TCreateRequest, 'contact_id'>> & { status?: RequestStatus };

export const REQUEST_KEYS = {
  lists: ['request-documents', 'list'] as const,
  page: (cardType: string, query: RequestQuery) => ['request-documents', 'list', cardType, query] as const,
  one: (id: string) => ['request-documents', 'one', id] as const,
};

const segment = encodeURIComponent;

/** `card_type` is a stored label, or `all`. */
export async function fetchRequests(cardType: string, query: RequestQuery, signal?: AbortSignal) {
  const params = { ...query, search: query.search || undefined };
  return (
    await api.get<TPaged<TDocumentRequest>>(`/request-documents-list/${segment(cardType)}`, params, {
      signal,
    })
  ).data;
}

export async function fetchRequest(id: string, signal?: AbortSignal) {
  return (await api.get<TDocumentRequest>(`/request-documents/${segment(id)}`, undefined, { signal })).data;
}

export async function createRequest(body: TCreateRequest) {
  return (await api.post<TDocumentRequest>('/request-documents', body)).data;
}

export async function updateRequest(id: string, body: TUpdateRequest) {
  return (await api.patch<TDocumentRequest>(`/request-documents/${segment(id)}`, body)).data;
}
