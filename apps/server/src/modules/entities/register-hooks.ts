import { count, eq } from 'drizzle-orm';
import { registerTemplateGuard } from '../form-templates';
import { registerUsageCounter } from '../subscriptions';
import { entities } from './schema';
import { entitiesUsingTemplate } from './definition';

/*
 * Templates that entities are made of: one in use cannot be deleted. (A field that records hold
 * values for cannot change: entity-data registers that guard, the records are its own.)
 */

/** Plugs the entities module into the modules before it; app.ts calls it at start-up. */
export function registerEntityHooks(): void {
  // The plan's `entities` limit counts the company's entities.
  registerUsageCounter('entities', async (db, companyId) => {
    const [row] = await db.select({ n: count() }).from(entities).where(eq(entities.companyId, companyId));
    return Number(row?.n ?? 0);
  });
  registerTemplateGuard({
    name: 'entities',
    beforeDelete: async (db, template) => {
      const [entity] = await entitiesUsingTemplate(db, template.id, { limit: 1 });
      return entity ? `Used by the entity ${entity.name}: remove it from the entity first` : null;
    },
  });
}
