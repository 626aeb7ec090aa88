import type {
  TChangePortalAccountRequest,
  TGrantPortalAccessRequest,
  TPortalAccess,
} from '@esigns/contracts/application-users';
import { api } from '../../shared/api/api-client';

export const portalAccessKey = (contactId: string) => ['contacts', 'portal-access', contactId] as const;

const path = (contactId: string) => `/contacts/${encodeURIComponent(contactId)}/portal-access`;

export async function fetchPortalAccess(contactId: string, signal?: AbortSignal): Promise<TPortalAccess> {
  return (await api.get<TPortalAccess>(path(contactId), undefined, { signal })).data;
}

/** Gives access or invites again (mails the invitation link). */
export async function grantPortalAccess(
  contactId: string,
  body: TGrantPortalAccessRequest = {},
): Promise<TPortalAccess> {
  return (await api.post<TPortalAccess>(path(contactId), body)).data;
}

export async function revokePortalAccess(contactId: string): Promise<TPortalAccess> {
  return (await api.delete<TPortalAccess>(path(contactId))).data;
}

/** Links access given before to another account record (or none); nothing is mailed. */
export async function changePortalAccount(
  contactId: string,
  body: TChangePortalAccountRequest,
): Promise<TPortalAccess> {
  return (await api.patch<TPortalAccess>(path(contactId), body)).data;
}
