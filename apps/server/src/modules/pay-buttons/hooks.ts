import { registerSubmitCheck } from '../form-submissions';
import { registerPaymentPurpose } from '../payment-gateway';
import { onButtonFailed, onButtonPaid } from './payments';
import { requirePaidButtons } from './submit-check';

/**
 * Registers the PAY_BUTTON purpose with the payment gateway, and the pay-before-submit check with
 * form-submissions (called by `registerModuleHooks`).
 */
export function registerPayButtonHooks(): void {
  registerPaymentPurpose('PAY_BUTTON', { onPaid: onButtonPaid, onFailed: onButtonFailed });
  registerSubmitCheck('pay-buttons', requirePaidButtons);
}
