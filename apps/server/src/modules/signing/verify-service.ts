import { and, eq } from 'drizzle-orm';
import type { TVerifyDocumentResult } from '@esigns/contracts/signing';
import type { Platform } from '../../platform/platform';
import { signingKeyStoreFor } from '../../platform/pdf/signing-key-store';
import { verifyPdf } from '../../platform/pdf/verify-pdf';
import { isRecipientAct, documentLogsOf, employeeDocumentOf, recipientsOf } from '../documents';
import { documentSeals, documentSealVersions } from './schema';
import { companyCertificateFingerprints } from './seal-certificates';

/** Actions shown on the public verification page's timeline (the rest is internal detail). */
const PUBLIC_ACTIONS = new Set([
  'document.sent',
  'recipient.notified',
  'recipient.viewed',
  'recipient.code_verified',
  'recipient.password_verified',
  'recipient.signed',
  'recipient.signed_in_person',
  'recipient.approved',
  'recipient.approved_in_person',
  'document.completed',
  'document.archive_timestamp_renewed',
]);

/**
 * `POST /verify-document` (public): is this PDF an authentic completed document of this
 * instance? The signature is checked (`signed`, `intact`: no byte changed since; `ours`: sealed
 * with this instance's certificate) and the file's SHA-256 looked up among completed documents
 * (`known`). Only for a known file, which the uploader therefore already holds, the answer adds
 * its name, recipients (name, email, status, time) and a timeline of the main events (no IP
 * addresses, user agents or anything else from the audit trail).
 */
export async function verifyUploadedDocument(
  platform: Platform,
  bytes: Buffer,
): Promise<TVerifyDocumentResult> {
  const db = platform.database.db;
  const keys = signingKeyStoreFor(db, platform.config);
  // Ours: sealed with the instance's identity or with a company's own certificate (retired ones too).
  const check = verifyPdf(bytes, {
    ourFingerprints: [...(await keys.ourFingerprints()), ...(await companyCertificateFingerprints(platform))],
  });
  const seal = await sealedDocumentOfFile(platform, check.sha256);
  const base = {
    signed: check.signed,
    intact: check.intact,
    ours: check.ours,
    sha256: check.sha256,
    signed_at: check.signed_at,
    level: check.level,
    timestamped_at: check.timestamped_at,
    chain: check.chain,
    chain_status: check.chain_status,
    timestamps: check.timestamps.map((t) => ({
      kind: t.kind,
      valid: t.valid,
      time: t.time,
      authority: t.authority,
      authority_expires_at: t.authority_expires_at,
    })),
  };
  if (!seal) return { ...base, known: false, document: null };
  const document = await employeeDocumentOf(db, seal.documentId);
  if (!document) return { ...base, known: false, document: null };
  const recipients = await recipientsOf(db, seal.documentId);
  const names = new Map(recipients.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim() || r.email]));
  const logs = (await documentLogsOf(db, seal.documentId)).map((l) => ({
    action: l.action,
    at: l.createdAt,
    documentUserId: l.documentUserId,
    details: l.details,
  }));
  return {
    ...base,
    known: true,
    document: {
      name: document.name,
      completed_at: document.completedAt ? document.completedAt.toISOString() : null,
      recipients: recipients.map((r) => ({
        name: names.get(r.id) ?? r.email,
        email: r.email,
        status: r.status,
        finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
      })),
      timeline: logs
        .filter((l) => PUBLIC_ACTIONS.has(l.action))
        .map((l) => ({
          action: l.action,
          at: l.at.toISOString(),
          // Only the recipient's own acts carry their name (the sender notifying them is not theirs).
          actor: isRecipientAct(l) ? (names.get(l.documentUserId!) ?? null) : null,
        })),
    },
  };
}

/**
 * The completed document whose sealed file has this SHA-256: its current file, or an earlier one
 * replaced by an archival renewal (a copy handed out before the renewal is still this document).
 */
async function sealedDocumentOfFile(
  platform: Platform,
  sha256: string,
): Promise<{ documentId: string } | undefined> {
  const db = platform.database.db;
  const [current] = await db
    .select({ documentId: documentSeals.employeeDocumentId })
    .from(documentSeals)
    .where(and(eq(documentSeals.sha256, sha256), eq(documentSeals.status, 'DONE')))
    .limit(1);
  if (current) return current;
  const [earlier] = await db
    .select({ documentId: documentSealVersions.employeeDocumentId })
    .from(documentSealVersions)
    .innerJoin(documentSeals, eq(documentSeals.employeeDocumentId, documentSealVersions.employeeDocumentId))
    .where(and(eq(documentSealVersions.sha256, sha256), eq(documentSeals.status, 'DONE')))
    .limit(1);
  return earlier;
}
