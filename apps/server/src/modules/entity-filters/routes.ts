import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateEntityFilterRequest,
  ZEntityFilter,
  ZEntityFilterCacheItem,
  ZEntityFilterQuery,
  ZFilterListQuery,
  ZFiltersByEntitiesRequest,
  ZFiltersByEntityIdsQuery,
  ZUpdateEntityFilterRequest,
} from '@esigns/contracts/entity-filters';
import { ZErrorBody, ZPageQuery, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import { registerGlobalFilterRoutes } from './global-routes';
import {
  createEntityFilter,
  deleteEntityFilter,
  findEntityFilter,
  listEntityFilters,
  listFilterCache,
  listFilters,
  listFiltersOfEntities,
  updateEntityFilter,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

const VISIBILITY_DOC =
  "A caller sees the company's shared filters and their own personal ones; another user's personal filter " +
  "answers 404, like an unknown or another company's id.";

const BODY_DOC =
  '`filters` is `{ match: ALL|ANY, rules: [{ field, operator, value }] }` as in `POST /entities-data/entity/data`; ' +
  '`sort` up to 3 `{ field, direction }`; `columns` the grid columns to show (field refs `<template_id>#<key>` or ' +
  "created_at, updated_at, created_by, title; null: the grid's own); `is_quick` shows it as a one-click chip above " +
  "the grid; `shared` true makes it the company's, false the author's own. Every rule, sort and column is checked " +
  'against the entity: problems answer 422 keyed `filters.rules.N.field|operator|value`, `sort.N.field`, `columns.N`.';

const EDIT_DOC =
  'A personal filter is changed only by its owner; a shared one by its author or whoever holds `filters:update` ' +
  '(`filters:delete` to delete), else 403.';

/** Saved filters of entities (spec 3 §7 "Filters") and the caller's global filters. */
export function registerEntityFilterRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['filters'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'filters:view');
  const idParams = z.object({ id: z.string().max(64) });
  const ZFilterList = ZSuccess(z.array(ZEntityFilter));

  r.post(
    '/entity-filter',
    {
      onRequest: requirePermission(platform, 'filters:create'),
      schema: {
        tags,
        security,
        summary: 'Save a filter of an entity',
        description: `${BODY_DOC} Unknown or another company's \`entity_id\`: 404. Needs \`filters:create\`.`,
        body: ZCreateEntityFilterRequest,
        response: { 200: ZSuccess(ZEntityFilter), ...ERRORS },
      },
    },
    async (request) => ok(await createEntityFilter(db, accessOf(request), request.body), 'Filter saved'),
  );

  r.get(
    '/entity-filter',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "An entity's saved filters the caller sees, by name",
        description: `${VISIBILITY_DOC} \`is_quick=true\`: only quick filters. Unknown entity: 404. Needs \`filters:view\`.`,
        querystring: ZEntityFilterQuery,
        response: { 200: ZFilterList, ...ERRORS },
      },
    },
    async (request) =>
      ok(await listEntityFilters(db, accessOf(request), request.query.entity_id, request.query.is_quick)),
  );

  r.get(
    '/entity-filter/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'One saved filter',
        description: `${VISIBILITY_DOC} Needs \`filters:view\`.`,
        params: idParams,
        response: { 200: ZSuccess(ZEntityFilter), ...ERRORS },
      },
    },
    async (request) => ok(await findEntityFilter(db, accessOf(request), request.params.id)),
  );

  r.post(
    '/entity-filter/:id',
    {
      onRequest: requireAnyPermission(platform, ['filters:create', 'filters:update']),
      schema: {
        tags,
        security,
        summary: 'Change a saved filter',
        description:
          `Only what the body gives changes; the entity never does. ${BODY_DOC} ${EDIT_DOC} ` +
          "A shared filter made personal becomes the caller's. Needs `filters:create` or `filters:update`.",
        params: idParams,
        body: ZUpdateEntityFilterRequest,
        response: { 200: ZSuccess(ZEntityFilter), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateEntityFilter(db, accessOf(request), request.params.id, request.body), 'Filter updated'),
  );

  r.delete(
    '/entity-filter/:id',
    {
      onRequest: requireAnyPermission(platform, ['filters:create', 'filters:delete']),
      schema: {
        tags,
        security,
        summary: 'Delete a saved filter',
        description: `${EDIT_DOC} ${VISIBILITY_DOC} Needs \`filters:create\` or \`filters:delete\`.`,
        params: idParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteEntityFilter(db, accessOf(request), request.params.id), 'Filter deleted'),
  );

  r.get(
    '/filters',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'Every saved filter the caller sees, paged',
        description: `${VISIBILITY_DOC} By name; \`search\` matches the name, \`entity_id\` keeps one entity's. Needs \`filters:view\`.`,
        querystring: ZFilterListQuery,
        response: { 200: ZSuccess(ZPaged(ZEntityFilter)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listFilters(db, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.post(
    '/filters/all-filters',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The saved filters of several entities',
        description: `\`entity_ids\`: up to 100; ids that are not the company's entities give nothing. ${VISIBILITY_DOC} Needs \`filters:view\`.`,
        body: ZFiltersByEntitiesRequest,
        response: { 200: ZFilterList, ...ERRORS },
      },
    },
    async (request) => ok(await listFiltersOfEntities(db, accessOf(request), request.body.entity_ids)),
  );

  r.get(
    '/filters/fetch-all-filters-by-entity-ids',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The saved filters of several entities (ids in the query)',
        description: `\`ids\`: comma-separated or repeated, up to 100. ${VISIBILITY_DOC} Needs \`filters:view\`.`,
        querystring: ZFiltersByEntityIdsQuery,
        response: { 200: ZFilterList, ...ERRORS },
      },
    },
    async (request) => ok(await listFiltersOfEntities(db, accessOf(request), request.query.ids)),
  );

  r.get(
    '/entity-filters/fetch-by-company',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The start-up cache list of saved filters, paged',
        description: `\`_id\`, \`filter_name\`, \`entity_id\` of each filter the caller sees, by name (the client reads 100 per page). Needs \`filters:view\`.`,
        querystring: ZPageQuery,
        response: { 200: ZSuccess(ZPaged(ZEntityFilterCacheItem)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listFilterCache(db, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  registerGlobalFilterRoutes(r, platform);
}
