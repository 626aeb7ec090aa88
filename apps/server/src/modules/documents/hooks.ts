import type { TExpiryDocumentSettings } from '@esigns/contracts/reminders';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';

/*
 * What the documents module needs of modules after it (module order, ARCHITECTURE.md): it cannot
 * import them, so each registers here at start-up (app.ts, before any route runs).
 */

/** The expiry and reminder settings a member's new documents start with (the reminders module's rule). */
export type NewDocumentSettings = (
  platform: Platform,
  access: Pick<AccessContext, 'userId' | 'companyId'>,
) => Promise<TExpiryDocumentSettings>;

let newDocumentSettings: NewDocumentSettings | null = null;

/** The reminders module's defaults of new documents (`defaultDocumentSettings`). */
export function registerNewDocumentSettings(read: NewDocumentSettings): void {
  newDocumentSettings = read;
}

export function expirySettingsOfNewDocument(...args: Parameters<NewDocumentSettings>) {
  if (!newDocumentSettings) {
    throw new Error('No module registered the settings of new documents with documents (app.ts)');
  }
  return newDocumentSettings(...args);
}
