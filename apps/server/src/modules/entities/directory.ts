import { queryBuilder } from '../../platform/db/query-builder';
import { entities } from './schema';

/**
 * The entities' names as a subquery other modules join in their paged lists (a customization
 * list ordered by entity name; a contact's account record among BUSINESS records): id, company,
 * name, type. PostgreSQL flattens it into the join (the plan
 * of a direct join); the table stays this module's.
 */
export const entityNames = queryBuilder
  .select({
    id: entities.id,
    companyId: entities.companyId,
    name: entities.name,
    entityType: entities.entityType,
  })
  .from(entities)
  .as('entity_names');
