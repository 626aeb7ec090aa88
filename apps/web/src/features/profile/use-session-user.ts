import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TUserDetails } from '@esigns/contracts/auth';
import { sessionStore, type SessionUser } from '../../shared/session/session-store';
import { PROFILE_QUERY_KEY, applyProfile } from '../auth/use-profile-sync';

/**
 * Keeps the session's user_details (top bar name and avatar) and the cached profile in step
 * after a save, so that the shell's profile sync does not put the old values back.
 */
export function storeUserDetails(queryClient: QueryClient, details: TUserDetails): void {
  applyProfile(details);
  queryClient.setQueriesData<TUserDetails>({ queryKey: PROFILE_QUERY_KEY }, (old) =>
    old && old._id === details._id ? details : old,
  );
}

/** Changes some fields of the signed-in user (e.g. the avatar URL a picture upload answered). */
export function patchUserDetails(queryClient: QueryClient, patch: Partial<TUserDetails>): void {
  sessionStore.setState((state) => (state.user ? { user: { ...state.user, ...patch } as SessionUser } : {}));
  queryClient.setQueriesData<TUserDetails>({ queryKey: PROFILE_QUERY_KEY }, (old) =>
    old ? { ...old, ...patch } : old,
  );
}

export function useSessionUserUpdates() {
  const queryClient = useQueryClient();
  return {
    store: useCallback((details: TUserDetails) => storeUserDetails(queryClient, details), [queryClient]),
    patch: useCallback((patch: Partial<TUserDetails>) => patchUserDetails(queryClient, patch), [queryClient]),
  };
}
