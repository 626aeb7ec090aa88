import { sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { entityData } from '../entity-data/schema';
import { registerTemplateGuard } from '../form-templates';
import { entities } from './schema';

/*
 * Templates that entities are made of: one in use cannot be deleted, and a field that records hold
 * values for cannot be removed or change type (the values would be lost or mean something else).
 */

const usedBy = (templateId: string) =>
  sql`${entities.templates} @> ${JSON.stringify([{ template_id: templateId }])}::jsonb`;

export function registerEntityTemplateGuard(): void {
  registerTemplateGuard({
    name: 'entities',
    beforeDelete: async (db: Db, template) => {
      const [row] = await db
        .select({ name: entities.name })
        .from(entities)
        .where(usedBy(template.id))
        .limit(1);
      return row ? `Used by the entity ${row.name}: remove it from the entity first` : null;
    },
    beforeFieldsChange: async (db: Db, template, before, after) => {
      const afterByKey = new Map(after.map((field) => [field.key, field]));
      const changed = before.filter((field) => afterByKey.get(field.key)?.type !== field.type);
      if (changed.length === 0) return [];
      const problems: TValidationDetail[] = [];
      for (const field of changed) {
        const [hit] = await db
          .select({ name: entities.name })
          .from(entityData)
          .innerJoin(entities, sql`${entities.id} = ${entityData.entityId}`)
          .where(
            sql`${usedBy(template.id)} and ${entityData.companyId} = ${template.companyId}
              and jsonb_typeof(${entityData.values} -> ${template.id}::text -> ${field.key}::text) is not null
              and ${entityData.values} -> ${template.id}::text -> ${field.key}::text <> 'null'::jsonb`,
          )
          .limit(1);
        if (!hit) continue;
        const index = before.indexOf(field);
        const now = afterByKey.get(field.key);
        problems.push({
          key: `fields.${now ? after.indexOf(now) : index}`,
          path: ['fields', now ? after.indexOf(now) : index],
          message: now
            ? `Records of ${hit.name} hold ${field.label} values: its type cannot change`
            : `Records of ${hit.name} hold ${field.label} values: it cannot be removed`,
        });
      }
      return problems;
    },
  });
}
