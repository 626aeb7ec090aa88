import type { TVerificationMethod } from '@esigns/contracts/signing';
import { appendDocumentLog, personOf, type Reader, type Tx, lockEmployeeDocument } from '../documents';
import type { SignerContext } from './signer-access';

/** Where a request came from, for the audit trail. */
export type Client = { ip: string | null; userAgent: string | null };

/** The verification method of opening the document the way the signer came: link, hosted link or account. */
export function accessMethod(signer: Pick<SignerContext, 'via'>): TVerificationMethod {
  return signer.via === 'ACCOUNT' ? 'ACCOUNT' : signer.via === 'HOSTED' ? 'IN_PERSON' : 'LINK';
}

/** The staff user hosting an in-person signing, as `Name <email>` (null unless the signer came by a hosted link). */
export async function hostOf(
  db: Reader,
  signer: Pick<SignerContext, 'via' | 'recipient'>,
): Promise<{ userId: string; label: string } | null> {
  const userId = signer.recipient.hostedByUserId;
  if (signer.via !== 'HOSTED' || !userId) return null;
  const person = await personOf(db, userId);
  const label = person.email ? `${person.name || person.email} <${person.email}>` : 'a former user';
  return { userId, label };
}

/**
 * Appends a row about a recipient's action to the document's hash-chained log. `details.via` says
 * how they came (`SECRET`, `HOSTED`, `ACCOUNT`: it marks the row as the recipient's own act); a
 * row done through a sender-hosted link also names the host (`hosted_by`, `hosted_by_user_id`).
 */
export async function logSignerEvent(
  tx: Tx,
  signer: SignerContext,
  client: Client,
  action: string,
  details: Record<string, unknown> = {},
): Promise<{ id: string; seq: number; hash: string }> {
  const host = await hostOf(tx, signer);
  return appendDocumentLog(tx, {
    companyId: signer.companyId,
    employeeDocumentId: signer.document.id,
    action,
    documentUserId: signer.recipient.id,
    actorUserId: signer.accountUserId,
    details: {
      email: signer.recipient.email,
      via: signer.via,
      ...(host ? { hosted_by: host.label, hosted_by_user_id: host.userId } : {}),
      ...details,
    },
    ip: client.ip,
    userAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
  });
}

/**
 * Locks the document row for the rest of the transaction. Every action on a document takes this
 * lock first (the log append takes it too), so actions queue up in one order and never deadlock.
 */
export async function lockDocument(tx: Tx, documentId: string): Promise<void> {
  await lockEmployeeDocument(tx, documentId);
}
