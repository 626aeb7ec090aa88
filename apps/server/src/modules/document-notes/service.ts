import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  NOTE_ADDED_EVENT,
  NOTE_UPDATED_EVENT,
  type TDocumentNote,
  type TNoteEvent,
  type TRecentNote,
} from '@esigns/contracts/document-notes';
import type { TDocumentStatus } from '@esigns/contracts/documents';
import type { TPageQuery } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { userDirectory } from '../auth';
import { visibleTo, isoOf, loadScope, rowsOf } from '../document-lists';
import { findListedDocument } from '../documents';
import type { AccessContext } from '../permissions';
import { documentNotes } from './schema';

type NoteRow = typeof documentNotes.$inferSelect & {
  authorFirstName: string | null;
  authorLastName: string | null;
  authorEmail: string | null;
};

const NOTE_COLUMNS = {
  id: documentNotes.id,
  companyId: documentNotes.companyId,
  employeeDocumentId: documentNotes.employeeDocumentId,
  authorId: documentNotes.authorId,
  body: documentNotes.body,
  createdAt: documentNotes.createdAt,
  updatedAt: documentNotes.updatedAt,
  authorFirstName: userDirectory.firstName,
  authorLastName: userDirectory.lastName,
  authorEmail: userDirectory.email,
};

function toNote(row: NoteRow, access: AccessContext): TDocumentNote {
  const created = isoOf(row.createdAt)!;
  const updated = isoOf(row.updatedAt)!;
  return {
    _id: row.id,
    employee_document_id: row.employeeDocumentId,
    note: row.body,
    author:
      row.authorId && row.authorEmail !== null
        ? {
            _id: row.authorId,
            name: `${row.authorFirstName ?? ''} ${row.authorLastName ?? ''}`.trim() || row.authorEmail,
            email: row.authorEmail,
          }
        : null,
    is_mine: row.authorId === access.userId,
    edited: updated !== created,
    created_at: created,
    updated_at: updated,
  };
}

