import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateNoteRequest,
  ZDocumentNote,
  ZRecentNote,
  ZUpdateNamedNoteRequest,
  ZUpdateNoteRequest,
} from '@esigns/contracts/document-notes';
import { ZPageQuery, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { ERRORS, security } from '../documents';
import { accessOf, requirePermission } from '../permissions';
import { addNote, getNote, listNotes, recentNotes, updateNote } from './service';

const tags = ['notes'];

const ZDocumentParam = z.object({
  employee_document_id: z.string().max(100).describe('Sent (employee) document id, or a draft of the caller'),
});
const ZNoteParams = ZDocumentParam.extend({ note_id: z.string().max(100).describe('Note id') });
/** Recent notes: at most 50 a page. */
const ZRecentQuery = ZPageQuery.transform((q) => ({ ...q, limit: Math.min(q.limit, 50) }));

const WHO =
  'For whoever sees the document in their lists (its sender, users it is shared with, recipients other than CC, ' +
  'and OWNER / `documents:view-all` / `documents:manage-all` holders; a draft: its sender); others get 404. Needs ' +
  '`documents:notes`.';
const EDIT =
  'Only the author edits a note (403 for anyone else); `edited` becomes true. Realtime `document.note_updated` ' +
  `goes to the workspace. ${WHO}`;

export function registerDocumentNoteRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const guard = requirePermission(platform, 'documents:notes');

  r.get(
    '/documents/:employee_document_id/notes',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: "A document's notes, newest first, paged",
        description: `\`is_mine\` tells which ones the caller may edit. ${WHO}`,
        params: ZDocumentParam,
        querystring: ZPageQuery,
        response: { 200: ZSuccess(ZPaged(ZDocumentNote)), ...ERRORS },
      },
    },
    async (request) => {
      const page = await listNotes(db, accessOf(request), request.params.employee_document_id, request.query);
      return ok(toPaged(page.rows, page.total, request.query));
    },
  );

  r.post(
    '/documents/:employee_document_id/notes',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'Add a note to a document',
        description:
          'A note (`note`, up to 5,000 characters) by the caller. Notes are remarks between staff, not part of the ' +
          `signing audit trail. Realtime \`document.note_added\` goes to the workspace. ${WHO}`,
        params: ZDocumentParam,
        body: ZCreateNoteRequest,
        response: { 200: ZSuccess(ZDocumentNote), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await addNote(platform, accessOf(request), request.params.employee_document_id, request.body.note),
        'Note added',
      ),
  );

  r.patch(
    '/documents/:employee_document_id/notes',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'Edit a note named in the body',
        description: `The same as \`PATCH /documents/{employee_document_id}/notes/{note_id}\` with \`note_id\` in the body. ${EDIT}`,
        params: ZDocumentParam,
        body: ZUpdateNamedNoteRequest,
        response: { 200: ZSuccess(ZDocumentNote), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateNote(
          platform,
          accessOf(request),
          request.params.employee_document_id,
          request.body.note_id,
          request.body.note,
        ),
        'Note updated',
      ),
  );

  r.get(
    '/documents/:employee_document_id/notes/:note_id',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'One note of a document',
        description: `A note id of another document is 404. ${WHO}`,
        params: ZNoteParams,
        response: { 200: ZSuccess(ZDocumentNote), ...ERRORS },
      },
    },
    async (request) =>
      ok(await getNote(db, accessOf(request), request.params.employee_document_id, request.params.note_id)),
  );

  for (const method of ['patch', 'post'] as const) {
    r[method](
      '/documents/:employee_document_id/notes/:note_id',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: method === 'patch' ? 'Edit a note' : 'Edit a note (the spec client sends POST too)',
          description: EDIT,
          params: ZNoteParams,
          body: ZUpdateNoteRequest,
          response: { 200: ZSuccess(ZDocumentNote), ...ERRORS },
        },
      },
      async (request) =>
        ok(
          await updateNote(
            platform,
            accessOf(request),
            request.params.employee_document_id,
            request.params.note_id,
            request.body.note,
          ),
          'Note updated',
        ),
    );
  }

  r.get(
    '/all-documents/recent-notes',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'The newest notes on the documents the caller sees',
        description:
          'Newest first, paged (`limit` at most 50), each with its document (`_id`, `name`, `status`); archived ' +
          'documents included. Visibility is that of the document lists. Needs `documents:notes`.',
        querystring: ZRecentQuery,
        response: { 200: ZSuccess(ZPaged(ZRecentNote)), ...ERRORS },
      },
    },
    async (request) => {
      const page = await recentNotes(db, accessOf(request), request.query);
      return ok(toPaged(page.rows, page.total, request.query));
    },
  );
}
