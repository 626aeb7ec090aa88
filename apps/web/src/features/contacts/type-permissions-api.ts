import type { TApplicationUserPermission, TEntityPermissionRule } from '@esigns/contracts/application-users';
import { api } from '../../shared/api/api-client';

/** The entity permissions of contact types (`/application-user/permissions*`, spec 3 §7). */

export const typePermissionsKey = (contactTypeId: string) =>
  ['contacts', 'type-permissions', contactTypeId] as const;

/** `GET /application-user/permissions?contact_type_id=`: the type's rules, by entity name. */
export async function fetchTypePermissions(
  contactTypeId: string,
  signal?: AbortSignal,
): Promise<TApplicationUserPermission[]> {
  return (
    await api.get<TApplicationUserPermission[]>(
      '/application-user/permissions',
      { contact_type_id: contactTypeId },
      { signal },
    )
  ).data;
}

/**
 * `POST /application-user/permissions/{id}`: adds or changes the listed entities' rules (a rule
 * allowing nothing removes the entity's), the type's others stay. Answers all the type's rules.
 */
export async function saveTypePermissions(
  contactTypeId: string,
  permissions: TEntityPermissionRule[],
): Promise<TApplicationUserPermission[]> {
  return (
    await api.post<TApplicationUserPermission[]>(
      `/application-user/permissions/${encodeURIComponent(contactTypeId)}`,
      { permissions },
    )
  ).data;
}
