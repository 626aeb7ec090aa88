import { and, eq } from 'drizzle-orm';
import type { TFileInfo } from '@esigns/contracts/files';
import { MAX_SIGNATURE_DATA_URL, type TESignRecord, type TSignerField } from '@esigns/contracts/signing';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { pictureKeysOf } from '../auth';
import {
  type Reader,
  type EmployeeRow,
  notifyDocumentSender,
  publishDocumentEvent,
  lockEmployeeDocument,
  recipientOf,
  recordRecipientProgress,
} from '../documents';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import { warmFirstPageImage } from './page-image';
import { advanceDocument } from './progress';
import { wakeSealWorker } from './seal-queue';
import { documentSeals } from './schema';
import type { SignerContext } from './signer-access';
import { logSignerEvent, type Client } from './signer-log';
import { type FieldInputs, readFieldInputs, readRecordInputs, type RecordInputs } from './record-reads';
import { signerBlock, signerGates } from './signer-state';
import { verificationErrors } from './verification-service';

/** Lifetime of the document's view link in the record. */
const FILE_URL_SECONDS = 60 * 60;

/**
 * `GET /e-signs/{id}`: what the recipient sees. The file and the fields are withheld while a
 * gate is closed or while it is not their turn (and once the document was declined, rejected,
 * voided or expired); a completed document shows its sealed file. The first time the document
 * is actually shown to a notified recipient (SENT), they become VIEWED and it is logged once.
 */
export async function readESignRecord(
  platform: Platform,
  signer: SignerContext,
  client: Client,
  options: { observed?: boolean } = {},
): Promise<TESignRecord> {
  const db = platform.database.db;
  const block = signerBlock(signer.document, signer.recipient);
  const mayShow = block === null || block === 'ALREADY_FINISHED' || block === 'COMPLETED';
  // One statement (record-reads.ts). Without a gate that could still be closed, whether the
  // document is shown is known already: its fields' values come in the same statement.
  const early =
    mayShow && signer.document.status !== 'COMPLETED' && signerGates(signer, NOTHING_VERIFIED).length === 0;
  const inputs = await readRecordInputs(db, signer, { withFields: early });
  const { state } = inputs;
  const gates = signerGates(signer, state);
  const shown = gates.length === 0 && mayShow;
  let recipient = signer.recipient;
  // `observed: false`: the page the server draws from the link (landing-page.ts) does not count as
  // a view; a mail scanner fetching the link would. The app's own call, from a browser, does.
  if (shown && block === null && recipient.status === 'SENT' && options.observed !== false) {
    const viewed = await markViewed(platform, signer, client);
    if (viewed) recipient = viewed;
  }
  // The signing view shows the server's image of page 1 first: drawn now if it is not yet.
  if (shown && block === null) warmFirstPageImage(platform, signer.document);
  const content = shown ? await loadContent(db, signer, inputs.fields) : null;
  const record = await buildRecord(
    platform,
    { ...signer, recipient },
    { content, withSavedSignature: signer.via === 'ACCOUNT', inputs },
  );
  return {
    ...record,
    verified: gates.length === 0,
    gates,
    verification_errors: verificationErrors(signer, state),
    blocked: block,
    terms_accepted: state.termsAcceptedAt !== null,
  };
}

/** No gate passed yet: the gates a recipient can have at all. */
const NOTHING_VERIFIED = { verifiedAt: null, representativeVerifiedAt: null };

/**
 * `GET /documents/{id}/preview/{user_id}` for the sender: the document as that recipient sees
 * it once their gates are open (nothing is logged, no status changes).
 */
export async function previewAsRecipient(
  platform: Platform,
  document: EmployeeRow,
  recipientId: string,
): Promise<TESignRecord | null> {
  const db = platform.database.db;
  const recipient = await recipientOf(db, document.id, recipientId);
  if (!recipient) return null;
  const signer: SignerContext = {
    companyId: document.companyId,
    document,
    recipient,
    via: 'SECRET',
    accountUserId: null,
  };
  const inputs = await readRecordInputs(db, signer, { withFields: document.status !== 'COMPLETED' });
  const { state } = inputs;
  const gates = signerGates(signer, state);
  const content = await loadContent(db, signer, inputs.fields);
  const record = await buildRecord(platform, signer, { content, withSavedSignature: false, inputs });
  return {
    ...record,
    verified: gates.length === 0,
    gates,
    verification_errors: [],
    blocked: signerBlock(document, recipient),
    terms_accepted: state.termsAcceptedAt !== null,
  };
}

async function markViewed(platform: Platform, signer: SignerContext, client: Client) {
  const now = new Date();
  const outcome = await platform.database.db.transaction(async (tx) => {
    // The document row first, as every action on it does (one lock order, no deadlock).
    const document = await lockEmployeeDocument(tx, signer.document.id);
    const row = await recordRecipientProgress(
      tx,
      signer.recipient.id,
      { status: 'VIEWED', viewedAt: now },
      'SENT',
    );
    if (!row || !document) return null;
    await logSignerEvent(tx, signer, client, 'recipient.viewed');
    await notifyDocumentSender(platform, tx, document, { event: 'document.viewed', who: row });
    await publishDocumentEvent(platform, tx, document, { type: 'document.viewed', who: row });
    // A viewer's part is to view: it may complete a document sent to viewers only, or let the next
    // signing-order group in.
    const progress =
      row.userType === 'VIEWER' && document.status === 'WAITING'
        ? await advanceDocument(platform, tx, document)
        : null;
    return { row, progress };
  });
  if (outcome) {
    if (outcome.progress?.sealQueued) wakeSealWorker(platform);
    if (outcome.progress?.notified.length) platform.jobs.wake(MAIL_SEND_JOB);
    platform.realtime.emitToWorkspace(signer.companyId, 'document.recipient_viewed', {
      document_id: signer.document.id,
      document_user_id: signer.recipient.id,
    });
  }
  return outcome?.row;
}

