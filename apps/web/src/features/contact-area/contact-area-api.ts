import { useQuery } from '@tanstack/react-query';
import type {
  TApplicationUserDetails,
  TApplicationUserDocument,
  TApplicationUserDocumentFilter,
  TApplicationUserForm,
  TContactEntityAccess,
} from '@esigns/contracts/application-users';
import type { TPaged } from '@esigns/contracts/envelope';
import type { TMenu } from '@esigns/contracts/menus';
import { api } from '../../shared/api/api-client';
import { useSession } from '../../shared/session/session-store';

/** The contact area's own calls (`/application-user/*`), shaped by contracts/application-users. */

const segment = encodeURIComponent;

export type ContactDocumentsQuery = {
  page: number;
  limit: number;
  search?: string | undefined;
  filter?: TApplicationUserDocumentFilter | undefined;
};
export type ContactFormsQuery = { page: number; limit: number; search?: string | undefined };

export const CONTACT_AREA_KEYS = {
  all: ['contact-area'] as const,
  documents: (query: ContactDocumentsQuery) => ['contact-area', 'documents', query] as const,
  allForms: ['contact-area', 'forms'] as const,
  forms: (query: ContactFormsQuery) => ['contact-area', 'forms', query] as const,
  access: (entityId: string) => ['contact-area', 'entity-access', entityId] as const,
  menu: (contactTypeId: string) => ['contact-area', 'menu', contactTypeId] as const,
};

export async function fetchContactDocuments(
  query: ContactDocumentsQuery,
  signal?: AbortSignal,
): Promise<TPaged<TApplicationUserDocument>> {
  const params = { ...query, search: query.search || undefined };
  return (await api.get<TPaged<TApplicationUserDocument>>('/application-user/documents', params, { signal }))
    .data;
}

/** A short-lived address of a document's sealed copy. */
export async function contactDownloadLink(documentId: string): Promise<string> {
  const path = `/application-user/documents/${segment(documentId)}/download`;
  return (await api.post<{ Location: string }>(path, {})).data.Location;
}

export async function fetchContactForms(
  query: ContactFormsQuery,
  signal?: AbortSignal,
): Promise<TPaged<TApplicationUserForm>> {
  const params = { ...query, search: query.search || undefined };
  return (await api.get<TPaged<TApplicationUserForm>>('/application-user/formbuilders', params, { signal }))
    .data;
}

/** What the signed-in contact may do with an entity's records (their contact type's rule). */
export function useContactEntityAccess(entityId: string) {
  return useQuery({
    queryKey: CONTACT_AREA_KEYS.access(entityId),
    queryFn: async ({ signal }) =>
      (
        await api.get<TContactEntityAccess>(
          `/application-user/permissions/entity/${segment(entityId)}`,
          undefined,
          { signal },
        )
      ).data,
    enabled: entityId !== '',
  });
}

/** The signed-in contact's details (the session keeps them as the contact sign-in answered). */
export function useContactDetails(): Partial<TApplicationUserDetails> | null {
  return useSession((state) => (state.user as Partial<TApplicationUserDetails> | null) ?? null);
}

/**
 * The contact type's stored menu (`GET /menu/{contact type id}`, its items resolved to `/ap`
 * routes); without a contact type the area's fixed items alone.
 */
export function useContactMenu() {
  const contactTypeId = useContactDetails()?.contact_type?._id ?? '';
  return useQuery({
    queryKey: CONTACT_AREA_KEYS.menu(contactTypeId),
    queryFn: async ({ signal }) =>
      (await api.get<TMenu>(`/menu/${segment(contactTypeId)}`, undefined, { signal })).data,
    enabled: contactTypeId !== '',
    staleTime: 5 * 60_000,
  });
}
