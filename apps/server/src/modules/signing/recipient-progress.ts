import { and, eq, inArray } from 'drizzle-orm';
import type { Reader, Tx } from '../documents';
import { documentFieldValues, documentSeals, signerStates, type SealStatus } from './schema';

/*
 * What the action menu (document-actions) reads and clears of the signing side when a sent
 * document is corrected: the seal's state, and what recipients did so far.
 */

/** The document's seal status, or undefined while it has no seal (not everyone required is done). */
export async function sealStatusOf(db: Reader, documentId: string): Promise<SealStatus | undefined> {
  const [seal] = await db
    .select({ status: documentSeals.status })
    .from(documentSeals)
    .where(eq(documentSeals.employeeDocumentId, documentId));
  return seal?.status;
}

/**
 * Forgets what the recipients did (their signer state: code verified, consent...; the values
 * they typed): each is now another person (a correction gave the row a new email).
 */
export async function forgetRecipientProgress(tx: Tx, documentUserIds: readonly string[]): Promise<void> {
  if (documentUserIds.length === 0) return;
  const ids = [...documentUserIds];
  await tx.delete(signerStates).where(inArray(signerStates.documentUserId, ids));
  await tx.delete(documentFieldValues).where(inArray(documentFieldValues.documentUserId, ids));
}

/** Drops the stored values of the document's fields among `fieldKeys` (removed or changed fields). */
export async function dropFieldValues(
  tx: Tx,
  documentId: string,
  fieldKeys: readonly string[],
): Promise<void> {
  if (fieldKeys.length === 0) return;
  await tx
    .delete(documentFieldValues)
    .where(
      and(
        eq(documentFieldValues.employeeDocumentId, documentId),
        inArray(documentFieldValues.fieldKey, [...fieldKeys]),
      ),
    );
}
