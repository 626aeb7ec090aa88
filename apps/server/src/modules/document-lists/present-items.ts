import { asc, inArray } from 'drizzle-orm';
import { ACTION_RULES, availableActions } from '@esigns/contracts/document-actions';
import type { TDocumentListItem, TRecipientSummary } from '@esigns/contracts/document-lists';
import type { TDocumentStatus, TRecipientStatus, TRecipientType } from '@esigns/contracts/documents';
import { canActOnDocument, hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { peopleByIds } from '../documents/lookups';
import { configurableDocuments, documentUsers } from '../documents/schema';
import type { AccessContext } from '../permissions/access';
import { isDone } from '../signing/progress';
import type { ListScope } from './list-query';
import { isoOf } from './scope';

/** The columns of `employee_documents ed` a list selects (`LIST_COLUMNS`). */
export type ListRow = {
  id: string;
  name: string;
  status: TDocumentStatus;
  archived_at: Date | string | null;
  configurable_document_id: string | null;
  company_document_id: string | null;
  sender_id: string;
  shared_with: string[];
  sent_at: Date | string | null;
  expires_at: Date | string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

type Party = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: string | null;
  userType: TRecipientType;
  type: 'SENDER' | 'RECEIVER';
  status: TRecipientStatus;
  signingOrder: number;
};

/** Actions that only read the document: seeing it is enough, no rights on it are needed. */
const READ_SLUGS: ReadonlySet<PermissionSlug> = new Set([
  ACTION_RULES.view.slug,
  ACTION_RULES.download.slug,
  ACTION_RULES.notes.slug,
]);

/**
 * The list rows with their sender, recipients (sent documents: `document_users`; drafts: their
 * layout's), progress and the actions the caller may take: `availableActions` of the shared table
 * with the caller's permissions, and for anything beyond reading, document rights (spec 1 §6,
 * `canActOnDocument` with `documents:manage-all`), as the lifecycle routes check them.
 */
export async function presentListRows(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  scope: ListScope,
  rows: ListRow[],
): Promise<TDocumentListItem[]> {
  if (rows.length === 0) return [];
  const sent = rows.filter((r) => r.status !== 'DRAFT').map((r) => r.id);
  const drafts = rows.filter((r) => r.status === 'DRAFT' && r.configurable_document_id);
  const [senders, parties, layouts] = await Promise.all([
    peopleByIds(
      db,
      rows.map((r) => r.sender_id),
    ),
    sent.length === 0
      ? Promise.resolve([] as Party[])
      : db
          .select({
            id: documentUsers.id,
            documentId: documentUsers.employeeDocumentId,
            email: documentUsers.email,
            firstName: documentUsers.firstName,
            lastName: documentUsers.lastName,
            userId: documentUsers.userId,
            userType: documentUsers.userType,
            type: documentUsers.type,
            status: documentUsers.status,
            signingOrder: documentUsers.signingOrder,
          })
          .from(documentUsers)
          .where(inArray(documentUsers.employeeDocumentId, sent))
          .orderBy(asc(documentUsers.signingOrder), asc(documentUsers.createdAt)),
    drafts.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: configurableDocuments.id, documentUsers: configurableDocuments.documentUsers })
          .from(configurableDocuments)
          .where(
            inArray(
              configurableDocuments.id,
              drafts.map((d) => d.configurable_document_id!),
            ),
          ),
  ]);
  const byDocument = new Map<string, Party[]>();
  for (const party of parties as (Party & { documentId: string })[]) {
    const list = byDocument.get(party.documentId) ?? [];
    list.push(party);
    byDocument.set(party.documentId, list);
  }
  const layoutOf = new Map(layouts.map((l) => [l.id, l.documentUsers]));

  return rows.map((row) => {
    const recipients: Party[] =
      row.status === 'DRAFT'
        ? (layoutOf.get(row.configurable_document_id ?? '') ?? []).map((r) => ({
            id: r.key,
            email: r.email,
            firstName: r.first_name,
            lastName: r.last_name,
            userId: null,
            userType: r.user_type,
            type: 'RECEIVER' as const,
            status: 'PENDING' as const,
            signingOrder: r.signing_order,
          }))
        : (byDocument.get(row.id) ?? []);
    const isMe = (p: Party) => p.userId === scope.userId || p.email.toLowerCase() === scope.email;
    const mine = recipients.filter(isMe);
    const mayAct =
      row.shared_with.includes(access.userId) ||
      canActOnDocument(
        { ...access, email: scope.email },
        {
          created_by: row.sender_id,
          document_users: recipients.map((p) => ({ email: p.email, type: p.type, user_type: p.userType })),
        },
        'documents:manage-all',
      );
    const can = (slug: PermissionSlug) => hasPermission(access, slug) && (READ_SLUGS.has(slug) || mayAct);
    const archived = row.archived_at !== null;
    return {
      _id: row.id,
      name: row.name,
      status: row.status,
      archived_at: isoOf(row.archived_at),
      configurable_document_id: row.configurable_document_id,
      company_document_id: row.company_document_id,
      sender: senders.get(row.sender_id) ?? { _id: row.sender_id, name: '', email: '' },
      recipients: recipients.map(toSummary),
      progress: progressOf(recipients),
      waiting_for_me:
        row.status === 'WAITING' &&
        mine.some(
          (p) =>
            p.userType !== 'CC' &&
            (p.status === 'SENT' || (p.status === 'VIEWED' && p.userType !== 'VIEWER')),
        ),
      sent_at: isoOf(row.sent_at),
      expires_at: isoOf(row.expires_at),
      completed_at: isoOf(row.completed_at),
      created_at: isoOf(row.created_at)!,
      updated_at: isoOf(row.updated_at)!,
      actions: availableActions({ status: row.status, archived }, can),
    };
  });
}

function toSummary(p: Party): TRecipientSummary {
  return {
    _id: p.id,
    name: `${p.firstName} ${p.lastName}`.trim() || p.email,
    email: p.email,
    user_type: p.userType,
    status: p.status,
    signing_order: p.signingOrder,
  };
}

/**
 * Recipients whose action completes the document (every SIGNER and APPROVER; the viewers of a
 * document sent to viewers only) and how many of them are done (`isDone` of the signing module).
 */
export function progressOf(recipients: Pick<Party, 'userType' | 'status' | 'signingOrder'>[]): {
  done: number;
  required: number;
} {
  const actors = recipients.filter((r) => r.userType === 'SIGNER' || r.userType === 'APPROVER');
  const required = actors.length > 0 ? actors : recipients.filter((r) => r.userType === 'VIEWER');
  return { done: required.filter(isDone).length, required: required.length };
}
