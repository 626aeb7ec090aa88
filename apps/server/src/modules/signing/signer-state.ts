import { eq, sql } from 'drizzle-orm';
import type { TSignerBlock, TSignerGate } from '@esigns/contracts/signing';
import { AppError } from '../../platform/http/app-error';
import {
  type Reader,
  type Tx,
  FINISHED_STATUSES,
  type DocumentUserRow,
  type EmployeeRow,
} from '../documents';
import { signerStates } from './schema';
import type { SignerContext } from './signer-access';

export type SignerStateRow = typeof signerStates.$inferSelect;

/** Wrong codes (per code) and wrong representative passwords before a lock. */
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_PASSWORD_ATTEMPTS = 5;
export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_SECONDS = 30;
/** Codes mailed per recipient per hour: with 5 tries each, at most 25 guesses an hour. */
export const MAX_CODES_PER_HOUR = 5;
export const PASSWORD_LOCK_MINUTES = 15;

/** The state of a recipient with nothing done yet (no row stored). */
export function emptyState(recipient: DocumentUserRow): SignerStateRow {
  return {
    documentUserId: recipient.id,
    companyId: recipient.companyId,
    employeeDocumentId: recipient.employeeDocumentId,
    verificationMethod: null,
    verifiedAt: null,
    codeHash: null,
    codeExpiresAt: null,
    codeSentAt: null,
    codeAttempts: 0,
    codesSent: 0,
    codesWindowStart: null,
    representativeVerifiedAt: null,
    representativeAttempts: 0,
    representativeLockedUntil: null,
    termsAcceptedAt: null,
    finishedIp: null,
    finishedUserAgent: null,
    finishedHostedBy: null,
    updatedAt: new Date(0),
  };
}

export async function loadSignerState(
  db: Reader,
  recipient: DocumentUserRow,
  options: { forUpdate?: boolean } = {},
): Promise<SignerStateRow> {
  const query = db.select().from(signerStates).where(eq(signerStates.documentUserId, recipient.id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? emptyState(recipient);
}

/** Writes some columns of a recipient's state, creating the row on first use. */
export async function updateSignerState(
  tx: Pick<Tx, 'insert'>,
  recipient: DocumentUserRow,
  values: Partial<Omit<SignerStateRow, 'documentUserId' | 'companyId' | 'employeeDocumentId' | 'updatedAt'>>,
): Promise<void> {
  const now = new Date();
  await tx
    .insert(signerStates)
    .values({
      documentUserId: recipient.id,
      companyId: recipient.companyId,
      employeeDocumentId: recipient.employeeDocumentId,
      ...values,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: signerStates.documentUserId, set: { ...values, updatedAt: now } });
}

/** Adds one to a counter column atomically (wrong codes, wrong passwords), returning the new count. */
export async function incrementSignerCounter(
  tx: Pick<Tx, 'insert'>,
  recipient: DocumentUserRow,
  column: 'codeAttempts' | 'representativeAttempts',
): Promise<number> {
  const target = signerStates[column];
  const [row] = await tx
    .insert(signerStates)
    .values({
      documentUserId: recipient.id,
      companyId: recipient.companyId,
      employeeDocumentId: recipient.employeeDocumentId,
      [column]: 1,
    })
    .onConflictDoUpdate({
      target: signerStates.documentUserId,
      set: { [column]: sql`${target} + 1`, updatedAt: new Date() },
    })
    .returning({ count: target });
  return row?.count ?? 1;
}

/**
 * The gates a recipient must still pass before the document is shown: the mailed code when the
 * sender asked for email verification (a signed-in user with the recipient's email has proved
 * it already), and the authorized representative's password when one was set.
 */
export function signerGates(
  signer: Pick<SignerContext, 'recipient' | 'via'>,
  state: Pick<SignerStateRow, 'verifiedAt' | 'representativeVerifiedAt'>,
): TSignerGate[] {
  const gates: TSignerGate[] = [];
  if (signer.recipient.emailVerification && !state.verifiedAt && signer.via !== 'ACCOUNT')
    gates.push('EMAIL_CODE');
  if (signer.recipient.representativePasswordHash && !state.representativeVerifiedAt) {
    gates.push('REPRESENTATIVE_PASSWORD');
  }
  return gates;
}

/** Why a recipient cannot act on the document now, or null when they can. */
export function signerBlock(
  document: EmployeeRow,
  recipient: DocumentUserRow,
  now = new Date(),
): TSignerBlock | null {
  switch (document.status) {
    case 'COMPLETED':
    case 'DECLINED':
    case 'REJECTED':
    case 'VOIDED':
    case 'EXPIRED':
      return document.status;
    default:
      break;
  }
  // The expiry job may not have run yet: an overdue document is expired all the same.
  if (document.expiresAt && document.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (FINISHED_STATUSES.includes(recipient.status)) return 'ALREADY_FINISHED';
  // Not notified yet: an earlier signing-order group has not finished (CC: the copy comes at the end).
  if (recipient.status === 'PENDING') return 'WAITING_FOR_OTHERS';
  return null;
}

export const BLOCK_MESSAGES: Record<TSignerBlock, string> = {
  WAITING_FOR_OTHERS: 'It is not your turn yet: other recipients act on this document before you',
  ALREADY_FINISHED: 'You have already finished this document',
  COMPLETED: 'This document is already completed',
  DECLINED: 'This document was declined and can no longer be signed',
  REJECTED: 'This document was rejected and can no longer be signed',
  VOIDED: 'This document was voided by its sender',
  EXPIRED: 'This document has expired',
};

const GATE_MESSAGES: Record<TSignerGate, string> = {
  EMAIL_CODE: 'Verify your email with the code first',
  REPRESENTATIVE_PASSWORD: 'Enter the document password first',
};

/**
 * 409 (with `error_code` = the block) unless the recipient may act now; 403 (with `error_code`
 * = the gate) while a gate is closed. Returns the recipient's state.
 */
export async function assertCanAct(
  db: Reader,
  signer: SignerContext,
  now = new Date(),
): Promise<SignerStateRow> {
  const block = signerBlock(signer.document, signer.recipient, now);
  if (block) throw new AppError('CONFLICT', { message: BLOCK_MESSAGES[block], errorCode: block });
  const state = await loadSignerState(db, signer.recipient);
  const [gate] = signerGates(signer, state);
  if (gate) throw new AppError('FORBIDDEN', { message: GATE_MESSAGES[gate], errorCode: gate });
  return state;
}
