import type { TDocumentLogEntry, TDocumentLogsReply } from '@esigns/contracts/signing';
import {
  type Reader,
  peopleByIds,
  isRecipientAct,
  verifyDocumentLog,
  documentLogsOf,
  recipientsOf,
} from '../documents';

/**
 * `GET /documents/{document_id}/users/logs`: the document's audit trail, oldest first, with who
 * acted (the recipient for their own acts, `isRecipientAct`; else the staff user; else null for
 * the system), the recipient the row is about, and a fresh check of the hash chain (`chain_ok`,
 * `broken_at`).
 */
export async function readDocumentLogs(db: Reader, employeeDocumentId: string): Promise<TDocumentLogsReply> {
  const rows = await documentLogsOf(db, employeeDocumentId);
  const recipients = await recipientsOf(db, employeeDocumentId);
  const recipientName = new Map(
    recipients.map((r) => [r.id, `${`${r.firstName} ${r.lastName}`.trim() || r.email} <${r.email}>`]),
  );
  const people = await peopleByIds(
    db,
    rows.map((r) => r.actorUserId).filter((id): id is string => id !== null),
  );
  const logs: TDocumentLogEntry[] = rows.map((row) => {
    const person = row.actorUserId ? people.get(row.actorUserId) : undefined;
    const recipient = row.documentUserId ? (recipientName.get(row.documentUserId) ?? null) : null;
    // A row about a recipient that someone else did (the sender notifying them, a reminder) is
    // shown under that someone: its IP is theirs, never the recipient's.
    const actor =
      (isRecipientAct(row) ? recipient : null) ??
      (person ? `${person.name || person.email} <${person.email}>` : null);
    return {
      _id: row.id,
      seq: row.seq,
      action: row.action,
      actor,
      recipient,
      document_user_id: row.documentUserId,
      details: row.details,
      ip: row.ip,
      user_agent: row.userAgent,
      created_at: row.createdAt.toISOString(),
      hash: row.hash,
      prev_hash: row.prevHash,
    };
  });
  const chain = await verifyDocumentLog(db, employeeDocumentId);
  return { logs, chain_ok: chain.ok, broken_at: chain.brokenAt };
}
