import { and, eq } from 'drizzle-orm';
import {
  layoutProblems,
  type TDocumentSettings,
  type TEmployeeDocument,
  type TField,
  type TRecipient,
} from '@esigns/contracts/documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFileInfo, TPageSize } from '@esigns/contracts/files';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import { findContactsByIds } from '../contacts';
import { copyPdf, pdfCopier } from './document-files';
import { type Reader } from './lookups';
import { presentEmployeeDocument } from './present-employee';
import { employeeDocuments } from './schema';
import { storeSends } from './send-store';
import { loadSenderInfo, type SenderInfo } from './sender-info';
import { tellSentDocuments } from './hooks';
import type { EmployeeRow } from './serializers';

/** What is sent: a layout on a PDF (from a one-off document or a template filled in). */
export type SendSource = {
  name: string;
  file: TFileInfo;
  pages: TPageSize[];
  fields: TField[];
  /** Representative passwords, when present, are already hashed. */
  recipients: TRecipient[];
  settings: TDocumentSettings;
  configurableDocumentId: string | null;
  companyDocumentId: string | null;
};

export type SendActor = {
  companyId: string;
  userId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
};

export type SendRequest = {
  source: SendSource;
  /** The one-off's DRAFT to turn into the sent document, or a new document (templates). */
  target: { employeeDocumentId: string } | 'new';
  sendKey?: string | undefined;
  /** Maps a problem's `document_users.{i}` to the index the client knows (send-template). */
  recipientKeyPath?: (index: number) => (string | number)[];
  /** Cached sender, company and branding (bulk send reuses them across rows). */
  sender?: SenderInfo;
  /**
   * Keys of recipients whose link is handed to the caller instead of mailed (a form's filler signs
   * in the app): when due they get their secret in `notified`, logged `recipient.link_issued`,
   * with no mail and no in-app notice.
   */
  handOverKeys?: readonly string[];
};

export type SendResult = {
  employeeDocumentId: string;
  replayed: boolean;
  /** The recipients mailed by this call with their link secrets (in-process only: never logged or stored). */
  notified: NotifiedRecipient[];
};

export type NotifiedRecipient = { documentUserId: string; key: string; secret: string };

/** A checked send, ready to store: its recipients with contacts resolved, its own PDF copy. */
export type PreparedSend = { request: SendRequest; recipients: TRecipient[]; file: TFileInfo };

/**
 * Sends a document (issue 4 "Send"): checks the layout for sending (422 with dotted keys), then
 * in ONE transaction stores the sent document with its own copy of the PDF, its recipients with
 * their link-secret hashes, marks the due recipients SENT and queues their mails, and writes the
 * hash-chained log; after commit it wakes the mail workers and emits `document.sent` to the
 * company room. A repeated `send_key` answers the first send's document without sending again.
 */
export async function sendDocument(
  platform: Platform,
  actor: SendActor,
  request: SendRequest,
): Promise<SendResult> {
  const db = platform.database.db;
  const replay = request.sendKey ? await findBySendKey(db, actor.companyId, request.sendKey) : undefined;
  if (replay) return { employeeDocumentId: replay.id, replayed: true, notified: [] };
  const prepared = await prepareSend(platform, actor, request);
  const sender = request.sender ?? (await loadSenderInfo(db, actor.companyId, actor.userId));
  const [result] = await commitSends(platform, actor, [prepared], sender);
  return result!;
}

/**
 * Several sends (bulk send) in one transaction, through the same code as `sendDocument`: each
 * request is checked on its own (its 422/404 is answered in its slot, the others go on), then
 * the good ones are stored together. Requests whose `send_key` exists answer that document.
 */
