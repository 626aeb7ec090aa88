/**
 * The public face of the form-builders module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerFormBuilderHooks } from './register-hooks';
export { registerFormBuilderRoutes } from './routes';
export {
  ANONYMOUS_SESSION_DAYS,
  createGuestSession,
  GUEST_SESSION_DAYS,
  guestClaimOf,
  readGuest,
} from './guest-session';
export type { GuestClaim, GuestIdentity, GuestKind, GuestSession, GuestSessionInput } from './guest-session';
export { guestAndFormOf, guestAndFormSql } from './guest-fill';
export { registerContactFormCheck, registerSubmissionCounter } from './hooks';
export type { ContactFormCheck, ContactFormRole, SubmissionCounter } from './hooks';
export { contactMayFill } from './contact-forms';
export {
  findFormBuilder,
  findPublicForm,
  formsForContact,
  formAvailability,
  liveFormOf,
  publicFormOf,
  stepsOf,
} from './service';
export { formsWithReminders } from './reminder-forms';
export type { FormBuilderRow, TFormAvailability } from './service';
/** Apps: package, install and uninstall forms. */
export { listFormBuilders } from './service';
export { createFormBuilder, deleteFormBuilder } from './write-service';
