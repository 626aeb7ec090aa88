import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZRecordPage } from '@esigns/contracts/entities';
import {
  MAX_VIEW_COLUMNS,
  MAX_VIEW_ENTITIES,
  ZCreateEntityViewRequest,
  ZEntityView,
  ZEntityViewListQuery,
  ZUpdateEntityViewRequest,
  ZViewDataQuery,
} from '@esigns/contracts/entity-views';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { hasPermission } from '@esigns/contracts/permissions';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-users';
import { ZRecordSchema } from '../entity-data';
import { accessOf, requirePermission } from '../permissions';
import {
  createEntityView,
  deleteEntityView,
  findEntityView,
  listEntityViews,
  updateEntityView,
} from './service';
import { contactEntityView, contactViewRecords } from './contact-views';
import { queryViewRecords } from './view-data';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

const CONFIG_DOC =
  `\`config.entities\`: 1 to ${MAX_VIEW_ENTITIES} entities of the company (each once; unknown or another ` +
  "company's: 404), each with `columns` (up to " +
  `${MAX_VIEW_COLUMNS} \`{ field, width }\` in display order; field refs \`<template_id>#<key>\` or created_at, ` +
  'updated_at, created_by, title), `filters` (`{ match: ALL|ANY, rules }` as in `POST /entities-data/entity/data`), ' +
  '`sort` (up to 3) and `layout`: TABLE, or BOARD with `board_field` a SELECT or RADIO field whose options are the ' +
  'lanes. Everything is checked against the entity: problems answer 422 keyed by their path ' +
  '(`config.entities.0.filters.rules.1.field`, `config.entities.1.columns.2.field`, `config.entities.0.board_field`). ' +
  '`name` is unique in the company (ignoring case; 422 `name`).';

/** Entity views (spec 3 §7 "Entity views") and the records of a view. */
export function registerEntityViewRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['entity-views'];
  const security = [{ bearer: [] }];
  const idParams = z.object({ id: z.string().max(64) });
  const canView = requirePermission(platform, 'entity-views:view');
  // The contact area opens views too (contact-views.ts: through their contact type's rules).
  const staffOrContact = requireStaffOrContact(platform, canView);

  r.get(
    '/entity-view-configuration',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "The company's entity views, by name, paged",
        description:
          '`search` matches name or description; `entity_id` keeps the views that include that entity. The start-up ' +
          'cache reads 50 per page (`_id`, `name`, `entity_id`: the first entity). `entities` lists the entities that ' +
          'still exist with their names. Needs `entity-views:view`.',
        querystring: ZEntityViewListQuery,
        response: { 200: ZSuccess(ZPaged(ZEntityView)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listEntityViews(db, accessOf(request).companyId, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.post(
    '/entity-view-configuration',
    {
      onRequest: requirePermission(platform, 'entity-views:create'),
      schema: {
        tags,
        security,
        summary: 'Create an entity view',
        description: `${CONFIG_DOC} Needs \`entity-views:create\`.`,
        body: ZCreateEntityViewRequest,
        response: { 200: ZSuccess(ZEntityView), ...ERRORS },
      },
    },
    async (request) => ok(await createEntityView(db, accessOf(request), request.body), 'Entity view created'),
  );

  r.get(
    '/entity-view-configuration/:id',
    {
      onRequest: staffOrContact,
      schema: {
        tags,
        security,
        summary: 'One entity view',
        description:
          "Unknown or another company's id: 404. Needs `entity-views:view`. A signed-in contact (the " +
          'contact area) gets the view with only the entities their contact type may read (`config.entities`, ' +
          '`entities`, `entity_id` the first of them); a view with none of them is 404.',
        params: idParams,
        response: { 200: ZSuccess(ZEntityView), ...ERRORS },
      },
    },
    async (request) => {
      const { contact } = request;
      if (contact) return ok(await contactEntityView(db, contact, request.params.id));
      return ok(await findEntityView(db, accessOf(request).companyId, request.params.id));
    },
  );

  r.patch(
    '/entity-view-configuration/:id',
    {
      onRequest: requirePermission(platform, 'entity-views:update'),
      schema: {
        tags,
        security,
        summary: 'Change an entity view',
        description: `Only what the body gives changes; a \`config\` given replaces the stored one. ${CONFIG_DOC} Unknown or another company's view: 404. Needs \`entity-views:update\`.`,
        params: idParams,
        body: ZUpdateEntityViewRequest,
        response: { 200: ZSuccess(ZEntityView), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateEntityView(db, accessOf(request), request.params.id, request.body),
        'Entity view updated',
      ),
  );

  r.delete(
    '/entity-view-configuration/:id',
    {
      onRequest: requirePermission(platform, 'entity-views:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete an entity view',
        description:
          "The view only; its entities and records stay. Unknown or another company's id: 404. Needs `entity-views:delete`.",
        params: idParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteEntityView(db, accessOf(request), request.params.id), 'Entity view deleted'),
  );

  r.post(
    '/entities-data/entity/view/data',
    {
      onRequest: staffOrContact,
      schema: {
        tags,
        security,
        summary: "A page of records of one of a view's entities",
        description:
          "`entity_id`: which of the view's entities (default the first; another: 422 `entity_id`). The view's " +
          "filters, the body's `filters` and the caller's global filters all apply (AND); `sort` replaces the view's " +
          'sorts when not empty; `search` matches record titles. The answer has the shape of ' +
          '`POST /entities-data/entity/data`. A view broken by a field removed since answers 422 keyed by the part ' +
          "of its config (`config.entities.0.filters.rules.1.field`). Unknown or another company's view: 404. " +
          'Needs `entity-views:view` and `entity-data:view`. A signed-in contact reads the entities of the view ' +
          'their contact type may read (default the first of them; another: 404), only the records in their ' +
          "scope: the view's filters are ANDed with it, never widen it.",
        body: ZViewDataQuery,
        response: {
          200: ZSuccess(ZRecordPage.extend({ data: z.array(ZRecordSchema) })),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const { contact } = request;
      if (contact) return ok(await contactViewRecords(db, contact, request.body));
      const access = accessOf(request);
      if (!hasPermission(access, 'entity-data:view')) {
        throw new AppError('FORBIDDEN', {
          message: 'You do not have permission to do this (entity-data:view)',
        });
      }
      return ok(await queryViewRecords(db, access, request.body));
    },
  );
}
