import { and, eq, inArray } from 'drizzle-orm';
import type { TRecipient, TRecipientStatus } from '@esigns/contracts/documents';
import { contactsForEmails } from './send-store';
import { userIdsByEmail, type Tx } from './lookups';
import { NO_SECRETS } from './recipients';
import { configurableDocuments, documentUsers, employeeDocuments } from './schema';
import type { DocumentUserRow, EmployeeRow } from './serializers';

/*
 * The writes other modules make to a document that is not a status change (the status has one
 * writer: `changeDocumentStatus`): its name, settings, dates, sharing, owner, archive state,
 * fields, and its recipients after a correction. The action menu (document-actions) calls them
 * in its transactions, with the document row locked.
 */

/** What may change on a document row here (never its status, company or id). */
export type DocumentChanges = Partial<
  Pick<
    EmployeeRow,
    'name' | 'settings' | 'expiresAt' | 'expiryWarnedAt' | 'sharedWith' | 'senderId' | 'archivedAt' | 'fields'
  >
>;

/**
 * Writes `changes` to a locked document and answers the row. A DRAFT's one-off layout follows its
 * document (the editor reads the layout): its name, settings, sharing, owner and fields, and
 * `layoutRecipients` when given (recipients added to a draft live on the layout).
 */
export async function updateEmployeeDocument(
  tx: Tx,
  doc: EmployeeRow,
  changes: DocumentChanges,
  layoutRecipients?: TRecipient[],
): Promise<EmployeeRow> {
  const now = new Date();
  const [row] = await tx
    .update(employeeDocuments)
    .set({ ...changes, updatedAt: now })
    .where(eq(employeeDocuments.id, doc.id))
    .returning();
  const layout = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.settings !== undefined ? { settings: changes.settings } : {}),
    ...(changes.sharedWith !== undefined ? { sharedWith: changes.sharedWith } : {}),
    ...(changes.senderId !== undefined ? { ownerId: changes.senderId } : {}),
    ...(changes.fields !== undefined ? { fields: changes.fields } : {}),
    ...(layoutRecipients ? { documentUsers: layoutRecipients } : {}),
  };
  if (doc.status === 'DRAFT' && doc.configurableDocumentId && Object.keys(layout).length > 0) {
    await tx
      .update(configurableDocuments)
      .set({ ...layout, updatedAt: now })
      .where(
        and(
          eq(configurableDocuments.id, doc.configurableDocumentId),
          eq(configurableDocuments.isTemplate, false),
        ),
      );
  }
  return row!;
}

/** A correction of a sent document's recipients, worked out by the caller (document-actions' plan). */
export type RecipientRewrite = {
  removed: readonly { id: string }[];
  changed: readonly { row: { id: string }; next: TRecipient; emailChanged: boolean }[];
  added: readonly TRecipient[];
};

/**
 * The recipients' rows after a correction: removed rows deleted, changed ones updated (a new
 * email is another person: the old link dies and the row starts again as PENDING), new ones
 * inserted PENDING. New emails become contacts of the company and are linked to their account.
 * What the previous person did on the signing side is the signing module's to forget.
 */
export async function rewriteRecipients(
  tx: Tx,
  actor: { companyId: string; userId: string },
  documentId: string,
  rewrite: RecipientRewrite,
): Promise<void> {
  if (rewrite.removed.length > 0) {
    await tx.delete(documentUsers).where(
      inArray(
        documentUsers.id,
        rewrite.removed.map((r) => r.id),
      ),
    );
  }
  const emails = [...rewrite.added, ...rewrite.changed.filter((c) => c.emailChanged).map((c) => c.next)];
  const contactIds = await contactsForEmails(tx, actor, emails);
  const userIds = await userIdsByEmail(
    tx,
    emails.map((r) => r.email),
  );
  for (const { next, row, emailChanged } of rewrite.changed) {
    await tx
      .update(documentUsers)
      .set({
        firstName: next.first_name,
        lastName: next.last_name,
        userType: next.user_type,
        signingOrder: next.signing_order,
        roleName: next.role_name,
        emailVerification: next.email_verification,
        ...(emailChanged
          ? {
              email: next.email,
              contactId: contactIds.get(next.email) ?? null,
              userId: userIds.get(next.email) ?? null,
              ...NO_SECRETS,
              status: 'PENDING' as const,
              sentAt: null,
              viewedAt: null,
              lastRemindedAt: null,
              remindersSent: 0,
            }
          : {}),
      })
      .where(eq(documentUsers.id, row.id));
  }
  if (rewrite.added.length > 0) {
    const base = Date.now();
    await tx.insert(documentUsers).values(
      rewrite.added.map((r, i) => ({
        companyId: actor.companyId,
        employeeDocumentId: documentId,
        key: r.key,
        roleName: r.role_name,
        type: 'RECEIVER' as const,
        userType: r.user_type,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
        contactId: contactIds.get(r.email) ?? null,
        userId: userIds.get(r.email) ?? null,
        signingOrder: r.signing_order,
        color: r.color,
        emailVerification: r.email_verification,
        status: 'PENDING' as const,
        createdAt: new Date(base + i),
      })),
    );
  }
}

/** Recipients no longer due (moved later in the signing order) wait again: PENDING, without a link. */
export async function holdBackRecipients(tx: Tx, documentUserIds: readonly string[]): Promise<void> {
  if (documentUserIds.length === 0) return;
  await tx
    .update(documentUsers)
    .set({ status: 'PENDING', ...NO_SECRETS, sentAt: null })
    .where(inArray(documentUsers.id, [...documentUserIds]));
}

/**
 * A recipient's progress as the signing module records it (viewed, signed or approved, declined
 * or rejected): `set` written to the row, only while it is still in status `onlyFrom` when given.
 * Answers the row after the change, or undefined when it was not in `onlyFrom`.
 */
export async function recordRecipientProgress(
  tx: Tx,
  documentUserId: string,
  set: Partial<Pick<DocumentUserRow, 'status' | 'viewedAt' | 'finishedAt'>>,
  onlyFrom?: TRecipientStatus,
): Promise<DocumentUserRow | undefined> {
  const [row] = await tx
    .update(documentUsers)
    .set(set)
    .where(
      and(
        eq(documentUsers.id, documentUserId),
        onlyFrom === undefined ? undefined : eq(documentUsers.status, onlyFrom),
      ),
    )
    .returning();
  return row;
}
