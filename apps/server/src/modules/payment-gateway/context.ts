import type { PaymentsConfig } from '../../platform/config/config';
import type { Platform } from '../../platform/platform';
import { secretBox, type SecretBox } from '../../platform/auth/secret-box';

/**
 * What the gateway's public functions need of the process (they receive only a transaction):
 * the payments configuration, the public URL (return addresses) and the secret box that seals
 * account keys. Set by `registerPaymentGatewayHooks` (src/module-hooks.ts) in every process.
 */
export type GatewayContext = {
  payments: PaymentsConfig;
  publicUrl: string;
  box: SecretBox;
  /** The platform's name on its own invoices (INSTANCE scope). */
  instanceName: string;
  log: Platform['log'];
};

let current: GatewayContext | undefined;

export function setGatewayContext(platform: Pick<Platform, 'config' | 'log'>): void {
  const { config } = platform;
  current = {
    payments: config.payments,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
    box: secretBox(config.secrets.storageSecret, 'payment_accounts/keys'),
    instanceName: 'e-Signs',
    log: platform.log,
  };
}

export function gatewayContext(): GatewayContext {
  if (!current) throw new Error('payment-gateway: registerPaymentGatewayHooks was not called');
  return current;
}
