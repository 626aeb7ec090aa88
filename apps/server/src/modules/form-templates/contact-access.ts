import type { Db } from '../../platform/db/database';
import type { ContactContext } from '../application-users';

/*
 * Form templates in the contact area (`/ap/template/{id}/menu/view`): whether a signed-in contact
 * may read a template is a question of entity permissions of contact types, a module placed after
 * this one (module-order.json): it registers the check here when its routes are registered.
 */

/** Whether the contact may read the template (one of an entity their contact type has a rule for). */
export type ContactTemplateCheck = (db: Db, contact: ContactContext, templateId: string) => Promise<boolean>;

let contactCheck: ContactTemplateCheck | null = null;

export function registerContactTemplateCheck(check: ContactTemplateCheck): void {
  contactCheck = check;
}

export function contactMayReadTemplate(
  db: Db,
  contact: ContactContext,
  templateId: string,
): Promise<boolean> {
  if (!contactCheck)
    throw new Error('No module registered the contact template check with form templates (app.ts)');
  return contactCheck(db, contact, templateId);
}
