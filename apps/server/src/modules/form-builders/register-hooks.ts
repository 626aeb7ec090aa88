import { registerFormTemplateGuard } from './template-guard';

/** What form-builders gives the modules below it, registered at start-up (app.ts). */
export function registerFormBuilderHooks(): void {
  // A form template a live form uses cannot be deleted, nor lose a field a form names.
  registerFormTemplateGuard();
}
