import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENTITY_TYPES,
  ZCreateEntityRequest,
  ZCreateEntityWithFieldsRequest,
  ZEntity,
  ZEntityListQuery,
  ZEntityName,
  ZUpdateEntityRequest,
} from '@esigns/contracts/entities';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { notFound } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-users';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import {
  checkEntityName,
  createEntity,
  createEntityWithFields,
  deleteEntity,
  entityNames,
  getEntity,
  listCompanyEntities,
  listEntities,
  updateEntity,
} from './service';
import { contactMayUseEntity, entityRecords } from './hooks';
import { registerEntityInputTypeRoutes } from './input-types-routes';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const ZId = z.object({ id: z.uuid('Use an entity id') });
const ZEntityWithSchema = ZEntity.meta({ id: 'Entity' });

const BODY_DOC =
  '`templates`: the form templates the entity is made of, in page order (own or STANDARD ones, each once); ' +
  'one `is_primary` (default: the first): its required fields must be given to create a record ' +
  "('Primary fields data required') and `display_field` (one of its text, number, date or choice fields; " +
  'default: the first text field) names records. `duplicate_rules`: field sets (`<template_id>#<key>`) two ' +
  'records may not share (BLOCK) or are warned about (WARN).';

/** Entities (spec 3 §7 "Entities"): the record types a company builds from form templates. */
export function registerEntityRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['entities'];
  const security = [{ bearer: [] }];
  // Whoever works with records needs their entity's definition.
  const canRead = requireAnyPermission(platform, ['entities:view', 'entity-data:view']);

  r.get(
    '/entities',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: "The company's entities, paged",
        description: 'By name; `search` matches the name, `entity_type` filters. Each has `records_count`.',
        querystring: ZEntityListQuery,
        response: { 200: ZSuccess(ZPaged(ZEntityWithSchema)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listEntities(db, accessOf(request).companyId, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.post(
    '/entities',
    {
      onRequest: requirePermission(platform, 'entities:create'),
      schema: {
        tags,
        security,
        summary: 'Create an entity from form templates',
        description: BODY_DOC,
        body: ZCreateEntityRequest,
        response: { 200: ZSuccess(ZEntityWithSchema), ...ERRORS },
      },
    },
    async (request) => ok(await createEntity(db, accessOf(request), request.body), 'Entity created'),
  );

  r.post(
    '/entities/create',
    {
      onRequest: requirePermission(platform, 'entities:create'),
      schema: {
        tags,
        security,
        summary: 'Create an entity with its own new primary template, in one call',
        description:
          'Creates a CUSTOM form template named after the entity from `fields` (the form template field ' +
          'shape; problems answer 422 keyed `fields.N...`), then the entity with it as primary, plus ' +
          '`templates` (existing ones) after it. Both or neither are saved.',
        body: ZCreateEntityWithFieldsRequest,
        response: { 200: ZSuccess(ZEntityWithSchema), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createEntityWithFields(db, accessOf(request), request.body), 'Entity created'),
  );

  r.get(
    '/entities/:id',
    {
      // The contact area reads the entities its contact type has a rule for (records screens).
      onRequest: requireStaffOrContact(platform, canRead),
      schema: {
        tags,
        security,
        summary: 'One entity with its templates and primary fields',
        description:
          'A signed-in contact reads an entity their contact type has a rule for (`records_count`: the records ' +
          "in their scope, 0 without read); any other is 404, like another company's.",
        params: ZId,
        response: { 200: ZSuccess(ZEntityWithSchema), ...ERRORS },
      },
    },
    async (request) => {
      const { contact } = request;
      if (contact) {
        if (!(await contactMayUseEntity(db, contact, request.params.id))) throw notFound('Entity');
        const [entity, count] = await Promise.all([
          getEntity(db, contact.companyId, request.params.id),
          entityRecords().countForContact(db, contact, request.params.id),
        ]);
        // A contact counts only the records they may read, never the entity's whole count.
        return ok({ ...entity, records_count: count });
      }
      return ok(await getEntity(db, accessOf(request).companyId, request.params.id));
    },
  );

  r.put(
    '/entities/:id',
    {
      onRequest: requirePermission(platform, 'entities:update'),
      schema: {
        tags,
        security,
        summary: 'Change an entity',
        description: `${BODY_DOC} Send the \`version\` read to detect concurrent edits (409). The primary template cannot change once the entity has records.`,
        params: ZId,
        body: ZUpdateEntityRequest,
        response: { 200: ZSuccess(ZEntityWithSchema), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateEntity(db, accessOf(request), request.params.id, request.body), 'Entity updated'),
  );

  r.delete(
    '/entities/:id',
    {
      onRequest: requirePermission(platform, 'entities:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete an entity (asks first when it has records or relationships)',
        description:
          'Without `force=true`, an entity with records or relationships answers 409 (`error_code` ' +
          'ENTITY_NOT_EMPTY) saying how many would go. With it, the entity, its records, their links, ' +
          'saved filters, customizations and views are removed in one transaction.',
        params: ZId,
        querystring: z.object({ force: z.enum(['true', 'false']).default('false') }),
        response: {
          200: ZSuccess(z.object({ records: z.number().int(), relationships: z.number().int() })),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(
        await deleteEntity(db, accessOf(request), request.params.id, request.query.force === 'true'),
        'Entity deleted',
      ),
  );

  r.get(
    '/company-entity',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'Every entity of the company, light (pickers and the start-up cache)',
        response: {
          200: ZSuccess(
            z.array(
              z.object({
                _id: z.string(),
                name: z.string(),
                slug: z.string(),
                entity_type: z.enum(ENTITY_TYPES),
                icon: z.string().nullable(),
                primary_template_id: z.string(),
              }),
            ),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await listCompanyEntities(db, accessOf(request).companyId)),
  );

  r.post(
    '/entities/getEntityNames',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'Names of entities by id',
        description: "Ids that are unknown or another company's are left out.",
        body: z.object({ ids: z.array(z.uuid()).max(500) }),
        response: { 200: ZSuccess(z.array(z.object({ _id: z.string(), name: z.string() }))), ...ERRORS },
      },
    },
    async (request) => ok(await entityNames(db, accessOf(request).companyId, request.body.ids)),
  );

  r.post(
    '/entities/check-entities',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'Whether an entity name is taken',
        body: z.object({ name: ZEntityName, exclude_id: z.uuid().optional() }),
        response: {
          200: ZSuccess(
            z.object({
              exists: z.boolean(),
              entity: z.object({ _id: z.string(), name: z.string() }).nullable(),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await checkEntityName(db, accessOf(request).companyId, request.body.name, request.body.exclude_id)),
  );

  registerEntityInputTypeRoutes(api, platform);
}
