import type {
  TConfigurableDocument,
  TDocumentSettings,
  TEmployeeDocument,
  TField,
  TRecipient,
} from '@esigns/contracts/documents';
import { api } from '../../../shared/api/api-client';
import { emitHostEvent } from '../../embedding/host-bridge';

/** The layout autosave body of `PUT /document-templates/documents/draft`. */
export type TDraftSaveRequest = {
  configurable_document_id: string;
  name: string;
  fields: TField[];
  document_users: TRecipient[];
  settings: TDocumentSettings;
};

/** One person picked for a template's role. */
export type TRolePerson = {
  key: string;
  email: string;
  first_name: string;
  last_name: string;
  contact_id?: string | null;
};

export type TSendTemplateRequest = {
  configurable_document_id: string;
  name?: string;
  document_users: TRolePerson[];
  prefill?: Record<string, string>;
  settings?: Partial<TDocumentSettings>;
  send_key?: string;
};

export const DOCUMENT_KEYS = {
  configurable: (id: string) => ['configurable-documents', id] as const,
};

export async function saveDraftLayout(body: TDraftSaveRequest): Promise<TConfigurableDocument> {
  return (await api.put<TConfigurableDocument>('/document-templates/documents/draft', body)).data;
}

/**
 * Sends a one-off document. `send_key` makes a retry (double click, lost answer) send once. Errors
 * are rethrown to the caller, who shows the message or the 422 details (spec 2 §8).
 */
export async function sendDocument(body: {
  configurable_document_id: string;
  send_key: string;
}): Promise<TEmployeeDocument> {
  const sent = (await api.post<TEmployeeDocument>('/company-documents/documents/send', body)).data;
  announceSent(sent);
  return sent;
}

/** Inside an embedded frame, the host page hears of every document sent (`document.sent`). */
function announceSent(sent: TEmployeeDocument): void {
  emitHostEvent('document.sent', { document_id: sent._id, name: sent.name, status: sent.status });
}

/** Sends a new document from a template, with a person per role. Errors are rethrown like `sendDocument`. */
export async function sendFromTemplate(body: TSendTemplateRequest): Promise<TEmployeeDocument> {
  const sent = (await api.post<TEmployeeDocument>('/document-templates/documents/send-template', body)).data;
  announceSent(sent);
  return sent;
}
