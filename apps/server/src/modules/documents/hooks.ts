import type { TDocumentStatus } from '@esigns/contracts/documents';
import type { TFileInfo } from '@esigns/contracts/files';
import type { TExpiryDocumentSettings } from '@esigns/contracts/reminders';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import type { Tx } from './lookups';
import type { RequestStatus } from './request-documents';

/*
 * What the documents module needs of modules after it (module order, ARCHITECTURE.md): it cannot
 * import them, so each registers here at start-up (app.ts, before any route runs).
 */

/** The expiry and reminder settings a member's new documents start with (the reminders module's rule). */
export type NewDocumentSettings = (
  platform: Platform,
  access: Pick<AccessContext, 'userId' | 'companyId'>,
) => Promise<TExpiryDocumentSettings>;

let newDocumentSettings: NewDocumentSettings | null = null;

/** The reminders module's defaults of new documents (`defaultDocumentSettings`). */
export function registerNewDocumentSettings(read: NewDocumentSettings): void {
  newDocumentSettings = read;
}

export function expirySettingsOfNewDocument(...args: Parameters<NewDocumentSettings>) {
  if (!newDocumentSettings) {
    throw new Error('No module registered the settings of new documents with documents (app.ts)');
  }
  return newDocumentSettings(...args);
}

/** A sent document whose status changed, as its listeners hear it (inside the change's transaction). */
export type DocumentStatusChange = { documentId: string; companyId: string; status: TDocumentStatus };
export type DocumentStatusListener = (tx: Tx, changes: readonly DocumentStatusChange[]) => Promise<void>;

/** A document request whose status changed (UPLOADED, APPROVED, REJECTED, REQUESTED again). */
export type DocumentRequestStatusChange = { requestId: string; companyId: string; status: RequestStatus };
export type DocumentRequestStatusListener = (tx: Tx, change: DocumentRequestStatusChange) => Promise<void>;

// By the registering module's name: registering again (one app per test file, a worker) replaces it.
const documentStatusListeners = new Map<string, DocumentStatusListener>();
const requestStatusListeners = new Map<string, DocumentRequestStatusListener>();

/**
 * Called by `changeDocumentStatus` / `changeDocumentStatuses` (the one status writer) in the same
 * transaction, once per call, with every document changed (e.g. workflows follow their steps'
 * documents). A listener that throws rolls the change back.
 */
export function registerDocumentStatusListener(name: string, listener: DocumentStatusListener): void {
  documentStatusListeners.set(name, listener);
}

/** Called when a document request's status changes (the recipient's upload, staff's review), in that transaction. */
export function registerDocumentRequestStatusListener(
  name: string,
  listener: DocumentRequestStatusListener,
): void {
  requestStatusListeners.set(name, listener);
}

export async function documentStatusesChanged(
  tx: Tx,
  changes: readonly DocumentStatusChange[],
): Promise<void> {
  if (changes.length === 0) return;
  for (const listener of documentStatusListeners.values()) await listener(tx, changes);
}

export async function requestStatusChanged(tx: Tx, change: DocumentRequestStatusChange): Promise<void> {
  for (const listener of requestStatusListeners.values()) await listener(tx, change);
}

/** A document just sent (its transaction committed), with the file its recipients will open. */
export type SentDocument = { id: string; companyId: string; file: Pick<TFileInfo, 'file_ref_id' | 'sha256'> };
/**
 * Told after sends commit, outside their transaction (e.g. signing draws the first page's image
 * ahead of the first open). Work to do ahead only: a listener must not throw nor wait.
 */
export type SentDocumentsListener = (platform: Platform, sent: readonly SentDocument[]) => void;

const sentDocumentsListeners = new Map<string, SentDocumentsListener>();

export function registerSentDocumentsListener(name: string, listener: SentDocumentsListener): void {
  sentDocumentsListeners.set(name, listener);
}

export function tellSentDocuments(platform: Platform, sent: readonly SentDocument[]): void {
  if (sent.length === 0) return;
  for (const listener of sentDocumentsListeners.values()) listener(platform, sent);
}
