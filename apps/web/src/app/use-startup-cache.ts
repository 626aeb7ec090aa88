import { useEffect } from 'react';
import { runStartupCache } from '../shared/cache/startup-cache';
import { isContactSession, isSignedIn, useSession, workspaceIdOf } from '../shared/session/session-store';

let filledFor: string | null = null;

/**
 * Fills the startup cache once per sign-in of a staff user in a workspace (sign-out clears the
 * cache, so a new sign-in of the same user fills it again).
 */
export function useStartupCache(): void {
  const session = useSession();
  const key =
    isSignedIn(session) && !isContactSession(session)
      ? `${session.user?._id ?? ''}|${workspaceIdOf(session) ?? ''}|${session.login_at ?? ''}`
      : null;
  useEffect(() => {
    if (!key || key === filledFor) return;
    filledFor = key;
    void runStartupCache();
  }, [key]);
}
