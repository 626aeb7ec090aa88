import { and, eq } from 'drizzle-orm';
import { registerEntityDeletionGuard } from '../entities';
import { entityViews } from './schema';

/** Plugs the entity-views module into the modules before it; app.ts calls it at start-up. */
export function registerEntityViewHooks(): void {
  // A view's first entity is no foreign key (views span entities): its views go with the entity.
  registerEntityDeletionGuard({
    name: 'entity-views',
    beforeDelete: async (tx, companyId, entityId) => {
      await tx
        .delete(entityViews)
        .where(and(eq(entityViews.companyId, companyId), eq(entityViews.entityId, entityId)));
    },
  });
}
