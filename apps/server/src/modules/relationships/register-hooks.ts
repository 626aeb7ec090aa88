import { sql } from 'drizzle-orm';
import { registerEntityDeletionGuard } from '../entities';
import { registerAggregateFiller, registerRecordLinkCondition } from '../entity-data';
import { fillAggregates } from './aggregates';
import { entityRelationshipData, entityRelationships } from './schema';

/** Plugs the relationships module into the modules before it; app.ts calls it at start-up. */
export function registerRelationshipHooks(): void {
  // Records read with their AGGREGATE values, computed over related records.
  registerAggregateFiller(fillAggregates);
  // The contact area's OWN scope: records linked to the contact's account record, either side.
  registerRecordLinkCondition(
    (recordId, otherId) =>
      sql`exists (select 1 from ${entityRelationshipData} where (${entityRelationshipData.parentDataId} = ${otherId} and ${entityRelationshipData.childDataId} = ${recordId}) or (${entityRelationshipData.childDataId} = ${otherId} and ${entityRelationshipData.parentDataId} = ${recordId}))`,
  );
  // Deleting an entity takes its relationships along (foreign keys): counted first.
  registerEntityDeletionGuard({
    name: 'relationships',
    count: async (tx, entityId) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(entityRelationships)
        .where(
          sql`${entityRelationships.parentEntityId} = ${entityId} or ${entityRelationships.childEntityId} = ${entityId}`,
        );
      return { relationships: Number(row?.n ?? 0) };
    },
  });
}
