/*
 * What the fill side uses of form-builders (the lower module), through its index only: one place
 * to read when that module's exports change.
 */
export {
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
  registerSubmissionCounter,
  stepsOf,
} from '../form-builders';
export type { FormBuilderRow, GuestClaim, GuestIdentity } from '../form-builders';
