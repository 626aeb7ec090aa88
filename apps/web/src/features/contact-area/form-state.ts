import type { TApplicationUserForm } from '@esigns/contracts/application-users';
import { signedInFillPaths } from '../form-fill/fill-paths';

const paths = signedInFillPaths('/ap');

/** What a contact can do next with a form assigned to them. */
export type FormNext =
  | { kind: 'fill'; to: string; label: 'Fill' | 'Fill again' }
  | { kind: 'continue'; to: string; label: 'Continue' | 'Edit and send again' }
  | { kind: 'done' }
  | { kind: 'closed' };

const AVAILABILITY_TEXT: Record<Exclude<TApplicationUserForm['availability'], 'OPEN'>, string> = {
  NOT_YET_OPEN: 'Not open yet',
  CLOSED: 'Closed',
  FULL: 'No more entries taken',
  INACTIVE: 'Not active',
};

export function availabilityText(form: TApplicationUserForm): string | null {
  return form.availability === 'OPEN' ? null : AVAILABILITY_TEXT[form.availability];
}

/**
 * A draft or an entry sent back goes on where it stopped; otherwise an open form is filled (again
 * when it takes several entries); else nothing is left to do.
 */
export function formNextOf(form: TApplicationUserForm): FormNext {
  const open = form.submissions.find((s) => s.status === 'DRAFT' || s.status === 'SENT_BACK');
  if (open) {
    return {
      kind: 'continue',
      to: paths.edit(form.code, open._id),
      label: open.status === 'SENT_BACK' ? 'Edit and send again' : 'Continue',
    };
  }
  if (form.availability !== 'OPEN') return { kind: 'closed' };
  if (form.submissions.length === 0) return { kind: 'fill', to: paths.fill(form.code), label: 'Fill' };
  return form.allows_many
    ? { kind: 'fill', to: paths.fill(form.code), label: 'Fill again' }
    : { kind: 'done' };
}

/** Forms waiting for the contact: a draft, one sent back, or an open form not filled yet. */
export function isFormToFill(form: TApplicationUserForm): boolean {
  const next = formNextOf(form);
  return next.kind === 'continue' || (next.kind === 'fill' && form.submissions.length === 0);
}

export { paths as contactFillPaths };