export async function sendDocuments(
  platform: Platform,
  actor: SendActor,
  requests: SendRequest[],
  sender: SenderInfo,
): Promise<(SendResult | { error: AppError })[]> {
  const out: (SendResult | { error: AppError } | undefined)[] = new Array(requests.length);
  const prepared: { index: number; send: PreparedSend }[] = [];
  await runLimited(requests, 4, async (request, index) => {
    try {
      prepared.push({ index, send: await prepareSend(platform, actor, request) });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      out[index] = { error: err };
    }
  });
  prepared.sort((a, b) => a.index - b.index);
  const results = await commitSends(
    platform,
    actor,
    prepared.map((p) => p.send),
    sender,
  );
  prepared.forEach((p, i) => (out[p.index] = results[i]));
  return out as (SendResult | { error: AppError })[];
}

/** `sendDocument`, answering the sent document. */
export async function sendAndPresent(
  platform: Platform,
  actor: SendActor,
  request: SendRequest,
): Promise<TEmployeeDocument> {
  const { employeeDocumentId } = await sendDocument(platform, actor, request);
  return presentEmployeeDocument(platform.database.db, actor.companyId, employeeDocumentId);
}

/** Checks a send (contacts of the company, the layout for sending) and copies its PDF. */
export async function prepareSend(
  platform: Platform,
  actor: SendActor,
  request: SendRequest,
): Promise<PreparedSend> {
  const recipients = await resolveContactIds(
    platform.database.db,
    actor.companyId,
    request.source.recipients,
  );
  assertSendable(request.source, recipients, request.recipientKeyPath);
  const file = await copyPdf(platform, actor.companyId, request.source.file);
  return { request, recipients, file };
}

/**
 * Many sends checked and copied at once (a workflow chunk's documents), as `prepareSend` checks
 * each: the contacts they name are read in one query, each source PDF is read from storage once
 * (`pdfCopier`), copies are made 4 at a time. A send's 404/422 is answered in its slot, the others
 * go on; any other error drops the copies made and is thrown.
 */
export async function prepareSends(
  platform: Platform,
  actor: SendActor,
  requests: readonly SendRequest[],
): Promise<(PreparedSend | { error: AppError })[]> {
  const contacts = await contactsOf(
    platform.database.db,
    actor.companyId,
    requests.flatMap((r) => r.source.recipients),
  );
  const copy = pdfCopier(platform, actor.companyId);
  const out: (PreparedSend | { error: AppError })[] = new Array(requests.length);
  let fatal: unknown;
  await runLimited([...requests], 4, async (request, index) => {
    try {
      const recipients = withContacts(request.source.recipients, contacts);
      assertSendable(request.source, recipients, request.recipientKeyPath);
      out[index] = { request, recipients, file: await copy(request.source.file) };
    } catch (err) {
      if (err instanceof AppError && err.status < 500) out[index] = { error: err };
      else fatal ??= err;
    }
  });
  if (fatal !== undefined) {
    await Promise.all(
      out.map((p) =>
        'file' in p
          ? platform.storage.delete(p.file.file_ref_id).catch((err: unknown) => {
              platform.log.warn(
                { err, file: p.file.file_ref_id },
                'An unused copy of a sent PDF stayed in storage',
              );
            })
          : undefined,
      ),
    );
    throw fatal;
  }
  return out;
}

/** Stores checked sends in one transaction, then wakes the mail workers and tells the company room. */
async function commitSends(
  platform: Platform,
  actor: SendActor,
  prepared: PreparedSend[],
  sender: SenderInfo,
): Promise<SendResult[]> {
  if (prepared.length === 0) return [];
  const db = platform.database.db;
  const dropCopies = (sends: PreparedSend[]) =>
    Promise.all(sends.map((p) => platform.storage.delete(p.file.file_ref_id).catch(() => undefined)));
  let results: SendResult[];
  try {
    results = await db.transaction((tx) => storeSends(platform, tx, actor, prepared, sender));
  } catch (err) {
    await dropCopies(prepared);
    throw err;
  }
  // Replays answer the document stored first: their copies are not needed.
  await dropCopies(prepared.filter((_, i) => results[i]!.replayed));
  afterSendsCommitted(platform, actor, prepared, results);
  return results;
}