/** `GET /documents/{employee_document_id}/notes`: the document's notes, newest first, paged. */
export async function listNotes(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  documentId: string,
  page: TPageQuery,
): Promise<{ rows: TDocumentNote[]; total: number }> {
  const doc = await findListedDocument(db, access, documentId, 'documents:notes');
  const where = and(
    eq(documentNotes.companyId, access.companyId),
    eq(documentNotes.employeeDocumentId, doc.id),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(NOTE_COLUMNS)
      .from(documentNotes)
      .leftJoin(userDirectory, eq(userDirectory.id, documentNotes.authorId))
      .where(where)
      .orderBy(desc(documentNotes.createdAt), desc(documentNotes.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(documentNotes).where(where),
  ]);
  return { rows: rows.map((r) => toNote(r, access)), total: Number(counted?.n ?? 0) };
}

async function findNote(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  documentId: string,
  noteId: string,
): Promise<NoteRow> {
  if (!isUuid(noteId)) throw notFound('Note');
  const [row] = await db
    .select(NOTE_COLUMNS)
    .from(documentNotes)
    .leftJoin(userDirectory, eq(userDirectory.id, documentNotes.authorId))
    .where(
      and(
        eq(documentNotes.id, noteId),
        eq(documentNotes.companyId, access.companyId),
        eq(documentNotes.employeeDocumentId, documentId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Note');
  return row;
}

/** `GET /documents/{employee_document_id}/notes/{note_id}`. */
export async function getNote(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  documentId: string,
  noteId: string,
): Promise<TDocumentNote> {
  const doc = await findListedDocument(db, access, documentId, 'documents:notes');
  return toNote(await findNote(db, access, doc.id, noteId), access);
}

/**
 * `POST /documents/{employee_document_id}/notes`: a note by the caller on a document they see.
 * Notes are staff remarks, not part of the signing audit trail: no document log row. The
 * workspace hears `document.note_added` so open detail screens show it.
 */
export async function addNote(
  platform: Platform,
  access: AccessContext,
  documentId: string,
  text: string,
): Promise<TDocumentNote> {
  const db = platform.database.db;
  const doc = await findListedDocument(db, access, documentId, 'documents:notes');
  const [inserted] = await db
    .insert(documentNotes)
    .values({ companyId: access.companyId, employeeDocumentId: doc.id, authorId: access.userId, body: text })
    .returning({ id: documentNotes.id });
  const note = toNote(await findNote(db, access, doc.id, inserted!.id), access);
  platform.realtime.emitToWorkspace(access.companyId, NOTE_ADDED_EVENT, {
    document_id: doc.id,
    note_id: note._id,
    by: access.userId,
  } satisfies TNoteEvent);
  return note;
}

/** Edits a note: only its author may (403 for anyone else, who may still read it). */
export async function updateNote(
  platform: Platform,
  access: AccessContext,
  documentId: string,
  noteId: string,
  text: string,
): Promise<TDocumentNote> {
  const db = platform.database.db;
  const doc = await findListedDocument(db, access, documentId, 'documents:notes');
  const note = await findNote(db, access, doc.id, noteId);
  if (note.authorId !== access.userId) {
    throw new AppError('FORBIDDEN', { message: 'Only the author of a note can edit it' });
  }
  if (note.body !== text) {
    await db
      .update(documentNotes)
      .set({
        body: text,
        updatedAt: sql`greatest(now(), ${documentNotes.createdAt} + interval '1 millisecond')`,
      })
      .where(eq(documentNotes.id, note.id));
    platform.realtime.emitToWorkspace(access.companyId, NOTE_UPDATED_EVENT, {
      document_id: doc.id,
      note_id: note.id,
      by: access.userId,
    } satisfies TNoteEvent);
  }
  return toNote(await findNote(db, access, doc.id, note.id), access);
}

type RecentRow = {
  id: string;
  employee_document_id: string;
  author_id: string | null;
  body: string;
  created_at: Date | string;
  updated_at: Date | string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  document_name: string;
  document_status: TDocumentStatus;
};

/**
 * `GET /all-documents/recent-notes`: the newest notes on the documents the caller sees (the rule
 * of the document lists, archived documents included), newest first, paged.
 */
export async function recentNotes(
  db: Pick<Db, 'select' | 'execute'>,
  access: AccessContext,
  page: TPageQuery,
): Promise<{ rows: TRecentNote[]; total: number }> {
  const scope = await loadScope(db, access);
  const from = sql`from document_notes n
    join employee_documents ed on ed.id = n.employee_document_id and ed.company_id = n.company_id
    where n.company_id = ${access.companyId} and ${visibleTo(scope)}`;
  const [rows, counted] = await Promise.all([
    rowsOf<RecentRow>(
      db,
      sql`select p.id, p.employee_document_id, p.author_id, p.body, p.created_at, p.updated_at,
          ${userDirectory.firstName} as first_name, ${userDirectory.lastName} as last_name,
          ${userDirectory.email} as email, p.document_name, p.document_status
        from (select n.*, ed.name as document_name, ed.status as document_status ${from}
          order by n.created_at desc, n.id desc limit ${page.limit} offset ${(page.page - 1) * page.limit}) p
        left join ${userDirectory} on ${userDirectory.id} = p.author_id
        order by p.created_at desc, p.id desc`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${from}`),
  ]);
  return {
    total: Number(counted[0]?.n ?? 0),
    rows: rows.map((r) => ({
      ...toNote(
        {
          id: r.id,
          companyId: access.companyId,
          employeeDocumentId: r.employee_document_id,
          authorId: r.author_id,
          body: r.body,
          createdAt: new Date(r.created_at),
          updatedAt: new Date(r.updated_at),
          authorFirstName: r.first_name,
          authorLastName: r.last_name,
          authorEmail: r.email,
        },
        access,
      ),
      document: { _id: r.employee_document_id, name: r.document_name, status: r.document_status },
    })),
  };
}
