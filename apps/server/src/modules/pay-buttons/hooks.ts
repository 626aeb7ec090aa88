import { registerPaymentPurpose } from '../payment-gateway';
import { onButtonFailed, onButtonPaid } from './payments';

/** Registers the PAY_BUTTON purpose with the payment gateway (called by `registerModuleHooks`). */
export function registerPayButtonHooks(): void {
  registerPaymentPurpose('PAY_BUTTON', { onPaid: onButtonPaid, onFailed: onButtonFailed });
}
