import type { TDocumentAction } from '@esigns/contracts/document-actions';
import type {
  TDocumentSettings,
  TDocumentSettingsPatch,
  TDocumentStatus,
  TEmployeeDocument,
  TField,
  TRecipientType,
} from '@esigns/contracts/documents';
import { api } from '../../shared/api/api-client';

/** What the actions menu needs of a document (a list row or the detail screen). */
export type TActionDocument = {
  _id: string;
  name: string;
  status: TDocumentStatus;
  archived_at: string | null;
  actions: TDocumentAction[];
};

/**
 * Query keys. Everything about documents lives under `['documents']`, so one invalidation of that
 * prefix after an action refreshes the lists, counters and detail screens of every feature.
 */
export const DOCUMENT_ACTION_KEYS = {
  all: ['documents'] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
  settings: (id: string) => ['documents', 'settings', id] as const,
  companyUsers: (companyId: string) => ['company-users', 'all', companyId] as const,
};

/** `GET /documents/{id}/document-settings`. */
export type TDocumentSettingsView = {
  document_id: string;
  name: string;
  status: TDocumentStatus;
  archived_at: string | null;
  settings: TDocumentSettings;
  sent_at: string | null;
  expires_at: string | null;
  /** The sender (owner) and the users the document is shared with. */
  owner: { _id: string; name: string; email: string };
  shared_with: string[];
};

/** `POST .../generate-document-link`: the recipient's new signing link (the old one stops working). */
export type TDocumentLink = { document_user_id: string; email: string; link: string };

/** A recipient to add (`POST /documents/{id}/document-users`) or as sent by the correct screen. */
export type TRecipientDraft = {
  _id?: string;
  key?: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: TRecipientType;
  signing_order: number;
  email_verification?: boolean;
};

/** `POST /documents/{id}/correct`. */
export type TCorrectRequest = {
  document_users: TRecipientDraft[];
  fields?: TField[];
  settings?: TDocumentSettingsPatch;
};

const path = (id: string) => encodeURIComponent(id);

export async function fetchDocument(id: string, signal?: AbortSignal) {
  return (await api.get<TEmployeeDocument>(`/documents/${path(id)}`, undefined, { signal })).data;
}

export async function voidDocument(id: string, reason: string) {
  return (await api.post<TEmployeeDocument>(`/documents/${path(id)}/void`, { reason })).data;
}

export async function renameDocument(id: string, name: string) {
  return (await api.post<TEmployeeDocument>(`/documents/${path(id)}/rename`, { name })).data;
}

/** A new DRAFT copy; the answer is the draft (its `company_document_id` opens the editor). */
export async function duplicateDocument(id: string, name: string) {
  return (await api.post<TEmployeeDocument>(`/documents/${path(id)}/duplicate`, { name })).data;
}

export async function cloneVoidedDocument(id: string) {
  return (await api.post<TEmployeeDocument>(`/documents/${path(id)}/cloneVoidDoc`, {})).data;
}

export async function saveDocumentAsTemplate(id: string, name: string) {
  return (
    await api.post<{ _id: string; name: string }>(`/document-templates/${path(id)}/saveastemplate`, { name })
  ).data;
}

export async function shareDocument(id: string, userIds: string[]) {
  return (await api.put<TEmployeeDocument>(`/documents/${path(id)}/share-document`, { user_ids: userIds }))
    .data;
}

export async function resendToRecipient(id: string, documentUserId: string) {
  return (
    await api.post<TEmployeeDocument>(`/documents/${path(id)}/document-users/resend-document`, {
      document_user_id: documentUserId,
    })
  ).data;
}

export async function generateRecipientLink(id: string, documentUserId: string) {
  return (
    await api.post<TDocumentLink>(`/documents/${path(id)}/document-users/generate-document-link`, {
      document_user_id: documentUserId,
    })
  ).data;
}

export async function changeOwnership(documentIds: string[], userId: string) {
  return (
    await api.patch<{ document_ids: string[]; owner: { _id: string; name: string; email: string } }>(
      '/documents/changeOwnership',
      {
        document_ids: documentIds,
        user_id: userId,
      },
    )
  ).data;
}

export async function markCompleted(id: string) {
  return (await api.patch<TEmployeeDocument>(`/documents/${path(id)}/completed`, {})).data;
}

export async function changeStatus(id: string, status: TDocumentStatus) {
  return (await api.patch<TEmployeeDocument>(`/documents/${path(id)}/status/${path(status)}`, {})).data;
}

export async function archiveDocument(id: string) {
  return (await api.delete<TEmployeeDocument>(`/documents/${path(id)}/archive`)).data;
}

export async function restoreDocument(id: string) {
  return (await api.post<TEmployeeDocument>(`/documents/${path(id)}/undoDocument`, {})).data;
}

export async function deleteDocumentForever(id: string) {
  return (await api.post<{ _id: string }>(`/documents/${path(id)}/parmanentdelete`, {})).data;
}

export async function discardDraft(configurableDocumentId: string, companyDocumentId: string) {
  return (
    await api.delete<{ _id: string }>(
      `/documents/${path(configurableDocumentId)}/${path(companyDocumentId)}/discard`,
    )
  ).data;
}

export async function fetchDocumentSettings(id: string, signal?: AbortSignal) {
  return (
    await api.get<TDocumentSettingsView>(`/documents/${path(id)}/document-settings`, undefined, { signal })
  ).data;
}

export async function saveDocumentSettings(id: string, body: TDocumentSettingsPatch) {
  return (await api.post<TDocumentSettingsView>(`/documents/${path(id)}/document-settings`, body)).data;
}

/** New recipients (and, on a sent document, their fields naming them by `key`). */
export async function addRecipients(id: string, recipients: TRecipientDraft[], fields: TField[] = []) {
  return (
    await api.post<TEmployeeDocument>(`/documents/${path(id)}/document-users`, {
      document_users: recipients,
      ...(fields.length > 0 ? { fields } : {}),
    })
  ).data;
}

export async function correctDocument(id: string, body: TCorrectRequest) {
  return (await api.post<TEmployeeDocument>(`/documents/${path(id)}/correct`, body)).data;
}

/** A short-lived address of the PDF (completed copy once sealed). */
export async function downloadLink(id: string) {
  return (await api.post<{ Location: string }>(`/documents/${path(id)}/download-pdf-document`, {})).data;
}