type RecordBase = Omit<
  TESignRecord,
  'verified' | 'gates' | 'verification_errors' | 'blocked' | 'terms_accepted'
>;

/**
 * What a shown record holds beyond the document's row: the sealed file of a completed document
 * (null while it is being sealed), else every field with `mine` and its value.
 */
type RecordContent = { sealed: TFileInfo | null; fields: TSignerField[] };

/** `fields`: the fields' inputs when they were read already. */
async function loadContent(
  db: Pick<Db, 'select' | 'execute'>,
  signer: SignerContext,
  fields: FieldInputs | null,
): Promise<RecordContent> {
  const { document } = signer;
  const sealed = document.status === 'COMPLETED' ? await sealedFileInfo(db, document) : null;
  if (sealed) return { sealed, fields: [] };
  return { sealed: null, fields: signerFields(signer, fields ?? (await readFieldInputs(db, document.id))) };
}

/** `content`: what is shown (null: the file and the fields are withheld). */
async function buildRecord(
  platform: Platform,
  signer: SignerContext,
  options: {
    content: RecordContent | null;
    withSavedSignature: boolean;
    inputs: RecordInputs;
  },
): Promise<RecordBase> {
  const { document, recipient } = signer;
  const { content } = options;
  const { sender, dates } = options.inputs;
  let file: TFileInfo | null = null;
  let pages = document.pages;
  if (content?.sealed) {
    const sealed = content.sealed;
    file = {
      ...sealed,
      url: await platform.storage.createDownloadUrl(sealed.file_ref_id, urlOptions(sealed.name)),
    };
    pages = sealed.pages;
  } else if (content) {
    const { url: _stale, ...original } = document.file;
    file = {
      ...original,
      url: await platform.storage.createDownloadUrl(original.file_ref_id, urlOptions(original.name)),
    };
  }
  return {
    document: {
      _id: document.id,
      name: document.name,
      status: document.status,
      sender: { name: sender.name, email: sender.email, company_name: sender.companyName },
      expires_at: document.expiresAt ? document.expiresAt.toISOString() : null,
      settings: {
        terms_and_conditions: document.settings.terms_and_conditions,
        email_message: document.settings.email_message,
      },
    },
    recipient: {
      _id: recipient.id,
      email: recipient.email,
      first_name: recipient.firstName,
      last_name: recipient.lastName,
      user_type: recipient.userType,
      status: recipient.status,
      color: recipient.color,
    },
    file,
    pages,
    fields: content?.fields ?? [],
    company_dates: dates,
    saved_signature:
      options.withSavedSignature && signer.accountUserId
        ? await savedSignature(platform, signer.accountUserId)
        : null,
  };
}

const urlOptions = (name: string) => ({
  expiresInSeconds: FILE_URL_SECONDS,
  fileName: name,
  disposition: 'inline' as const,
});

/**
 * Every field with `mine` and its value: the recipient's own values, and the values of others
 * who have finished (what is on the document by now). Others' unfinished work stays hidden.
 */
function signerFields(signer: SignerContext, inputs: FieldInputs): TSignerField[] {
  return signer.document.fields.map((field) => {
    const stored = inputs.values.get(field.key);
    const mine = field.recipient_key === signer.recipient.key;
    const visible = stored && (mine || inputs.finished.has(stored.documentUserId));
    return { ...field, mine, value: visible ? stored.value : null };
  });
}

/** The sealed file of a completed document as a `TFileInfo` (null while it is being sealed). */
export async function sealedFileInfo(db: Reader, document: EmployeeRow): Promise<TFileInfo | null> {
  const [seal] = await db
    .select()
    .from(documentSeals)
    .where(and(eq(documentSeals.employeeDocumentId, document.id), eq(documentSeals.status, 'DONE')))
    .limit(1);
  if (!seal?.fileKey || !seal.sha256) return null;
  return {
    file_ref_id: seal.fileKey,
    name: completedFileName(document.name),
    original_name: document.file.original_name,
    mime_type: 'application/pdf',
    size: seal.size ?? 0,
    page_count: seal.pageCount ?? document.pages.length,
    pages: seal.pages ?? document.pages,
    sha256: seal.sha256,
  };
}

/** `Contract.pdf` -> `Contract (completed).pdf`. */
export function completedFileName(documentName: string): string {
  const base = documentName.replace(/\.pdf$/i, '').trim() || 'document';
  return `${base} (completed).pdf`;
}

/** The signed-in user's saved signature and initials as data URLs, offered for adoption. */
async function savedSignature(
  platform: Platform,
  userId: string,
): Promise<{ signature: string | null; initial: string | null }> {
  const row = await pictureKeysOf(platform.database.db, userId);
  const read = async (key: string | null | undefined): Promise<string | null> => {
    if (!key) return null;
    try {
      const bytes = await platform.storage.get(key);
      const type = bytes[0] === 0x89 ? 'image/png' : bytes[0] === 0xff ? 'image/jpeg' : null;
      const url = type ? `data:${type};base64,${bytes.toString('base64')}` : null;
      // Too large to be given back as a field value: not offered.
      return url && url.length <= MAX_SIGNATURE_DATA_URL ? url : null;
    } catch (err) {
      // Offering a saved signature is optional: the record still answers, the failure is logged.
      platform.log.warn({ err, userId, key }, 'saved signature could not be read');
      return null;
    }
  };
  return { signature: await read(row?.signature), initial: await read(row?.initial) };
}
