import type { TMailAttachment } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import {
  type Tx,
  personOf,
  signingLink,
  loadSenderInfo,
  type DocumentUserRow,
  type EmployeeRow,
  recipientsOf,
  issueRecipientSecret,
} from '../documents';
import { recipientDateStyle } from '../settings';
import { completedFileName } from './esign-record';
import { completedMail, noLongerNeededMail, refusedMail } from './mails';
import type { SignerContext } from './signer-access';

/** Completed files up to this size travel as attachments too. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Lifetime of the download link in a completion mail (the storage maximum). */
export const COMPLETED_LINK_SECONDS = 7 * 24 * 60 * 60;

/** The sender's page of a sent document in the web app. */
export const senderDocumentLink = (publicUrl: string, documentId: string): string =>
  `${publicUrl}/emp-documents/custom/${documentId}`;

/**
 * A recipient who never had a link (CC: never due before completion) gets one now, so that their
 * completed copy stays reachable after the 7-day download link expires. Others keep their
 * signing link (their secret is not known here, only its hash), so: null.
 */
async function lastingLink(
  platform: Platform,
  tx: Tx,
  recipient: DocumentUserRow | null,
): Promise<string | null> {
  if (!recipient || recipient.secretHash !== null) return null;
  const secret = await issueRecipientSecret(platform, tx, recipient.id);
  return signingLink(platform.config.publicUrl, recipient.employeeDocumentId, recipient.id, secret);
}

/** Mails of a decline or reject: the sender with the reason, the other pending recipients told. */
export async function queueRefusalMails(
  platform: Platform,
  tx: Tx,
  signer: SignerContext,
  others: DocumentUserRow[],
  input: { notes: string; kind: 'declined' | 'rejected' },
): Promise<void> {
  const sender = await loadSenderInfo(tx, signer.companyId, signer.document.senderId);
  const who = `${signer.recipient.firstName} ${signer.recipient.lastName}`.trim() || signer.recipient.email;
  const senderFirstName = sender.name.split(' ')[0] ?? '';
  await platform.mail.queue(
    refusedMail({
      to: sender.email,
      senderFirstName,
      documentName: signer.document.name,
      who,
      whoEmail: signer.recipient.email,
      kind: input.kind,
      notes: input.notes,
      link: senderDocumentLink(platform.config.publicUrl, signer.document.id),
      branding: sender.branding,
    }),
    { tx, companyId: signer.companyId },
  );
  for (const other of others) {
    if (other.id === signer.recipient.id) continue;
    await platform.mail.queue(
      noLongerNeededMail({
        to: other.email,
        firstName: other.firstName,
        documentName: signer.document.name,
        senderName: sender.name,
        reason: input.kind,
        branding: sender.branding,
      }),
      { tx, companyId: signer.companyId },
    );
  }
}

/**
 * The completed document's mails (DOMAIN-ESIGN "Completion"): the sender gets a link to the
 * document's page, every recipient (CC included) a 7-day download link; the PDF is attached
 * when under 10 MB. `only` limits them to some addresses (resending the copy): addresses that
 * are neither the sender nor a recipient get the download link. Returns the mail ids.
 */
export async function queueCompletedMails(
  platform: Platform,
  tx: Tx,
  document: EmployeeRow,
  sealed: { fileKey: string; size: number },
  options: { only?: string[] } = {},
): Promise<string[]> {
  const sender = await loadSenderInfo(tx, document.companyId, document.senderId);
  const senderPerson = await personOf(tx, document.senderId);
  const recipients = await recipientsOf(tx, document.id);
  const fileName = completedFileName(document.name);
  const attachment: TMailAttachment | null =
    sealed.size < MAX_ATTACHMENT_BYTES
      ? { filename: fileName, storageKey: sealed.fileKey, contentType: 'application/pdf' }
      : null;
  const download = await platform.storage.createDownloadUrl(sealed.fileKey, {
    expiresInSeconds: COMPLETED_LINK_SECONDS,
    fileName,
    disposition: 'attachment',
  });
  type Person = { firstName: string; isSender: boolean; recipient: DocumentUserRow | null };
  const people = new Map<string, Person>();
  const senderEmail = senderPerson.email.toLowerCase();
  if (senderEmail) {
    people.set(senderEmail, { firstName: sender.name.split(' ')[0] ?? '', isSender: true, recipient: null });
  }
  for (const r of recipients) {
    if (!people.has(r.email)) people.set(r.email, { firstName: r.firstName, isSender: false, recipient: r });
  }
  if (options.only) {
    const wanted = new Set(options.only.map((e) => e.trim().toLowerCase()));
    for (const email of [...people.keys()]) if (!wanted.has(email)) people.delete(email);
    for (const email of wanted) {
      if (!people.has(email)) people.set(email, { firstName: '', isSender: false, recipient: null });
    }
  }
  const ids: string[] = [];
  for (const [email, person] of people) {
    const lasting = await lastingLink(platform, tx, person.recipient);
    const mail = await platform.mail.queue(
      completedMail({
        to: email,
        firstName: person.firstName,
        documentName: document.name,
        completedAt: document.completedAt,
        dates: await recipientDateStyle(
          tx,
          document.companyId,
          person.isSender ? document.senderId : (person.recipient?.userId ?? null),
        ),
        attachment,
        branding: sender.branding,
        ...(person.isSender
          ? {
              link: senderDocumentLink(platform.config.publicUrl, document.id),
              linkLabel: 'Open the document',
              linkNote: 'Download it, its audit trail and certificate any time from the document page.',
            }
          : lasting
            ? {
                link: lasting,
                linkLabel: 'Open the document',
                linkNote: 'This link opens the completed document for you, to read or download, any time.',
              }
            : {
                link: download,
                linkLabel: 'Download the PDF',
                linkNote: person.recipient
                  ? 'The download link works for 7 days; your signing link also opens the completed document.'
                  : 'The download link works for 7 days.',
              }),
      }),
      { tx, companyId: document.companyId },
    );
    ids.push(mail.id);
  }
  return ids;
}
