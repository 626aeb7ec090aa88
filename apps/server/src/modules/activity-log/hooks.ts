import type { Platform } from '../../platform/platform';
import { registerWorkspaceCreatedHook } from '../company';
import { logSignerEventsOf } from './service';

/**
 * A new company listens to its signers' events from its creation (module-hooks.ts): the log needs
 * no staff action of the company first.
 */
export function registerActivityLogHooks(platform: Platform): void {
  registerWorkspaceCreatedHook('activity-log', (tx, companyId) => logSignerEventsOf(platform, tx, companyId));
}
