import { z } from 'zod';
import { DOCUMENT_STATUSES, ZDocumentSettings } from '@esigns/contracts/documents';
import { personOf, type Reader, type EmployeeRow } from '../documents';

const ZPerson = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** `GET /documents/{document_id}/document-settings`. */
export const ZDocumentSettingsView = z.object({
  document_id: z.string().uuid(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  archived_at: z.string().nullable(),
  settings: ZDocumentSettings,
  sent_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  owner: ZPerson,
  shared_with: z.array(z.string()),
});
export type TDocumentSettingsView = z.infer<typeof ZDocumentSettingsView>;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export async function presentSettings(db: Reader, doc: EmployeeRow): Promise<TDocumentSettingsView> {
  return {
    document_id: doc.id,
    name: doc.name,
    status: doc.status,
    archived_at: iso(doc.archivedAt),
    settings: doc.settings,
    sent_at: iso(doc.sentAt),
    expires_at: iso(doc.expiresAt),
    owner: await personOf(db, doc.senderId),
    shared_with: doc.sharedWith,
  };
}
