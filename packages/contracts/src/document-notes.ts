import { z } from 'zod';
import { DOCUMENT_STATUSES } from './documents';

/** Notes staff write on a document (`/documents/{employee_document_id}/notes`). */

export const NOTE_MAX_LENGTH = 5000;

export const ZNoteText = z
  .string({ error: 'Write a note' })
  .trim()
  .min(1, 'Write a note')
  .max(NOTE_MAX_LENGTH, `Keep the note under ${NOTE_MAX_LENGTH.toLocaleString('en')} characters`);

export const ZCreateNoteRequest = z.object({ note: ZNoteText });
export type TCreateNoteRequest = z.input<typeof ZCreateNoteRequest>;

export const ZUpdateNoteRequest = z.object({ note: ZNoteText });
export type TUpdateNoteRequest = z.input<typeof ZUpdateNoteRequest>;

/** `PATCH /documents/{employee_document_id}/notes`: the note named in the body. */
export const ZUpdateNamedNoteRequest = z.object({
  note_id: z.string({ error: 'Required' }).max(64),
  note: ZNoteText,
});

export const ZNoteAuthor = z.object({ _id: z.string(), name: z.string(), email: z.string() });

export const ZDocumentNote = z.object({
  _id: z.string(),
  employee_document_id: z.string(),
  note: z.string(),
  /** null once the author's account is gone. */
  author: ZNoteAuthor.nullable(),
  /** Whether the caller wrote it (and so may edit it). */
  is_mine: z.boolean(),
  /** Whether it was changed after it was written. */
  edited: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDocumentNote = z.infer<typeof ZDocumentNote>;

/** `GET /all-documents/recent-notes`: a note with the document it is on. */
export const ZRecentNote = ZDocumentNote.extend({
  document: z.object({ _id: z.string(), name: z.string(), status: z.enum(DOCUMENT_STATUSES) }),
});
export type TRecentNote = z.infer<typeof ZRecentNote>;

/** Realtime event sent to the workspace when a note is added (payload `TNoteEvent`). */
export const NOTE_ADDED_EVENT = 'document.note_added';
export const NOTE_UPDATED_EVENT = 'document.note_updated';
export type TNoteEvent = { document_id: string; note_id: string; by: string };
