import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireAnyPermission } from '../contacts';
import { accessOf } from '../permissions';
import { RELATIONSHIP_ERRORS } from './route-common';
import { relatedEntities } from './service';

/**
 * `GET /entities/related/{id}` (tagged entities, read like the other entity calls): the entities
 * related to one. Relationships are this module's, so the call lives here.
 */
export function registerRelatedEntityRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const security = [{ bearer: [] }];

  r.get(
    '/entities/related/:id',
    {
      onRequest: requireAnyPermission(platform, ['entities:view', 'entity-data:view']),
      schema: {
        tags: ['entities'],
        security,
        summary: 'Entities related to this one',
        description:
          '`role` CHILD: the other entity is a child of this one (its records show as a tab here); PARENT: ' +
          'the other way. `label` is the tab label on this entity.',
        params: z.object({ id: z.uuid('Use an entity id') }),
        response: {
          200: ZSuccess(
            z.array(
              z.object({
                relationship_id: z.string(),
                entity_id: z.string(),
                name: z.string(),
                relationship_type: z.enum(['ONE_TO_ONE', 'ONE_TO_MANY', 'MANY_TO_MANY']),
                role: z.enum(['CHILD', 'PARENT']),
                label: z.string(),
              }),
            ),
          ),
          ...RELATIONSHIP_ERRORS,
        },
      },
    },
    async (request) => ok(await relatedEntities(db, accessOf(request).companyId, request.params.id)),
  );
}
