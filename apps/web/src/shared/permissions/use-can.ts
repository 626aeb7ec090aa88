import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UserType } from '@esigns/contracts/auth';
import { canActOnRow, hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import { isContactSession, isSignedIn, useSession, workspaceIdOf } from '../session/session-store';
import { fetchPermissionOverview, PERMISSION_OVERVIEW_KEY, type TPermissionOverview } from './permission-api';

/**
 * The caller's permissions in the current workspace (`GET /permissions`), loaded once per session
 * and workspace: the key names both, and a new session drops the whole query cache anyway.
 */
export function usePermissionOverview() {
  const session = useSession();
  const isStaff = isSignedIn(session) && !isContactSession(session);
  return useQuery({
    queryKey: [...PERMISSION_OVERVIEW_KEY, session.user?._id ?? null, workspaceIdOf(session)],
    queryFn: ({ signal }) => fetchPermissionOverview(signal),
    enabled: isStaff,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export type Can = {
  /** Whether the caller may perform the action at all (`hasPermission` of contracts). */
  can: (slug: PermissionSlug) => boolean;
  /**
   * Whether the caller may perform `slug` on a row whose role type is `userType` (a company user,
   * a role, a user type's permission set): `hasPermission` and the per-row rule `canActOnRow`.
   */
  canActOnUserType: (userType: UserType, slug: PermissionSlug) => boolean;
  /** The caller's user type and plan here; null until loaded. */
  userType: UserType | null;
  overview: TPermissionOverview | undefined;
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
};

/**
 * Answers what the signed-in user may do, so that screens hide or disable what they cannot do.
 * Until the permissions have loaded (or when they fail to) every answer is "no"; the server
 * enforces every rule anyway.
 */
export function useCan(): Can {
  const query = usePermissionOverview();
  const userId = useSession((state) => state.user?._id ?? '');
  const data = query.data;

  const context = useMemo(
    () =>
      data
        ? { planType: data.plan_type, userType: data.user_type, permissions: new Set(data.permissions) }
        : null,
    [data],
  );

  const can = useCallback(
    (slug: PermissionSlug) => (context ? hasPermission(context, slug) : false),
    [context],
  );

  const canActOnUserType = useCallback(
    (userType: UserType, slug: PermissionSlug) =>
      context
        ? hasPermission(context, slug) &&
          canActOnRow({ ...context, userId }, { created_by: '', role_user_type: userType }, slug)
        : false,
    [context, userId],
  );

  const { refetch: refetchQuery } = query;
  const refetch = useCallback(() => void refetchQuery(), [refetchQuery]);
  return {
    can,
    canActOnUserType,
    userType: data?.user_type ?? null,
    overview: data,
    isLoading: query.isLoading,
    error: query.error,
    refetch,
  };
}
