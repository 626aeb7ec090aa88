import type { Platform } from '../../platform/platform';
import { registerPaymentPurpose } from '../payment-gateway';
import { setDefaultPlanCode } from './limits';
import {
  onSubscriptionEnded,
  onSubscriptionFailed,
  onSubscriptionPaid,
  onSubscriptionRenewed,
} from './subscription-service';

/**
 * The subscriptions module's part of src/module-hooks.ts: the default plan (DEFAULT_PLAN) and the
 * gateway purpose SUBSCRIPTION (plan changes and one-off charges the instance bills).
 */
export function registerSubscriptionHooks(platform: Pick<Platform, 'config'>): void {
  setDefaultPlanCode(platform.config.subscriptions.defaultPlan);
  registerPaymentPurpose('SUBSCRIPTION', {
    onPaid: onSubscriptionPaid,
    onFailed: onSubscriptionFailed,
    onRenewed: onSubscriptionRenewed,
    onRecurringEnded: onSubscriptionEnded,
  });
}
