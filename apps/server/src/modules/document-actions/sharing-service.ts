import type { TValidationDetail } from '@esigns/contracts/envelope';
import { validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { activeMemberIds } from '../company';
import { findEmployeeDocument, personOf, updateEmployeeDocument, type EmployeeRow } from '../documents';
import type { AccessContext } from '../permissions';
import { assertActionAllowed, loadForAction, type Client } from './access';
import { emitAction, logAction } from './events';
import { presentSettings, type TDocumentSettingsView } from './settings-view';

/**
 * `PUT /documents/{document_id}/share-document {user_ids}`: replaces the users the document is
 * shared with. Each must be an ACTIVE user of the company (else 422 `user_ids.{i}`: an unknown id
 * and another company's user are told apart by nobody); the sender is left out (they have it
 * already). Shared users see the document in their lists and may act on it (document rights).
 */
export async function shareDocument(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  userIds: string[],
): Promise<TDocumentSettingsView> {
  const db = platform.database.db;
  const doc = await loadForAction(platform, access, id, 'share');
  const known = await activeMemberIds(db, access.companyId, userIds);
  const details: TValidationDetail[] = [];
  userIds.forEach((userId, i) => {
    if (!known.has(userId)) {
      details.push({
        key: `user_ids.${i}`,
        message: 'Not an active user of this company',
        path: ['user_ids', i],
      });
    }
  });
  if (details.length > 0) throw validationError(details, details[0]!.message);
  const updated = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, doc.id, { forUpdate: true });
    assertActionAllowed('share', locked);
    const next = [...new Set(userIds)].filter((u) => u !== locked.senderId);
    const row = await updateEmployeeDocument(tx, locked, { sharedWith: next });
    const before = new Set(locked.sharedWith);
    await logAction(tx, access, client, {
      documentId: locked.id,
      action: 'document.shared',
      details: {
        user_ids: next,
        added: next.filter((u) => !before.has(u)),
        removed: locked.sharedWith.filter((u) => !next.includes(u)),
      },
    });
    return row;
  });
  emitAction(platform, access, 'shared', updated, { user_ids: updated.sharedWith });
  return presentSettings(db, updated);
}

/**
 * `PATCH /documents/changeOwnership {document_ids | document_id, user_id}`: the documents get a
 * new sender (owner): an ACTIVE user of the company (else 422 `user_id`). All or nothing, in one
 * transaction; each document is checked like any action (404, 403, 409 when archived). The
 * previous owner keeps no special rights (share the document with them to keep it visible).
 */
export async function changeOwnership(
  platform: Platform,
  access: AccessContext,
  client: Client,
  input: { documentIds: string[]; userId: string },
): Promise<{ document_ids: string[]; owner: { _id: string; name: string; email: string } }> {
  const db = platform.database.db;
  const ids = [...new Set(input.documentIds)];
  const docs: EmployeeRow[] = [];
  for (const id of ids) docs.push(await loadForAction(platform, access, id, 'change-ownership'));
  if (!(await activeMemberIds(db, access.companyId, [input.userId])).has(input.userId)) {
    throw validationError([
      { key: 'user_id', message: 'The new owner must be an active user of this company', path: ['user_id'] },
    ]);
  }
  const changed = await db.transaction(async (tx) => {
    const out: EmployeeRow[] = [];
    for (const doc of docs) {
      const locked = await findEmployeeDocument(tx, access.companyId, doc.id, { forUpdate: true });
      assertActionAllowed('change-ownership', locked);
      if (locked.senderId === input.userId) continue;
      const row = await updateEmployeeDocument(tx, locked, {
        senderId: input.userId,
        sharedWith: locked.sharedWith.filter((u) => u !== input.userId),
      });
      await logAction(tx, access, client, {
        documentId: locked.id,
        action: 'document.ownership_changed',
        details: { from: locked.senderId, to: input.userId },
      });
      out.push(row);
    }
    return out;
  });
  for (const row of changed)
    emitAction(platform, access, 'ownership_changed', row, { owner_id: input.userId });
  return { document_ids: ids, owner: await personOf(db, input.userId) };
}
