import type { Platform } from '../../platform/platform';
import { setGatewayContext } from './context';
import { registerPaymentPurpose } from './purposes';

/**
 * The gateway's part of src/module-hooks.ts: its process context (configuration, secret box) and
 * its own purpose, DIRECT (`POST /init`: nothing more to do once paid; the invoice is issued).
 */
export function registerPaymentGatewayHooks(platform: Pick<Platform, 'config' | 'log'>): void {
  setGatewayContext(platform);
  registerPaymentPurpose('DIRECT', { onPaid: async () => {} });
}