/**
 * What follows committed sends (here and in another module's transaction, send-in-tx.ts): the mail
 * workers woken, the listeners of sends told (signing draws the first pages' images), the company
 * room told; replays are not new sends.
 */
export function afterSendsCommitted(
  platform: Platform,
  actor: SendActor,
  prepared: PreparedSend[],
  results: SendResult[],
): void {
  if (results.some((r) => !r.replayed)) platform.jobs.wake(MAIL_SEND_JOB);
  tellSentDocuments(
    platform,
    results.flatMap((result, i) =>
      result.replayed
        ? []
        : [{ id: result.employeeDocumentId, companyId: actor.companyId, file: prepared[i]!.file }],
    ),
  );
  results.forEach((result, i) => {
    if (result.replayed) return;
    platform.realtime.emitToWorkspace(actor.companyId, 'document.sent', {
      document_id: result.employeeDocumentId,
      name: prepared[i]!.request.source.name,
      status: 'WAITING',
      sender_id: actor.userId,
    });
  });
}

export async function findBySendKey(
  db: Reader,
  companyId: string,
  sendKey: string,
): Promise<EmployeeRow | undefined> {
  const [row] = await db
    .select()
    .from(employeeDocuments)
    .where(and(eq(employeeDocuments.companyId, companyId), eq(employeeDocuments.sendKey, sendKey)))
    .limit(1);
  return row;
}

/** 422 with the layout's problems for sending (keys like `fields.3.recipient_key`). */
function assertSendable(
  source: SendSource,
  recipients: TRecipient[],
  recipientKeyPath: SendRequest['recipientKeyPath'],
): void {
  const problems = layoutProblems(
    { fields: source.fields, document_users: recipients },
    source.pages,
    'send',
  );
  if (problems.length === 0) return;
  const details: TValidationDetail[] = problems.map((p) => {
    if (recipientKeyPath && p.path[0] === 'document_users' && typeof p.path[1] === 'number') {
      const path = [...recipientKeyPath(p.path[1]), ...p.path.slice(2)];
      return { key: path.join('.'), message: p.message, path };
    }
    return { key: p.key, message: p.message, path: p.path };
  });
  throw validationError(details, details[0]?.message ?? 'The document cannot be sent yet');
}

/**
 * Recipients that name a contact (`contact_id`): the contact must be the company's (else 404);
 * an empty email or name is taken from it.
 */
async function resolveContactIds(
  db: Reader,
  companyId: string,
  recipients: TRecipient[],
): Promise<TRecipient[]> {
  return withContacts(recipients, await contactsOf(db, companyId, recipients));
}

type ContactRow = Awaited<ReturnType<typeof findContactsByIds>>[number];

/** The company's contacts the recipients name, by id (one query; none named: none read). */
async function contactsOf(
  db: Reader,
  companyId: string,
  recipients: readonly TRecipient[],
): Promise<Map<string, ContactRow>> {
  const ids = [...new Set(recipients.map((r) => r.contact_id).filter((id): id is string => Boolean(id)))];
  const valid = ids.filter(isUuid);
  const rows = valid.length > 0 ? await findContactsByIds(db, companyId, valid) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** The recipients with their contacts' email and name filled in; a contact not found: 404. */
function withContacts(recipients: TRecipient[], byId: ReadonlyMap<string, ContactRow>): TRecipient[] {
  if (!recipients.some((r) => r.contact_id)) return recipients;
  return recipients.map((r) => {
    if (!r.contact_id) return r;
    const contact = byId.get(r.contact_id);
    if (!contact) throw notFound('Contact');
    const named = r.first_name.trim() || r.last_name.trim();
    return {
      ...r,
      email: r.email.trim() || contact.email,
      first_name: named ? r.first_name : contact.firstName,
      last_name: named ? r.last_name : contact.lastName,
    };
  });
}

/** `fn` over every item, at most `limit` at a time. */
async function runLimited<T>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Kept here too: the signing module notifies recipients who become due (`notify.ts`). */
export { notifyRecipient } from './notify';
