/*
 * What the fill side uses of form-builders (the lower module), through its index only: one place
 * to read when that module's exports change.
 */
export {
  findFormBuilder,
  findPublicForm,
  formAvailability,
  readGuest,
  registerSubmissionCounter,
  stepsOf,
} from '../form-builders';
export type { FormBuilderRow, GuestIdentity } from '../form-builders';
