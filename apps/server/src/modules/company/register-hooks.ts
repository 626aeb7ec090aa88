import { registerUserTypeHeadcount } from '../permissions';
import { countActiveMembersByUserType } from './service';

/** Plugs the company module into the modules before it; app.ts calls it at start-up. */
export function registerCompanyHooks(): void {
  // The user type calls of permissions count members (memberships are this module's).
  registerUserTypeHeadcount(countActiveMembersByUserType);
}
