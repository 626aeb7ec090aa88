import type { Db } from '../../platform/db/database';

/*
 * What the modules above contacts keep about a contact type. Contacts come before menus (module
 * order, ARCHITECTURE.md), so this module cannot call them: each registers a hook here at start-up
 * (app.ts, before any route), and deleting a contact type runs every hook in its transaction.
 */

/** Removes what belongs to a deleted contact type; runs in the delete's transaction, after the row went. */
export type ContactTypeDeletionHook = (tx: Db, companyId: string, contactTypeId: string) => Promise<void>;

const deletionHooks = new Map<string, ContactTypeDeletionHook>();

/** Adds (or replaces, by name) a hook run when a contact type is deleted. */
export function registerContactTypeDeletionHook(name: string, hook: ContactTypeDeletionHook): void {
  deletionHooks.set(name, hook);
}

export async function runContactTypeDeletionHooks(
  tx: Db,
  companyId: string,
  contactTypeId: string,
): Promise<void> {
  for (const hook of deletionHooks.values()) await hook(tx, companyId, contactTypeId);
}

/**
 * A message a contact is sent with a link (a signing link, a reminder, a form link), handed to
 * the other channels a contact can be reached on (WhatsApp) beside its mail. `targetId` names the
 * occasion (the mail's id): one message per (purpose, target, contact) at most.
 */
export type ContactMessage = {
  companyId: string;
  contactId: string;
  purpose: 'SIGNING_LINK' | 'REMINDER' | 'FORM_LINK';
  targetId: string;
  /** The values a channel's template may use: recipient_name, document_name, form_name, link... */
  values: Record<string, string>;
};
/** Runs in the mail's transaction: what it writes (a message, its job) exists only with the mail. */
export type ContactMessageChannel = (tx: Db, message: ContactMessage) => Promise<void>;

const messageChannels = new Map<string, ContactMessageChannel>();

/** Adds (or replaces, by name) a channel that hears every link message to a contact. */
export function registerContactMessageChannel(name: string, channel: ContactMessageChannel): void {
  messageChannels.set(name, channel);
}

/**
 * Called by the modules that mail a contact a link, in the mail's transaction (documents' signing
 * mail, reminders, form links). Nothing happens without a contact or a registered channel.
 */
export async function messageContact(
  tx: Db,
  message: Omit<ContactMessage, 'contactId'> & { contactId: string | null },
): Promise<void> {
  const { contactId } = message;
  if (!contactId) return;
  for (const channel of messageChannels.values()) await channel(tx, { ...message, contactId });
}
