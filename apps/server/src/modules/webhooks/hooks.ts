import type { Platform } from '../../platform/platform';
import { onClientAppDeleted } from '../oauth';
import { deleteAppEndpoints } from './service';

/** What webhooks adds to the modules below it (registered by `module-hooks.ts`). */
export function registerWebhookHooks(platform: Platform): void {
  onClientAppDeleted('webhooks', (tx, companyId, appId) =>
    deleteAppEndpoints(platform, tx, companyId, appId),
  );
}
