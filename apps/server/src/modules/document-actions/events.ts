import type { Platform } from '../../platform/platform';
import { appendDocumentLog, type Tx } from '../documents';
import type { AccessContext } from '../permissions';
import type { Client } from './access';

/** Log row of a lifecycle action by a staff user (hash-chained, in the caller's transaction). */
export async function logAction(
  tx: Tx,
  access: AccessContext,
  client: Client,
  input: {
    documentId: string;
    action: string;
    documentUserId?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await appendDocumentLog(tx, {
    companyId: access.companyId,
    employeeDocumentId: input.documentId,
    action: input.action,
    documentUserId: input.documentUserId ?? null,
    actorUserId: access.userId,
    ip: client.ip,
    userAgent: client.userAgent ?? null,
    details: input.details ?? {},
  });
}

/**
 * Realtime `document.<action>` to the workspace room after commit, so open lists, detail screens
 * and dashboards refresh: `{ document_id, name, status, archived, by, ...extra }`.
 */
export function emitAction(
  platform: Platform,
  access: AccessContext,
  event: string,
  doc: { id: string; name: string; status: string; archivedAt: Date | null },
  extra: Record<string, unknown> = {},
): void {
  platform.realtime.emitToWorkspace(access.companyId, `document.${event}`, {
    document_id: doc.id,
    name: doc.name,
    status: doc.status,
    archived: doc.archivedAt !== null,
    by: access.userId,
    ...extra,
  });
}
