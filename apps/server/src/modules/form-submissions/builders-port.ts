/*
 * What the fill side uses of form-builders (the lower module), through its index only: one place
 * to read when that module's exports change.
 */
export {
  contactMayFill,
  findFormBuilder,
  findPublicForm,
  formAvailability,
  formsWithReminders,
  guestAndFormOf,
  guestAndFormSql,
  guestClaimOf,
  liveFormOf,
  publicFormOf,
  readGuest,
  registerContactFormCheck,
  registerSubmissionCounter,
  stepsOf,
} from '../form-builders';
export type { ContactFormRole, FormBuilderRow, GuestClaim, GuestIdentity } from '../form-builders';
