import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPageQuery, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZRepeatableEntriesAdd,
  ZRepeatableEntry,
  ZRepeatableEntryCreate,
  ZRepeatableEntryPage,
  ZRepeatableEntryPatch,
} from '@esigns/contracts/record-extras';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { addEntries, deleteEntry, entryIds, listEntries, readEntry, updateEntry } from './repeatable-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const ZEntryId = z.object({ id: z.uuid('Use an entry id') });

const VALUES_DOC =
  "`values` are the template's field values by key, checked by the same validator as record values (422 keyed " +
  '`values.<key>`, `values.<table>.<row>.<column>`, `values.<file_field>.<index>`); file values must be ' +
  'files uploaded for that field (`templates-data/file-upload-url`), ENTITY values records of the linked ' +
  'entity. FORMULA fields are computed, AUTO_INCREMENT fields numbered when the entry is added (per entity, ' +
  "template and field; never changed), GLOBAL_VARIABLE fields answered with the variable's value. A record " +
  "holds at most the template's `max_entries` entries (409 MAX_ENTRIES_REACHED). Another company's record, " +
  'entry or an unknown id: 404; a template that is not a repeatable template of the record: 404 when not in ' +
  'the entity, 422 `template_id` when not repeatable.';

/** Entries of repeatable templates: line items of a record (spec 3 §7 "Repeatable templates"). */
export function registerRepeatableRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['repeatable-templates'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'entity-data:view');
  const canEdit = requirePermission(platform, 'entity-data:update');

  r.get(
    '/templates-data/repeatable-template',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "A record's entries of a repeatable template, in order",
        description:
          "Paged (`page`, `limit` up to 500). `linked_titles` maps the ids held by the entries' ENTITY " +
          "fields on the page (lists included) to the linked records' titles, in one lookup; an id missing " +
          `from it is a record deleted since. ${VALUES_DOC}`,
        querystring: ZPageQuery.extend({
          entity_data_id: z.uuid('Use a record id'),
          template_id: z.uuid('Use a template id'),
        }),
        response: { 200: ZSuccess(ZRepeatableEntryPage), ...ERRORS },
      },
    },
    async (request) => ok(await listEntries(db, accessOf(request), request.query)),
  );

  r.post(
    '/templates-data/repeatable-template',
    {
      onRequest: canEdit,
      schema: {
        tags,
        security,
        summary: 'Add an entry to a record',
        description: `The entry goes last. ${VALUES_DOC}`,
        body: ZRepeatableEntryCreate,
        response: { 200: ZSuccess(ZRepeatableEntry), ...ERRORS },
      },
    },
    async (request) => {
      const [entry] = await addEntries(db, accessOf(request), request.body, [request.body.values], () => [
        'values',
      ]);
      return ok(entry!, 'Entry added');
    },
  );

  r.post(
    '/repeatable-template/add',
    {
      onRequest: canEdit,
      schema: {
        tags,
        security,
        summary: 'Add several entries to a record at once',
        description: `All are added or none (details keyed \`entries.<i>.<key>\`). ${VALUES_DOC}`,
        body: ZRepeatableEntriesAdd,
        response: { 200: ZSuccess(z.array(ZRepeatableEntry)), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await addEntries(db, accessOf(request), request.body, request.body.entries, (index) => [
          'entries',
          index,
        ]),
        'Entries added',
      ),
  );

  r.get(
    '/repeatable-template/ids/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "The ids of a record's entries",
        description:
          '`{id}` is the record (`entity_data_id`); `template_id` narrows to one template. Each item is ' +
          "`{ _id, template_id }`, by template then position. Another company's record: 404.",
        params: z.object({ id: z.uuid('Use a record id') }),
        querystring: z.object({ template_id: z.uuid('Use a template id').optional() }),
        response: {
          200: ZSuccess(z.array(z.object({ _id: z.string(), template_id: z.string() }))),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await entryIds(db, accessOf(request), request.params.id, request.query.template_id)),
  );

  r.get(
    '/templates-data/repeatable-template/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'One entry',
        params: ZEntryId,
        response: { 200: ZSuccess(ZRepeatableEntry), ...ERRORS },
      },
    },
    async (request) => ok(await readEntry(db, accessOf(request), request.params.id)),
  );

  r.patch(
    '/templates-data/repeatable-template/:id',
    {
      onRequest: canEdit,
      schema: {
        tags,
        security,
        summary: 'Change an entry',
        description: `Only the fields sent change; the entry is then checked whole. ${VALUES_DOC}`,
        params: ZEntryId,
        body: ZRepeatableEntryPatch,
        response: { 200: ZSuccess(ZRepeatableEntry), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateEntry(db, accessOf(request), request.params.id, request.body.values), 'Entry saved'),
  );

  r.delete(
    '/templates-data/repeatable-template/:id',
    {
      onRequest: canEdit,
      schema: {
        tags,
        security,
        summary: 'Delete an entry',
        params: ZEntryId,
        response: { 200: ZSuccess(z.object({ deleted: z.literal(true) })), ...ERRORS },
      },
    },
    async (request) => {
      await deleteEntry(db, accessOf(request), request.params.id);
      return ok({ deleted: true as const }, 'Entry deleted');
    },
  );
}
