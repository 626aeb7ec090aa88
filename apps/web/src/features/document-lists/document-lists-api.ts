import type {
  TDocumentListCounts,
  TDocumentListItem,
  TDocumentListSort,
  TDocumentRecipients,
  TDocumentDateField,
} from '@esigns/contracts/document-lists';
import type { TDocumentNote } from '@esigns/contracts/document-notes';
import type { TDocumentListFilter, TEmployeeDocument } from '@esigns/contracts/documents';
import type { TPaged } from '@esigns/contracts/envelope';
import type { TCompletionStatus, TESignRecord } from '@esigns/contracts/signing';
import { api } from '../../shared/api/api-client';

/**
 * The document list, detail and note calls of spec 2 ("Documents", "Employee documents",
 * "Notes"), shaped by the shared contracts. Each answers the envelope's `data`.
 */

/** What narrows a list (and its tab counts). */
export type DocumentNarrowing = {
  search?: string;
  sort?: TDocumentListSort;
  date_field?: TDocumentDateField;
  from?: string;
  to?: string;
  /** An email or a contact id. */
  recipient?: string;
  /** A sender's user id. */
  owner?: string;
};

export type DocumentListQuery = DocumentNarrowing & { page: number; limit: number };

/** The inbox list (`/employee-documents`): documents addressed to the caller. */
export type InboxQuery = DocumentListQuery & { status?: TDocumentListFilter; signed?: boolean };

/**
 * Query keys, all under `['documents']`: the actions menu and the realtime listener refresh
 * every one of them with one invalidation.
 */
export const DOCUMENT_LIST_KEYS = {
  all: ['documents'] as const,
  list: (filter: TDocumentListFilter, query: DocumentListQuery) =>
    ['documents', 'list', filter, query] as const,
  inbox: (query: InboxQuery) => ['documents', 'inbox', query] as const,
  counts: (query: DocumentNarrowing) => ['documents', 'counts', query] as const,
  one: (id: string) => ['documents', 'one', id] as const,
  recipients: (id: string) => ['documents', 'recipients', id] as const,
  preview: (id: string, recipientId: string) => ['documents', 'preview', id, recipientId] as const,
  notes: (id: string) => ['documents', 'notes', id] as const,
  senders: (companyId: string) => ['documents', 'senders', companyId] as const,
  contact: (id: string) => ['documents', 'contact', id] as const,
};

const segment = encodeURIComponent;

/** Drops empty values, so the address carries only what narrows the list. */
function paramsOf(query: object): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Record<string, string | number | boolean>;
}

/** `GET /all-documents/{document_status}`: one status tab of the documents the caller sees. */
export async function fetchDocumentList(
  filter: TDocumentListFilter,
  query: DocumentListQuery,
  signal?: AbortSignal,
): Promise<TPaged<TDocumentListItem>> {
  return (
    await api.get<TPaged<TDocumentListItem>>(`/all-documents/${segment(filter)}`, paramsOf(query), { signal })
  ).data;
}

/** `GET /employee-documents-counts`: how many documents each tab holds, narrowed like the list. */
export async function fetchDocumentCounts(
  query: DocumentNarrowing,
  signal?: AbortSignal,
): Promise<TDocumentListCounts> {
  const { sort: _sort, ...narrowing } = query;
  return (await api.get<TDocumentListCounts>('/employee-documents-counts', paramsOf(narrowing), { signal }))
    .data;
}

/** `GET /employee-documents`: documents addressed to the caller as a recipient. */
export async function fetchInbox(
  query: InboxQuery,
  signal?: AbortSignal,
): Promise<TPaged<TDocumentListItem>> {
  return (await api.get<TPaged<TDocumentListItem>>('/employee-documents', paramsOf(query), { signal })).data;
}

/** `GET /documents/{document_id}`: the document with its recipients and settings. */
export async function fetchDocument(id: string, signal?: AbortSignal): Promise<TEmployeeDocument> {
  return (await api.get<TEmployeeDocument>(`/documents/${segment(id)}`, undefined, { signal })).data;
}

/** `GET /documents/{document_id}/recipients`. */
export async function fetchRecipients(id: string, signal?: AbortSignal): Promise<TDocumentRecipients> {
  return (await api.get<TDocumentRecipients>(`/documents/${segment(id)}/recipients`, undefined, { signal }))
    .data;
}

/**
 * `POST /documents/{document_id}/document-users/sign-again`: the fix of a seal that failed on a
 * recipient's value: they are mailed a new link to sign again (all the failure names when no id).
 */
export async function askToSignAgain(id: string, documentUserId?: string): Promise<TCompletionStatus> {
  return (
    await api.post<TCompletionStatus>(
      `/documents/${segment(id)}/document-users/sign-again`,
      documentUserId ? { document_user_id: documentUserId } : {},
    )
  ).data;
}

/** `POST /documents/e-sign-completed/{id}`: where completion stands; queues a failed seal again. */
export async function retrySealing(id: string): Promise<TCompletionStatus> {
  return (await api.post<TCompletionStatus>(`/documents/e-sign-completed/${segment(id)}`)).data;
}

/** `GET /documents/{id}/preview/{user_id}`: the document as one recipient sees it (file, fields). */
export async function fetchPreview(
  id: string,
  recipientId: string,
  signal?: AbortSignal,
): Promise<TESignRecord> {
  return (
    await api.get<TESignRecord>(`/documents/${segment(id)}/preview/${segment(recipientId)}`, undefined, {
      signal,
    })
  ).data;
}

/** `GET /documents/{employee_document_id}/notes`: newest first. */
export async function fetchNotes(
  id: string,
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<TPaged<TDocumentNote>> {
  return (await api.get<TPaged<TDocumentNote>>(`/documents/${segment(id)}/notes`, query, { signal })).data;
}

export async function addNote(id: string, note: string): Promise<TDocumentNote> {
  return (await api.post<TDocumentNote>(`/documents/${segment(id)}/notes`, { note })).data;
}

export async function updateNote(id: string, noteId: string, note: string): Promise<TDocumentNote> {
  return (await api.patch<TDocumentNote>(`/documents/${segment(id)}/notes/${segment(noteId)}`, { note }))
    .data;
}

/** A member of the workspace, as the sender filter lists them. */
export type WorkspaceUser = { user_id: string | null; email: string; first_name: string; last_name: string };

/** `GET /getAllCompanyUsers/{company_id}`: every active member (needs `company-users:view`). */
export async function fetchWorkspaceUsers(companyId: string, signal?: AbortSignal): Promise<WorkspaceUser[]> {
  const { data } = await api.get<WorkspaceUser[]>(`/getAllCompanyUsers/${segment(companyId)}`, undefined, {
    signal,
  });
  return Array.isArray(data) ? data : [];
}

/** `GET /contacts/{id}`: the contact whose documents are listed (name and email). */
export async function fetchContactName(
  id: string,
  signal?: AbortSignal,
): Promise<{ _id: string; name: string; email: string }> {
  return (
    await api.get<{ _id: string; name: string; email: string }>(`/contacts/${segment(id)}`, undefined, {
      signal,
    })
  ).data;
}
