import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import { appendDocumentLog, type EmployeeRow } from '../documents';
import type { AccessContext } from '../permissions';
import { completedFileName } from './esign-record';
import { queueCompletedMails } from './notifications';
import { documentSeals } from './schema';
import type { SignerContext } from './signer-access';
import type { Client } from './signer-log';
import { loadSignerState, signerGates, BLOCK_MESSAGES, signerBlock } from './signer-state';

/** Lifetime of the link answered by `download-pdf-document`. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** `contact`: a contact of the contact area, through their own recipient (`recipientId`), by their login. */
export type Downloader =
  | { kind: 'staff'; access: AccessContext }
  | { kind: 'signer'; signer: SignerContext }
  | { kind: 'contact'; userId: string; recipientId: string };

type DownloadFile = { key: string; name: string; which: 'completed' | 'original' };

/** The file a download gives: the sealed PDF once completed, else the document as sent. */
async function fileOf(platform: Platform, document: EmployeeRow): Promise<DownloadFile> {
  if (document.status === 'COMPLETED') {
    const [seal] = await platform.database.db
      .select({ key: documentSeals.fileKey })
      .from(documentSeals)
      .where(and(eq(documentSeals.employeeDocumentId, document.id), eq(documentSeals.status, 'DONE')))
      .limit(1);
    if (seal?.key) return { key: seal.key, name: completedFileName(document.name), which: 'completed' };
  }
  const base = document.name.replace(/\.pdf$/i, '').trim() || 'document';
  return { key: document.file.file_ref_id, name: `${base}.pdf`, which: 'original' };
}

/**
 * A recipient downloads while the document is open to them (gates passed, not declined, voided
 * or expired): the original while in progress, the sealed copy once completed.
 */
async function assertSignerMayDownload(platform: Platform, signer: SignerContext): Promise<void> {
  const block = signerBlock(signer.document, signer.recipient);
  if (block && block !== 'ALREADY_FINISHED' && block !== 'COMPLETED') {
    throw new AppError('CONFLICT', { message: BLOCK_MESSAGES[block], errorCode: block });
  }
  const state = await loadSignerState(platform.database.db, signer.recipient);
  const [gate] = signerGates(signer, state);
  if (gate)
    throw new AppError('FORBIDDEN', { message: 'Verify yourself before downloading', errorCode: gate });
}

async function logDownload(
  platform: Platform,
  document: EmployeeRow,
  who: Downloader,
  client: Client,
  details: Record<string, unknown>,
): Promise<void> {
  await platform.database.db.transaction((tx) =>
    appendDocumentLog(tx, {
      companyId: document.companyId,
      employeeDocumentId: document.id,
      action: 'document.downloaded',
      documentUserId:
        who.kind === 'signer' ? who.signer.recipient.id : who.kind === 'contact' ? who.recipientId : null,
      actorUserId:
        who.kind === 'staff'
          ? who.access.userId
          : who.kind === 'contact'
            ? who.userId
            : who.signer.accountUserId,
      details: {
        by: who.kind === 'staff' ? 'sender' : 'recipient',
        ...(who.kind === 'contact' ? { via: 'contact-area' } : {}),
        ...details,
      },
      ip: client.ip,
      userAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
    }),
  );
}

/** `GET /documents/{id}/download-document`: the PDF's bytes as a stream, logged. */
export async function openDownload(
  platform: Platform,
  document: EmployeeRow,
  who: Downloader,
  client: Client,
): Promise<{ stream: Readable; name: string; size: number | null }> {
  if (who.kind === 'signer') await assertSignerMayDownload(platform, who.signer);
  const file = await fileOf(platform, document);
  const info = await platform.storage.head(file.key);
  if (!info) throw new AppError('NOT_FOUND', { message: 'The document file is missing' });
  await logDownload(platform, document, who, client, { file: file.which });
  return { stream: await platform.storage.getStream(file.key), name: file.name, size: info.size };
}

/** `POST /documents/{id}/download-pdf-document`: a 5-minute signed link to the PDF, logged. */
export async function downloadLink(
  platform: Platform,
  document: EmployeeRow,
  who: Downloader,
  client: Client,
): Promise<{ Location: string; expires_in: number; file: 'completed' | 'original' }> {
  if (who.kind === 'signer') await assertSignerMayDownload(platform, who.signer);
  const file = await fileOf(platform, document);
  const location = await platform.storage.createDownloadUrl(file.key, {
    expiresInSeconds: DOWNLOAD_LINK_SECONDS,
    fileName: file.name,
    disposition: 'attachment',
  });
  await logDownload(platform, document, who, client, { file: file.which, link: true });
  return { Location: location, expires_in: DOWNLOAD_LINK_SECONDS, file: file.which };
}

/**
 * `POST /document/completed/send-mail`: mails the completed copy again, to every recipient and
 * the sender, or to the `emails` given. 409 while the document is not completed.
 */
export async function resendCompletedCopy(
  platform: Platform,
  access: AccessContext,
  document: EmployeeRow,
  emails: string[] | undefined,
  client: Client,
): Promise<{ sent_to: number }> {
  if (document.status !== 'COMPLETED') {
    throw new AppError('CONFLICT', { message: 'The document is not completed yet' });
  }
  const [seal] = await platform.database.db
    .select()
    .from(documentSeals)
    .where(and(eq(documentSeals.employeeDocumentId, document.id), eq(documentSeals.status, 'DONE')))
    .limit(1);
  if (!seal?.fileKey) throw new AppError('CONFLICT', { message: 'The document is not completed yet' });
  const fileKey = seal.fileKey;
  const ids = await platform.database.db.transaction(async (tx) => {
    const sent = await queueCompletedMails(
      platform,
      tx,
      document,
      { fileKey, size: seal.size ?? 0 },
      emails && emails.length > 0 ? { only: emails } : {},
    );
    await appendDocumentLog(tx, {
      companyId: document.companyId,
      employeeDocumentId: document.id,
      action: 'document.completed_copy_sent',
      actorUserId: access.userId,
      details: { emails: emails ?? null, mails: sent.length },
      ip: client.ip,
      userAgent: client.userAgent ? client.userAgent.slice(0, 500) : null,
    });
    return sent;
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  return { sent_to: ids.length };
}
