import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { countSubmissions } from './hooks';
import { formAvailability, type FormBuilderRow, type TFormAvailability } from './service';

/*
 * Who may become a guest of a form, and when. Forms of company users are filled signed in (409
 * for guest calls); forms of a contact type need a proven email (a passcode) whatever
 * `secure_access` says; forms for anyone follow `secure_access`. A guest session is only given
 * while the form is OPEN.
 */

export const AVAILABILITY_MESSAGES: Record<Exclude<TFormAvailability, 'OPEN'>, string> = {
  NOT_YET_OPEN: 'This form is not open yet',
  CLOSED: 'This form is closed',
  FULL: 'This form has received all the answers it takes',
  INACTIVE: 'This form is not accepting answers',
};

/** Whether guests must prove their email with a mailed code. */
export const needsPasscode = (form: FormBuilderRow): boolean =>
  form.settings.secure_access || form.ownerType === 'CONTACTS';

/** The form's availability now (its submitted answers counted when the form has a cap). */
export async function availabilityOf(
  db: Pick<Db, 'select' | 'execute'>,
  form: FormBuilderRow,
): Promise<TFormAvailability> {
  if (form.settings.max_submissions === null) return formAvailability(form, 0, new Date());
  const counts = await countSubmissions(db, [form.id]);
  return formAvailability(form, counts.get(form.id) ?? 0, new Date());
}

/** 409 unless guests may start on the form now (errorCode: the availability, or COMPANY_USERS). */
export async function assertGuestsWelcome(
  db: Pick<Db, 'select' | 'execute'>,
  form: FormBuilderRow,
): Promise<void> {
  if (form.ownerType === 'COMPANY_USERS') {
    throw new AppError('CONFLICT', {
      message: 'This form is filled by members of the company: sign in to fill it',
      errorCode: 'COMPANY_USERS',
    });
  }
  const availability = await availabilityOf(db, form);
  if (availability !== 'OPEN') {
    throw new AppError('CONFLICT', { message: AVAILABILITY_MESSAGES[availability], errorCode: availability });
  }
}
