import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import {
  ZAddRelationshipsRequest,
  ZCreateRelationshipRequest,
  ZCreateRelationshipsRequest,
  ZEntityRelationship,
  ZNestedRelationship,
  ZRelationship,
  ZRelationshipExists,
  ZRelationshipExistsRequest,
} from '@esigns/contracts/relationships';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { registerRelationshipDataRoutes } from './data-routes';
import { registerRelatedEntityRoutes } from './related-entities-routes';
import { RELATIONSHIP_ERRORS } from './route-common';
import {
  createRelationships,
  deleteRelationship,
  listEntityRelationships,
  nestedRelationships,
  relationshipExists,
} from './service';

const TYPES_DOC =
  '`relationship_type`: ONE_TO_ONE (a parent record links at most one child record and a child record one ' +
  'parent), ONE_TO_MANY (a child record has at most one parent record), MANY_TO_MANY. `parent_label` is the tab ' +
  "label on the parent's record pages (default: the child entity's name), `child_label` the one on the child's " +
  "(default: the parent's name). Two entities are related at most once, whichever way round (409 " +
  "RELATIONSHIP_EXISTS), and an entity is never related to itself (422). Unknown or another company's entities: 404.";

const ZEntityParam = z.object({ entity_id: z.string().max(64) });
const ZIdParam = z.object({ id: z.string().max(64) });

/** Relationships between entities (spec 3 §7 "Relationships"). */
export function registerRelationshipRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['relationships'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'relationships:view');
  const canManage = requirePermission(platform, 'relationships:manage');

  r.get(
    '/entities/:entity_id/relationships',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "An entity's relationships, both ways",
        description:
          "Oldest first. `role` is the other entity's: CHILD when this entity is the parent. `label` is the tab " +
          "label on this entity's record pages, `allows_many` whether one record here may link several records " +
          'there, `links_count` the number of record links of the relationship.',
        params: ZEntityParam,
        response: { 200: ZSuccess(z.array(ZEntityRelationship)), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) =>
      ok(await listEntityRelationships(db, accessOf(request).companyId, request.params.entity_id)),
  );

  r.post(
    '/entities/:entity_id/relationships',
    {
      onRequest: canManage,
      schema: {
        tags,
        security,
        summary: 'Relate a child entity to this one',
        description: `\`{entity_id}\` is the parent. ${TYPES_DOC}`,
        params: ZEntityParam,
        body: ZCreateRelationshipRequest,
        response: { 200: ZSuccess(ZRelationship), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) => {
      const item = { ...request.body, parent_entity_id: request.params.entity_id };
      const [created] = await createRelationships(db, accessOf(request), [item], (_, field) => field);
      return ok(created!, 'Relationship added');
    },
  );

  r.get(
    '/entities/:entity_id/nested-relationships',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "An entity's children and their children",
        description:
          'The relationships where this entity is the parent, each with `nested_child_entity_ids` (the children of ' +
          'that child). `fetchAll=true` adds `nested`: those relationships in full (two levels). Default false.',
        params: ZEntityParam,
        querystring: z.object({
          fetchAll: z
            .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
            .optional()
            .transform((v) => v === 'true' || v === '1'),
        }),
        response: { 200: ZSuccess(z.array(ZNestedRelationship)), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) =>
      ok(
        await nestedRelationships(
          db,
          accessOf(request).companyId,
          request.params.entity_id,
          request.query.fetchAll,
        ),
      ),
  );

  r.post(
    '/entities/relationships',
    {
      onRequest: canManage,
      schema: {
        tags,
        security,
        summary: 'Create several relationships at once',
        description: `All are created or none (details keyed \`relationships.N.<field>\`). ${TYPES_DOC}`,
        body: ZCreateRelationshipsRequest,
        response: { 200: ZSuccess(z.array(ZRelationship)), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) =>
      ok(
        await createRelationships(
          db,
          accessOf(request),
          request.body.relationships,
          (index, field) => `relationships.${index}.${field}`,
        ),
        'Relationships added',
      ),
  );

  r.post(
    '/entities/:id/addRelationships',
    {
      onRequest: canManage,
      schema: {
        tags,
        security,
        summary: 'Relate several child entities to this one',
        description: `\`{id}\` is the parent of each. All are created or none (details keyed \`relationships.N.<field>\`). ${TYPES_DOC}`,
        params: ZIdParam,
        body: ZAddRelationshipsRequest,
        response: { 200: ZSuccess(z.array(ZRelationship)), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) => {
      const items = request.body.relationships.map((item) => ({
        ...item,
        parent_entity_id: request.params.id,
      }));
      const created = await createRelationships(
        db,
        accessOf(request),
        items,
        (index, field) => `relationships.${index}.${field}`,
      );
      return ok(created, 'Relationships added');
    },
  );

  r.delete(
    '/entities/:id/relationships/:relId',
    {
      onRequest: canManage,
      schema: {
        tags,
        security,
        summary: 'Delete a relationship and its record links',
        description:
          'The relationship must have `{id}` on one side. Its record links go with it in the same transaction ' +
          '(the records stay); `links_removed` says how many. AGGREGATE fields over it then read null.',
        params: z.object({ id: z.string().max(64), relId: z.string().max(64) }),
        response: {
          200: ZSuccess(z.object({ _id: z.string(), links_removed: z.number().int() })),
          ...RELATIONSHIP_ERRORS,
        },
      },
    },
    async (request) =>
      ok(
        await deleteRelationship(db, accessOf(request).companyId, request.params.id, request.params.relId),
        'Relationship deleted',
      ),
  );

  r.post(
    '/entities/entity-relationships/existed',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'Whether two entities are related',
        description:
          "Either way round: `relationship` says which way it points. Unknown or another company's entities: 404.",
        body: ZRelationshipExistsRequest,
        response: { 200: ZSuccess(ZRelationshipExists), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) =>
      ok(
        await relationshipExists(
          db,
          accessOf(request).companyId,
          request.body.parent_entity_id,
          request.body.child_entity_id,
        ),
      ),
  );

  registerRelationshipDataRoutes(api, platform);
  registerRelatedEntityRoutes(api, platform);
}
