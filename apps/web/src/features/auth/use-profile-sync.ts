import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TUserDetails } from '@esigns/contracts/auth';
import {
  USER_TYPES,
  isContactSession,
  isSignedIn,
  sessionStore,
  useSession,
  workspaceIdOf,
  type UserType,
} from '../../shared/session/session-store';
import { fetchProfile } from './auth-api';

export const PROFILE_QUERY_KEY = ['auth', 'profile'] as const;

function toUserType(value: unknown): UserType | null {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value)
    ? (value as UserType)
    : null;
}

/** Puts a fresh profile into the session when it differs from the stored user. */
export function applyProfile(profile: TUserDetails): void {
  if (!profile?._id) return;
  const state = sessionStore.getState();
  if (JSON.stringify(state.user) === JSON.stringify(profile)) return;
  sessionStore.setState({
    user: profile,
    is_contact: profile.is_contact === true,
    user_type:
      toUserType(profile.activeRole?.userType_name) ?? toUserType(profile.user_type) ?? state.user_type,
  });
}

/**
 * Reloads the signed-in staff user's profile when the shell opens, so that the name, avatar and
 * role shown are current. A 401 here ends the session through the API client (refresh, then
 * sign-out and /signin); any other failure keeps the stored user.
 */
export function useProfileSync(): void {
  const session = useSession();
  const isStaff = isSignedIn(session) && !isContactSession(session);
  const profile = useQuery({
    queryKey: [...PROFILE_QUERY_KEY, session.user?._id ?? null, workspaceIdOf(session)],
    queryFn: fetchProfile,
    enabled: isStaff,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (profile.data) applyProfile(profile.data);
  }, [profile.data]);
}
