/** The embedded mode's pieces other features use. */
export { AllowedOriginsSection } from './allowed-origins-section';
export { emitHostEvent } from './host-bridge';
