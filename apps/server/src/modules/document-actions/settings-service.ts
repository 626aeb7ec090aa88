import type {
  TDocumentSettings,
  TDocumentSettingsPatch,
  TEmployeeDocument,
} from '@esigns/contracts/documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import { notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  findEmployeeDocument,
  type Tx,
  presentEmployeeDocument,
  recipientsOf,
  updateEmployeeDocument,
  type EmployeeRow,
} from '../documents';
import type { AccessContext } from '../permissions';
import { assertActionAllowed, loadForAction, type Client } from './access';
import { emitAction, logAction } from './events';
import { presentSettings, type TDocumentSettingsView } from './settings-view';

const DAY_MS = 86_400_000;

/** `GET /documents/{document_id}/document-settings`: settings, dates, owner and sharing. */
export async function getDocumentSettings(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TDocumentSettingsView> {
  const doc = await loadForAction(platform, access, id, 'view');
  return presentSettings(platform.database.db, doc);
}

export type TRecipientSettingsView = {
  document_id: string;
  document_user: {
    _id: string;
    email: string;
    name: string;
    user_type: string;
    status: string;
    signing_order: number;
  };
  expires_at: string | null;
  reminder_every_days: number | null;
  warn_before_expiry_days: number;
  reminders_sent: number;
  last_reminded_at: string | null;
  next_reminder_at: string | null;
};

/**
 * `GET /documents/{document_id}/{user_id}/document-settings`: the settings as they apply to one
 * recipient (`user_id`: the recipient's `_id`, or the user id of their login): the expiry, their
 * reminders so far and the next one. A reminder is due only while the document is WAITING and the
 * recipient has been asked to act and has not finished (the reminder job's rule):
 * `coalesce(last_reminded_at, sent_at) + reminder_every_days`, never after the expiry.
 */
export async function getRecipientSettings(
  platform: Platform,
  access: AccessContext,
  id: string,
  userId: string,
): Promise<TRecipientSettingsView> {
  const db = platform.database.db;
  const doc = await loadForAction(platform, access, id, 'view');
  if (!isUuid(userId)) throw notFound('Recipient');
  const recipient = (await recipientsOf(db, doc.id)).find((r) => r.id === userId || r.userId === userId);
  if (!recipient) throw notFound('Recipient');
  const every = doc.settings.reminder_every_days;
  const asked =
    recipient.status === 'SENT' || (recipient.status === 'VIEWED' && recipient.userType !== 'VIEWER');
  const from = recipient.lastRemindedAt ?? recipient.sentAt;
  let next: Date | null = null;
  if (doc.status === 'WAITING' && asked && recipient.userType !== 'CC' && every && from) {
    next = new Date(from.getTime() + every * DAY_MS);
    if (doc.expiresAt && next >= doc.expiresAt) next = null;
  }
  return {
    document_id: doc.id,
    document_user: {
      _id: recipient.id,
      email: recipient.email,
      name: `${recipient.firstName} ${recipient.lastName}`.trim(),
      user_type: recipient.userType,
      status: recipient.status,
      signing_order: recipient.signingOrder,
    },
    expires_at: doc.expiresAt?.toISOString() ?? null,
    reminder_every_days: every,
    warn_before_expiry_days: doc.settings.warn_before_expiry_days,
    reminders_sent: recipient.remindersSent,
    last_reminded_at: recipient.lastRemindedAt?.toISOString() ?? null,
    next_reminder_at: next?.toISOString() ?? null,
  };
}

/**
 * The changes of a name and settings to a locked DRAFT or WAITING document, in the caller's
 * transaction. On a sent document a new `expire_after_days` moves `expires_at` (counted from
 * `sent_at`; a date already past is 422) and the expiry warning may go out again; its signing
 * order can only change by correcting the document (422). A draft's layout gets the same values.
 */
export async function applyDocumentUpdate(
  tx: Tx,
  access: AccessContext,
  client: Client,
  doc: EmployeeRow,
  input: { name?: string | undefined; settings?: TDocumentSettingsPatch | undefined },
): Promise<EmployeeRow> {
  const patch = input.settings ?? {};
  const details: TValidationDetail[] = [];
  const settings: TDocumentSettings = { ...doc.settings, ...patch };
  const now = new Date();
  let expiresAt = doc.expiresAt;
  if (doc.status !== 'DRAFT') {
    if (patch.signing_order !== undefined && patch.signing_order !== doc.settings.signing_order) {
      details.push({
        key: 'signing_order',
        message: 'The signing order of a sent document changes by correcting it',
        path: ['signing_order'],
      });
    }
    if (patch.expire_after_days !== undefined && doc.sentAt) {
      const days = patch.expire_after_days;
      expiresAt = days === null ? null : new Date(doc.sentAt.getTime() + days * DAY_MS);
      if (expiresAt && expiresAt <= now) {
        const since = Math.floor((now.getTime() - doc.sentAt.getTime()) / DAY_MS);
        details.push({
          key: 'expire_after_days',
          message: `The document was sent ${since} day${since === 1 ? '' : 's'} ago: choose more than ${since} days, or no expiry`,
          path: ['expire_after_days'],
        });
      }
    }
  }
  if (details.length > 0) throw validationError(details, details[0]!.message);
  const name = input.name ?? doc.name;
  const expiryMoved = (expiresAt?.getTime() ?? null) !== (doc.expiresAt?.getTime() ?? null);
  const row = await updateEmployeeDocument(tx, doc, {
    name,
    settings,
    expiresAt,
    ...(expiryMoved ? { expiryWarnedAt: null } : {}),
  });
  if (name !== doc.name) {
    await logAction(tx, access, client, {
      documentId: doc.id,
      action: 'document.renamed',
      details: { from: doc.name, to: name },
    });
  }
  if (Object.keys(patch).length > 0) {
    await logAction(tx, access, client, {
      documentId: doc.id,
      action: 'document.settings_changed',
      details: {
        changes: patch,
        ...(expiryMoved ? { expires_at: expiresAt?.toISOString() ?? null } : {}),
      },
    });
  }
  return row;
}

/** `POST /documents/{id}/rename {name}`: any document that is not archived. */
export async function renameDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  name: string,
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'rename');
  const updated = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('rename', locked);
    return applyDocumentUpdate(tx, access, client, locked, { name });
  });
  emitAction(platform, access, 'renamed', updated);
  return presentEmployeeDocument(db, access.companyId, id, updated);
}

/** `POST /documents/{document_id}/document-settings`: settings of a DRAFT or WAITING document. */
export async function saveDocumentSettings(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  patch: TDocumentSettingsPatch,
): Promise<TDocumentSettingsView> {
  const updated = await updateDocument(platform, access, client, id, { settings: patch });
  return presentSettings(platform.database.db, updated);
}

/** `PUT /documents/{document_id}`: the name and settings of a DRAFT or WAITING document. */
export async function updateDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  input: { name?: string | undefined; settings?: TDocumentSettingsPatch | undefined },
): Promise<EmployeeRow> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'settings');
  const updated = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('settings', locked);
    return applyDocumentUpdate(tx, access, client, locked, input);
  });
  emitAction(platform, access, 'updated', updated);
  return updated;
}
