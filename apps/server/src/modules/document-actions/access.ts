import { ACTION_RULES, blockedReason, type TDocumentAction } from '@esigns/contracts/document-actions';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  mayActOnDocument,
  findEmployeeDocument,
  requireSlug,
  type Reader,
  type EmployeeRow,
} from '../documents';
import type { AccessContext } from '../permissions';

/** Who did it, from where: for log rows and mails. */
export type Client = { ip: string; userAgent: string | undefined };

/**
 * 403 unless the caller has rights on the document (spec 1 §6 "Document rights", through
 * `mayActOnDocument`): its creator or sender, a recipient who is not CC, a user it is shared
 * with, an OWNER who is not a receiver on it; anyone else needs `documents:manage-all`.
 */
export async function assertDocumentRights(
  db: Reader,
  access: AccessContext,
  doc: EmployeeRow,
  reading = false,
): Promise<void> {
  // Reading (the settings) needs what seeing the document needs: `documents:view-all` for others.
  const slug = reading ? 'documents:view-all' : 'documents:manage-all';
  if (await mayActOnDocument(db, access, doc, slug)) return;
  throw new AppError('FORBIDDEN', {
    message:
      'You have no rights on this document: only its sender, its recipients and users it is shared with may act on it',
  });
}

/** 409 with the shared table's message when the document's status (or archive state) forbids the action. */
export function assertActionAllowed(action: TDocumentAction, doc: EmployeeRow): void {
  const reason = blockedReason(action, { status: doc.status, archived: doc.archivedAt !== null });
  if (reason) throw new AppError('CONFLICT', { message: reason });
}

/**
 * The checks every lifecycle action makes, in this order: the document is the caller's company's
 * (else 404: another company's id is unknown here), the caller has rights on it (403; for `view`,
 * reading rights: `documents:view-all` instead of `documents:manage-all`), holds the
 * action's permission slug (403), and the status allows the action (409, `document-actions.ts`).
 * Services repeat the status check under the row lock of their transaction.
 */
export async function loadForAction(
  platform: Platform,
  access: AccessContext,
  id: string,
  action: TDocumentAction,
): Promise<EmployeeRow> {
  const db = platform.database.db;
  const doc = await findEmployeeDocument(db, access.companyId, id);
  await assertDocumentRights(db, access, doc, action === 'view');
  requireSlug(access, ACTION_RULES[action].slug);
  assertActionAllowed(action, doc);
  return doc;
}
