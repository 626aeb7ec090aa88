import { registerContactSessions } from '../auth';
import { hasActiveAccess, openContactSessionReply } from './session';

/** Plugs the application-users module into the modules before it; app.ts calls it at start-up. */
export function registerApplicationUserHooks(): void {
  // Contact sessions: refresh checks the portal access; a passed second factor opens the session.
  registerContactSessions({ isActive: hasActiveAccess, openAfterSecondFactor: openContactSessionReply });
}
