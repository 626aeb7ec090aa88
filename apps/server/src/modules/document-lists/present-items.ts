import { sql } from 'drizzle-orm';
import { ACTION_RULES, availableActions } from '@esigns/contracts/document-actions';
import type { TDocumentListItem, TRecipientSummary } from '@esigns/contracts/document-lists';
import type {
  TDocumentStatus,
  TRecipient as TDocumentRecipientLayout,
  TRecipientStatus,
  TRecipientType,
} from '@esigns/contracts/documents';
import { canActOnDocument, hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { userNamesTupleText } from '../auth';
import {
  layoutRecipientsOf,
  listPartiesColumnsText,
  listPartiesOf,
  peopleByIds,
  type PersonRef,
} from '../documents';
import type { AccessContext } from '../permissions';
import { documentsWithFailedSeal, isDone, SEAL_FAILED_COLUMN_TEXT } from '../signing';
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
  /** The seal FAILED on a WAITING document (`SEAL_FAILED_COLUMN_TEXT` of signing); absent: false. */
  seal_failed?: boolean | null;
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
  // A row read with LOADED_LIST_COLUMNS carries `seal_failed`; others are looked up, in the same round.
  const unknownSeals = rows.filter((r) => r.status === 'WAITING' && r.seal_failed == null).map((r) => r.id);
  const [senders, parties, layouts, failedSeals] = await Promise.all([
    peopleByIds(
      db,
      rows.map((r) => r.sender_id),
    ),
    listPartiesOf(db, sent),
    layoutRecipientsOf(
      db,
      drafts.map((d) => d.configurable_document_id!),
    ),
    documentsWithFailedSeal(db, unknownSeals),
  ]);
  const byDocument = new Map<string, Party[]>();
  for (const party of parties) {
    const list = byDocument.get(party.documentId) ?? [];
    list.push(party);
    byDocument.set(party.documentId, list);
  }
  return rows.map((row) =>
    presentRow(
      access,
      scope,
      { ...row, seal_failed: row.seal_failed === true || failedSeals.has(row.id) },
      row.status === 'DRAFT'
        ? layoutParties(layouts.get(row.configurable_document_id ?? '') ?? [])
        : (byDocument.get(row.id) ?? []),
      senders.get(row.sender_id),
    ),
  );
}

/**
 * The list columns of `employee_documents ed` with, in the same row, its sender and its
 * recipients (sent documents) or its layout's recipients (drafts), for `presentLoadedRows`: a
 * page is one statement.
 */
export const LOADED_LIST_COLUMNS_TEXT = `ed.id, ed.name, ed.status, ed.archived_at, ed.configurable_document_id,
  ed.company_document_id, ed.sender_id, ed.shared_with, ed.sent_at, ed.expires_at, ed.completed_at, ed.created_at,
  ed.updated_at,
  ${userNamesTupleText('ed.sender_id')} as sender,
  ${listPartiesColumnsText('ed')},
  ${SEAL_FAILED_COLUMN_TEXT}`;
export const LOADED_LIST_COLUMNS = sql.raw(LOADED_LIST_COLUMNS_TEXT);

type PartyTuple = [
  string,
  string,
  string,
  string,
  string | null,
  TRecipientType,
  'SENDER' | 'RECEIVER',
  TRecipientStatus,
  number,
];

/** A row of `LOADED_LIST_COLUMNS`. */
export type LoadedListRow = ListRow & {
  sender: [string, string, string] | null;
  parties: PartyTuple[] | null;
  layout: TDocumentRecipientLayout[] | null;
};

/** `presentListRows` of rows that carry their sender and recipients (`LOADED_LIST_COLUMNS`). */
export function presentLoadedRows(
  access: AccessContext,
  scope: ListScope,
  rows: LoadedListRow[],
): TDocumentListItem[] {
  return rows.map((row) =>
    presentRow(
      access,
      scope,
      row,
      row.status === 'DRAFT'
        ? layoutParties(row.layout ?? [])
        : (row.parties ?? []).map(
            ([id, email, firstName, lastName, userId, userType, type, status, signingOrder]) => ({
              id,
              email,
              firstName,
              lastName,
              userId,
              userType,
              type,
              status,
              signingOrder,
            }),
          ),
      row.sender
        ? {
            _id: row.sender_id,
            name: `${row.sender[0]} ${row.sender[1]}`.trim(),
            email: row.sender[2],
          }
        : undefined,
    ),
  );
}

/** A draft's recipients, from its layout: all PENDING. */
function layoutParties(layout: TDocumentRecipientLayout[]): Party[] {
  return layout.map((r) => ({
    id: r.key,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    userId: null,
    userType: r.user_type,
    type: 'RECEIVER' as const,
    status: 'PENDING' as const,
    signingOrder: r.signing_order,
  }));
}

function presentRow(
  access: AccessContext,
  scope: ListScope,
  row: ListRow,
  recipients: Party[],
  sender: PersonRef | undefined,
): TDocumentListItem {
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
  const sealFailed = row.status === 'WAITING' && row.seal_failed === true;
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    archived_at: isoOf(row.archived_at),
    configurable_document_id: row.configurable_document_id,
    company_document_id: row.company_document_id,
    sender: sender ?? { _id: row.sender_id, name: '', email: '' },
    recipients: recipients.map(toSummary),
    progress: progressOf(recipients),
    waiting_for_me:
      row.status === 'WAITING' &&
      mine.some(
        (p) =>
          p.userType !== 'CC' && (p.status === 'SENT' || (p.status === 'VIEWED' && p.userType !== 'VIEWER')),
      ),
    seal_failed: sealFailed,
    sent_at: isoOf(row.sent_at),
    expires_at: isoOf(row.expires_at),
    completed_at: isoOf(row.completed_at),
    created_at: isoOf(row.created_at)!,
    updated_at: isoOf(row.updated_at)!,
    actions: availableActions({ status: row.status, archived, seal_failed: sealFailed }, can),
  };
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
