import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import {
  MAX_GROUP_MEMBERS,
  WORKFLOWS_NOT_AVAILABLE,
  ZCreateEntityGroupRequest,
  ZEntityGroup,
  ZEntityGroupListQuery,
  ZUpdateEntityGroupRequest,
} from '@esigns/contracts/entity-groups';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import {
  createEntityGroup,
  deleteEntityGroup,
  findEntityGroup,
  listEntityGroups,
  updateEntityGroup,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const ANSWER_DOC =
  'The answer lists the members that still exist, in the order given, both as id lists (`entity_ids`...) and ' +
  'with their names (`entities`, `formTemplates`, `docTemplates` with `company_document_id`, `globalVariables`, ' +
  '`workflows`); members deleted since are left out.';

const BODY_DOC =
  '`name` is unique in the company (ignoring case). Members are id lists (at most ' +
  `${MAX_GROUP_MEMBERS} each, repeats kept once): \`entity_ids\` (the company's entities), \`form_template_ids\` ` +
  "(the company's form templates or STANDARD ones), `doc_template_ids` (the company's document templates), " +
  "`global_variable_ids` (the company's or standard variables). An id that is not the company's answers 422 keyed " +
  `by its place (\`entity_ids.2\`). \`workflow_ids\` must be empty: "${WORKFLOWS_NOT_AVAILABLE}". \`position\` ` +
  '(0-based) puts the group at that place among the others, which shift.';

/** Entity groups (spec 3 §7 "Entity groups"). */
export function registerEntityGroupRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['entity-groups'];
  const security = [{ bearer: [] }];
  const idParams = z.object({ id: z.string().max(64) });

  r.get(
    '/entity-groups',
    {
      onRequest: requirePermission(platform, 'entity-groups:view'),
      schema: {
        tags,
        security,
        summary: "The company's entity groups, in their order, paged",
        description:
          '`search` matches name or description (case-insensitive). Ordered by `position`. The start-up cache reads ' +
          `100 per page. ${ANSWER_DOC} Needs \`entity-groups:view\`.`,
        querystring: ZEntityGroupListQuery,
        response: { 200: ZSuccess(ZPaged(ZEntityGroup)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listEntityGroups(db, accessOf(request).companyId, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.post(
    '/entity-groups',
    {
      onRequest: requirePermission(platform, 'entity-groups:create'),
      schema: {
        tags,
        security,
        summary: 'Create an entity group',
        description: `Needs \`entity-groups:create\`. ${BODY_DOC} Without \`position\` the group goes last. ${ANSWER_DOC}`,
        body: ZCreateEntityGroupRequest,
        response: { 200: ZSuccess(ZEntityGroup), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createEntityGroup(db, accessOf(request), request.body), 'Entity group created'),
  );

  r.get(
    '/entity-groups/:id',
    {
      onRequest: requirePermission(platform, 'entity-groups:view'),
      schema: {
        tags,
        security,
        summary: 'One entity group with its members',
        description: `Unknown or another company's id: 404. ${ANSWER_DOC} Needs \`entity-groups:view\`.`,
        params: idParams,
        response: { 200: ZSuccess(ZEntityGroup), ...ERRORS },
      },
    },
    async (request) => ok(await findEntityGroup(db, accessOf(request).companyId, request.params.id)),
  );

  r.patch(
    '/entity-groups/:id',
    {
      onRequest: requirePermission(platform, 'entity-groups:update'),
      schema: {
        tags,
        security,
        summary: 'Change an entity group, or move it',
        description:
          'Needs `entity-groups:update`. Only what the body gives changes; a member list given replaces the ' +
          `stored one. ${BODY_DOC} Unknown or another company's group: 404.`,
        params: idParams,
        body: ZUpdateEntityGroupRequest,
        response: { 200: ZSuccess(ZEntityGroup), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateEntityGroup(db, accessOf(request), request.params.id, request.body),
        'Entity group updated',
      ),
  );

  r.delete(
    '/entity-groups/:id',
    {
      onRequest: requirePermission(platform, 'entity-groups:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete an entity group',
        description:
          'Needs `entity-groups:delete`. Deletes the group only: its entities, templates and variables stay. ' +
          "The groups after it move up one place. Unknown or another company's id: 404.",
        params: idParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteEntityGroup(db, accessOf(request), request.params.id), 'Entity group deleted'),
  );
}
