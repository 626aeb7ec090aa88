import { eq } from 'drizzle-orm';
import { appendDocumentLog } from '../documents/document-logs';
import { employeeDocuments } from '../documents/schema';
import type { Tx } from '../documents/lookups';
import type { SignerContext } from './signer-access';

/** Where a request came from, for the audit trail. */
export type Client = { ip: string | null; userAgent: string | null };

/** Appends a row about a recipient's action to the document's hash-chained log. */
export function logSignerEvent(
  tx: Tx,
  signer: SignerContext,
  client: Client,
  action: string,
  details: Record<string, unknown> = {},
): Promise<{ id: string; seq: number; hash: string }> {
  return appendDocumentLog(tx, {
    companyId: signer.companyId,
    employeeDocumentId: signer.document.id,
    action,
    documentUserId: signer.recipient.id,
    actorUserId: signer.accountUserId,
    details: { email: signer.recipient.email, via: signer.via, ...details },
    ip: client.ip,
    userAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
  });
}

/**
 * Locks the document row for the rest of the transaction. Every action on a document takes this
 * lock first (the log append takes it too), so actions queue up in one order and never deadlock.
 */
export async function lockDocument(tx: Tx, documentId: string): Promise<void> {
  await tx
    .select({ id: employeeDocuments.id })
    .from(employeeDocuments)
    .where(eq(employeeDocuments.id, documentId))
    .for('update');
}
