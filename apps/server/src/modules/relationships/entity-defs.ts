import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { loadTemplateDefs, toDefinition, type EntityDefinition } from '../entities';
import { entities } from '../entities/schema';

/** The company's entities with these ids, as definitions, in two queries whatever their number. */
export async function loadDefinitions(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, EntityDefinition>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(entities)
    .where(and(eq(entities.companyId, companyId), inArray(entities.id, unique)));
  const templates = await loadTemplateDefs(db, rows);
  return new Map(rows.map((row) => [row.id, toDefinition(row, templates)]));
}
