import { registerNewDocumentSettings } from '../documents';
import { memberExpirySettings } from './settings-service';

/** Plugs the reminders module into the modules before it; app.ts calls it at start-up. */
export function registerReminderHooks(): void {
  // New documents start with their creator's expiry and reminder settings (documents,
  // `defaultDocumentSettings`): the member's own over the company defaults.
  registerNewDocumentSettings(
    async (platform, access) =>
      (await memberExpirySettings(platform, access.companyId, access.userId)).document_settings,
  );
}
