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
