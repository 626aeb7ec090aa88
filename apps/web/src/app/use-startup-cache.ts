import { useEffect } from 'react';
import { runStartupCache } from '../shared/cache/startup-cache';
import { isContactSession, isSignedIn, useSession, workspaceIdOf } from '../shared/session/session-store';

let filledFor: string | null = null;

/** Fills the startup cache once per signed-in staff user and workspace. */
export function useStartupCache(): void {
  const session = useSession();
  const key =
    isSignedIn(session) && !isContactSession(session)
      ? `${session.user?._id ?? ''}|${workspaceIdOf(session) ?? ''}`
      : null;
  useEffect(() => {
    if (!key || key === filledFor) return;
    filledFor = key;
    void runStartupCache();
  }, [key]);
}
