import { registerContactFormCheck, registerSubmissionCounter } from './builders-port';
import { contactFormRoleOf } from './contact-fill';
import { countSubmittedByForm } from './submission-store';

/** What form-submissions gives the modules below it, registered at start-up (app.ts). */
export function registerFormSubmissionHooks(): void {
  // Forms show how many answers they have, and a capped form is FULL at its cap.
  registerSubmissionCounter((db, formBuilderIds) => countSubmittedByForm(db, formBuilderIds));
  // The contact area opens the forms sent to a contact, and those of the answers they approve.
  registerContactFormCheck(contactFormRoleOf);
}
