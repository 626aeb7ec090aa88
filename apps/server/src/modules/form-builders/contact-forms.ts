import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TFormBuilder } from '@esigns/contracts/form-builders';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import { contactFormRole } from './hooks';
import { publicStepsOf } from './public-steps';
import { formBuilders } from './schema';
import { presentFormBuilder, type FormBuilderRow } from './service';

/*
 * The forms a signed-in contact of the contact area (`/ap`) may open and fill: the ACTIVE CONTACTS
 * forms of their contact type, and the forms sent to them (a submission of theirs exists; never a
 * DRAFT form). They also read (not fill) the forms whose submissions they are asked to approve. Any
 * other form is 404 to them, exactly as another company's.
 */

/** Whether `form` is one of the ACTIVE forms filled by contacts of type `contactTypeId`. */
export function isFormOfContactType(form: FormBuilderRow, contactTypeId: string | null): boolean {
  return (
    contactTypeId !== null &&
    form.status === 'ACTIVE' &&
    form.ownerType === 'CONTACTS' &&
    form.settings.contact_type_id === contactTypeId
  );
}

/** Whether the contact may open and fill `form` (a live form of their company). */
export async function contactMayFill(
  db: Pick<Db, 'select'>,
  contact: ContactContext,
  form: FormBuilderRow,
): Promise<boolean> {
  if (form.companyId !== contact.companyId || form.deletedAt || form.status === 'DRAFT') return false;
  if (isFormOfContactType(form, contact.contactTypeId)) return true;
  return (await contactFormRole(db, contact, form.id)) === 'FILLER';
}

/** Whether the contact may read `form`: one they may fill, or one whose submission they approve. */
async function contactMayRead(db: Pick<Db, 'select'>, contact: ContactContext, form: FormBuilderRow) {
  if (form.companyId !== contact.companyId || form.deletedAt || form.status === 'DRAFT') return false;
  if (isFormOfContactType(form, contact.contactTypeId)) return true;
  return (await contactFormRole(db, contact, form.id)) !== null;
}

/** `GET /formBuilders/code/{code}` for a contact: a form they may fill or approve answers of, else 404. */
export async function findContactFormByCode(
  db: Pick<Db, 'select'>,
  contact: ContactContext,
  code: string,
): Promise<FormBuilderRow> {
  const [row] = await db
    .select()
    .from(formBuilders)
    .where(
      and(
        eq(formBuilders.code, code.trim().toLowerCase()),
        eq(formBuilders.companyId, contact.companyId),
        isNull(formBuilders.deletedAt),
        ne(formBuilders.status, 'DRAFT'),
      ),
    )
    .limit(1);
  if (!row || !(await contactMayRead(db, contact, row))) throw notFound('Form');
  return row;
}

/**
 * The form as a contact reads it: each TEMPLATE and ENTITY step carries its `template` (contacts
 * cannot read templates or entities), and the approval chain is left out (who approves is not the
 * filler's to see).
 */
export async function presentContactForm(db: Db, row: FormBuilderRow): Promise<TFormBuilder> {
  const form = await presentFormBuilder(db, row);
  const steps = await publicStepsOf(db, row.companyId, form.steps);
  return { ...form, steps, settings: { ...form.settings, approval_levels: [] } };
}
