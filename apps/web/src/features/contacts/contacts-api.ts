import type {
  TContact,
  TContactDocument,
  TContactImportResult,
  TContactSort,
  TContactType,
  TContactUser,
  TCreateContactRequest,
  TEmailAvailability,
  TUpdateContactRequest,
} from '@esigns/contracts/contacts';
import type { TDocumentStatus } from '@esigns/contracts/documents';
import type { TPaged } from '@esigns/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api-client';

/**
 * The contact calls of spec 2 ("Contacts", "Contact types"), shaped by the shared contracts.
 * Each answers the envelope's `data`.
 */

export type ContactQuery = {
  page: number;
  limit: number;
  search?: string;
  contact_type?: string;
  sort?: TContactSort;
};

export type ContactDocumentQuery = { page: number; limit: number; status?: TDocumentStatus };

/** Query keys: every list under `all`, so one invalidation refreshes them all. */
export const CONTACT_KEYS = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  page: (query: ContactQuery) => ['contacts', 'list', query] as const,
  one: (id: string) => ['contacts', 'one', id] as const,
  documents: (id: string, query: ContactDocumentQuery) => ['contacts', 'documents', id, query] as const,
  picker: (search: string) => ['contacts', 'picker', search] as const,
  types: ['contacts', 'types'] as const,
  accountNames: (search: string) => ['contacts', 'account-names', search] as const,
};

const segment = encodeURIComponent;

export async function fetchContacts(query: ContactQuery, signal?: AbortSignal): Promise<TPaged<TContact>> {
  const params = {
    page: query.page,
    limit: query.limit,
    search: query.search || undefined,
    contact_type: query.contact_type || undefined,
    sort: query.sort,
  };
  return (await api.get<TPaged<TContact>>('/contacts', params, { signal })).data;
}

export async function fetchContact(id: string, signal?: AbortSignal): Promise<TContact> {
  return (await api.get<TContact>(`/contacts/${segment(id)}`, undefined, { signal })).data;
}

/** One contact, read once `enabled` and there is an `id`. */
export function useContact(id: string, enabled: boolean) {
  return useQuery({
    queryKey: CONTACT_KEYS.one(id),
    queryFn: ({ signal }) => fetchContact(id, signal),
    enabled: enabled && id !== '',
  });
}

export async function createContact(body: TCreateContactRequest): Promise<TContact> {
  return (await api.post<TContact>('/contacts', body)).data;
}

export async function updateContact(id: string, body: TUpdateContactRequest): Promise<TContact> {
  return (await api.patch<TContact>(`/contacts/${segment(id)}`, body)).data;
}

export async function deleteContact(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/contacts/${segment(id)}`)).data;
}

/** Whether no other contact has `email` (`contactId`: the contact being edited). */
export async function checkContactEmail(
  email: string,
  contactId?: string,
  signal?: AbortSignal,
): Promise<TEmailAvailability> {
  const body = contactId ? { email, contact_id: contactId } : { email };
  return (await api.post<TEmailAvailability>('/contacts/check-contact-email', body, { signal })).data;
}

export async function fetchContactUsers(
  search: string,
  limit = 10,
  signal?: AbortSignal,
): Promise<TContactUser[]> {
  const params = { search: search || undefined, limit };
  return (await api.get<TContactUser[]>('/contact-users', params, { signal })).data;
}

export async function importContacts(file: File): Promise<TContactImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await api.post<TContactImportResult>('/bulk-users-add', body)).data;
}

export async function fetchContactDocuments(
  contactId: string,
  query: ContactDocumentQuery,
  signal?: AbortSignal,
): Promise<TPaged<TContactDocument>> {
  return (
    await api.get<TPaged<TContactDocument>>(`/documents/users/${segment(contactId)}`, query, { signal })
  ).data;
}

export async function fetchAccountNames(search: string, signal?: AbortSignal): Promise<string[]> {
  const body = search ? { search } : {};
  return (await api.post<string[]>('/entity/account-names', body, { signal })).data;
}

// ---------------------------------------------------------------------------------------------
// Contact types

export async function fetchContactTypes(signal?: AbortSignal): Promise<TContactType[]> {
  return (await api.get<TContactType[]>('/contact-types', undefined, { signal })).data;
}

export async function createContactType(name: string): Promise<TContactType> {
  return (await api.post<TContactType>('/contact-types', { name })).data;
}

export async function renameContactType(id: string, name: string): Promise<TContactType> {
  return (await api.patch<TContactType>(`/contact-types/${segment(id)}/updating_contact`, { name })).data;
}

export async function deleteContactType(id: string): Promise<{ _id: string }> {
  return (await api.delete<{ _id: string }>(`/contact-types/${segment(id)}`)).data;
}
