import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  TTemplateDataAllEntities,
  TTemplateDataAllEntitiesQuery,
} from '@esigns/contracts/entity-actions';
import { escapeLike, type Db } from '../../platform/db/database';
import { entitiesUsingTemplate } from '../entities';
import { findReadableTemplate } from '../form-templates';
import { entityData, templateDataEntries } from './schema';
import { visibleRecords } from './staged-imports';

/*
 * `GET /templates-entity-data-all-entities`: one form template's data in every entity made with
 * it (an "Address" template in Leads, Tenants and Vendors), newest change first. A repeatable
 * template answers its entries (one row per entry), the others each record's values.
 * `GET /templates-data` (`template-data-service.ts`) is the same read narrowed to one entity
 * (`entity_id`) and/or one record (`entity_data_id`).
 */

/** The query, optionally narrowed to one entity and/or one record (`GET /templates-data`). */
export type TemplateDataAllQuery = TTemplateDataAllEntitiesQuery & {
  entity_id?: string | undefined;
  entity_data_id?: string | undefined;
};

export async function templateDataAllEntities(
  db: Db,
  companyId: string,
  query: TemplateDataAllQuery,
): Promise<TTemplateDataAllEntities> {
  const template = await findReadableTemplate(db, companyId, query.template_id);
  const wanted = query.entity_id?.toLowerCase();
  const users = (await entitiesUsingTemplate(db, template.id, { companyId }))
    .filter((e) => wanted === undefined || e.id === wanted)
    .map((e) => ({ _id: e.id, name: e.name }));
  const base = {
    template: { _id: template.id, name: template.name, is_repeatable: template.isRepeatable },
    entities: users,
    page: query.page,
  };
  if (users.length === 0) return { ...base, data: [], total: 0, total_pages: 0 };
  const names = new Map(users.map((e) => [e._id, e.name]));
  const narrowed = and(
    visibleRecords(),
    query.search ? sql`${entityData.title} ilike ${`%${escapeLike(query.search)}%`}` : undefined,
    query.entity_data_id ? eq(entityData.id, query.entity_data_id) : undefined,
  );
  const inEntities = inArray(
    entityData.entityId,
    users.map((e) => e._id),
  );
  const offset = (query.page - 1) * query.limit;

  if (template.isRepeatable) {
    const where = and(inEntities, eq(templateDataEntries.templateId, template.id), narrowed);
    const from = () =>
      db
        .select()
        .from(templateDataEntries)
        .innerJoin(entityData, eq(entityData.id, templateDataEntries.entityDataId));
    const [rows, [count]] = await Promise.all([
      from()
        .where(where)
        .orderBy(desc(templateDataEntries.updatedAt), desc(templateDataEntries.id))
        .limit(query.limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(templateDataEntries)
        .innerJoin(entityData, eq(entityData.id, templateDataEntries.entityDataId))
        .where(where),
    ]);
    const total = Number(count?.n ?? 0);
    return {
      ...base,
      data: rows.map(({ entity_data: record, template_data_entries: entry }) => ({
        entity_data_id: record.id,
        entity_id: record.entityId,
        entity_name: names.get(record.entityId) ?? '',
        title: record.title,
        template_data_id: entry.id,
        values: entry.values,
        updated_at: entry.updatedAt.toISOString(),
      })),
      total,
      total_pages: Math.ceil(total / query.limit),
    };
  }

  const where = and(inEntities, sql`${entityData.values} -> ${template.id}::text is not null`, narrowed);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(entityData)
      .where(where)
      .orderBy(desc(entityData.updatedAt), desc(entityData.id))
      .limit(query.limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(entityData)
      .where(where),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    ...base,
    data: rows.map((record) => ({
      entity_data_id: record.id,
      entity_id: record.entityId,
      entity_name: names.get(record.entityId) ?? '',
      title: record.title,
      template_data_id: null,
      values: record.values[template.id] ?? {},
      updated_at: record.updatedAt.toISOString(),
    })),
    total,
    total_pages: Math.ceil(total / query.limit),
  };
}
