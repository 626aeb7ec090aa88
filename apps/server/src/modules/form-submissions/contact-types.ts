import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { contactDirectory } from '../contacts';
import type { FormBuilderRow } from './builders-port';

/*
 * A form filled by the contacts of one contact type (`owner_type` CONTACTS, `settings.
 * contact_type_id`) reaches only contacts of that type: new contacts made by its sends get the
 * type, and existing contacts of another type (or none) are refused where they are named.
 */

/** The contact type a form's new contacts get and its fillers must have; null when any contact will do. */
export const formContactType = (form: Pick<FormBuilderRow, 'ownerType' | 'settings'>): string | null =>
  form.ownerType === 'CONTACTS' ? form.settings.contact_type_id : null;

/** Of `ids` (contacts of the company), those whose type is not `typeId`. */
export async function contactsOfOtherType(
  db: Pick<Db, 'select'>,
  companyId: string,
  typeId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contactDirectory.id, typeId: contactDirectory.contactTypeId })
    .from(contactDirectory)
    .where(and(eq(contactDirectory.companyId, companyId), inArray(contactDirectory.id, [...new Set(ids)])));
  return new Set(rows.filter((r) => r.typeId !== typeId).map((r) => r.id));
}

/** 422 keyed `{key}.{i}` (or `key` alone) for each contact named that is not of the form's type. */
export async function assertContactType(
  db: Pick<Db, 'select'>,
  companyId: string,
  typeId: string | null,
  named: { key: string; index: number | null; contactId: string }[],
): Promise<void> {
  if (!typeId || named.length === 0) return;
  const others = await contactsOfOtherType(
    db,
    companyId,
    typeId,
    named.map((n) => n.contactId),
  );
  const details = named
    .filter((n) => others.has(n.contactId))
    .map((n) => ({
      key: n.index === null ? n.key : `${n.key}.${n.index}`,
      path: n.index === null ? [n.key] : [n.key, n.index],
      message: "This contact is not of the form's contact type",
    }));
  if (details.length > 0) throw validationError(details.slice(0, 50), details[0]!.message);
}
