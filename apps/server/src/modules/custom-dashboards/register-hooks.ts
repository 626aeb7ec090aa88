import { registerContactTypeDeletionHook } from '../contacts';
import { forgetContactType } from './service';

/** Plugs custom dashboards into the modules before them; app.ts calls it at start-up. */
export function registerCustomDashboardHooks(): void {
  // A deleted contact type leaves every dashboard's assignment, in the delete's transaction.
  registerContactTypeDeletionHook('custom-dashboards', forgetContactType);
}
