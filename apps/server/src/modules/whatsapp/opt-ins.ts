import { and, eq } from 'drizzle-orm';
import type { TWhatsappOptIn, TWhatsappOptInWrite } from '@esigns/contracts/whatsapp';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { findContactsByIds } from '../contacts';
import { whatsappOptIns } from './schema';

/**
 * A phone number as the Cloud API takes it (`to`): digits only with the country code, 8 to 15 of
 * them (E.164). Spaces, dashes, dots, brackets and a leading `+` or `00` are dropped; anything else
 * (letters, an extension) makes it unusable: null.
 */
export function whatsappNumber(phone: string): string | null {
  let p = phone.trim().replace(/[\s().-]/g, '');
  if (p.startsWith('+')) p = p.slice(1);
  else if (p.startsWith('00')) p = p.slice(2);
  return /^[1-9]\d{7,14}$/.test(p) ? p : null;
}

type Contact = Awaited<ReturnType<typeof findContactsByIds>>[number];

async function contactOf(db: Pick<Db, 'select'>, companyId: string, contactId: string): Promise<Contact> {
  const [contact] = await findContactsByIds(db, companyId, [contactId]);
  if (!contact) throw notFound('Contact');
  return contact;
}

function view(contact: Contact, row: typeof whatsappOptIns.$inferSelect | undefined): TWhatsappOptIn {
  return {
    contact_id: contact.id,
    opted_in: row?.optedIn ?? false,
    source: row?.source ?? '',
    recorded_at: row ? row.recordedAt.toISOString() : null,
    recorded_by: row?.recordedBy ?? null,
    phone: contact.phone,
    phone_usable: whatsappNumber(contact.phone) !== null,
  };
}

export async function readOptIn(
  db: Pick<Db, 'select'>,
  companyId: string,
  contactId: string,
): Promise<TWhatsappOptIn> {
  const contact = await contactOf(db, companyId, contactId);
  const [row] = await db
    .select()
    .from(whatsappOptIns)
    .where(and(eq(whatsappOptIns.companyId, companyId), eq(whatsappOptIns.contactId, contact.id)));
  return view(contact, row);
}

/** Records the contact's consent (or its withdrawal) now, with where it came from and who recorded it. */
export async function recordOptIn(
  db: Db,
  companyId: string,
  contactId: string,
  input: TWhatsappOptInWrite,
  userId: string,
): Promise<TWhatsappOptIn> {
  const contact = await contactOf(db, companyId, contactId);
  const values = {
    contactId: contact.id,
    companyId,
    optedIn: input.opted_in,
    source: input.source,
    recordedAt: new Date(),
    recordedBy: userId,
  };
  const [row] = await db
    .insert(whatsappOptIns)
    .values(values)
    .onConflictDoUpdate({ target: whatsappOptIns.contactId, set: values })
    .returning();
  return view(contact, row);
}

/** Whether the contact said yes (and has not withdrawn it). */
export async function isOptedIn(
  db: Pick<Db, 'select'>,
  companyId: string,
  contactId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ optedIn: whatsappOptIns.optedIn })
    .from(whatsappOptIns)
    .where(and(eq(whatsappOptIns.companyId, companyId), eq(whatsappOptIns.contactId, contactId)));
  return row?.optedIn === true;
}
