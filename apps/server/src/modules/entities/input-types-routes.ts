import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  MAX_INPUT_TYPE_ENTITIES,
  ZEntitiesInputTypesRequest,
  ZEntityInputTypes,
} from '@esigns/contracts/entity-input-types';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireAnyPermission } from '../contacts';
import { accessOf } from '../permissions';
import { entitiesInputTypes } from './input-types-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** `POST /get-entities-input-types` (spec 3 §7 "Entities"): entities' fields by input type, for pickers. */
export function registerEntityInputTypeRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/get-entities-input-types',
    {
      // The read permission of the other entity reads: whoever works with records needs their fields.
      onRequest: requireAnyPermission(platform, ['entities:view', 'entity-data:view']),
      schema: {
        tags: ['entities'],
        security: [{ bearer: [] }],
        summary: "Entities' fields of some input types (pickers)",
        description:
          `\`entity_ids\`: the entities to describe (at most ${MAX_INPUT_TYPE_ENTITIES}), answered in that order, ` +
          "each once; absent: every entity of the workspace, by name. An unknown or another workspace's id " +
          'answers 404 with a detail keyed `entity_ids.N` per such id. `input_types`: only fields of these ' +
          'field types (absent: every type); an unknown type answers 422 keyed `input_types.N`. ' +
          '`include_repeatable` (default false): also the fields of repeatable templates (line items). Each ' +
          "entity's `fields` come from its templates in their order, then each template's fields in theirs: " +
          '`template_id`, `template_name`, `key`, `label`, `input_type`, `is_primary_template` (the template ' +
          'that names records) and `repeatable`. Needs `entities:view` or `entity-data:view`.',
        body: ZEntitiesInputTypesRequest,
        response: { 200: ZSuccess(z.array(ZEntityInputTypes)), ...ERRORS },
      },
    },
    async (request) =>
      ok(await entitiesInputTypes(platform.database.db, accessOf(request).companyId, request.body)),
  );
}
