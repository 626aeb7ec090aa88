import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { rowsOf, type Db } from '../../platform/db/database';
import {
  entitiesUsingTemplate,
  entityNames,
  registerEntityDeletionGuard,
  registerEntityRecordStore,
} from '../entities';
import { registerTemplateGuard, type TemplateRef } from '../form-templates';
import { registerUsageCounter } from '../subscriptions';
import { contactRecordCount } from './contact-records';
import { entityData, entityDataDocuments, entityDataFiles } from './schema';
import { visibleRecords, visibleRecordsOf } from './staged-imports';

/*
 * The records of entities, as the modules before entity-data need them: entities count them
 * (hidden records of an import in progress left out), check for them and retitle them (hidden
 * ones too: they are about to be shown); deleting an entity counts them; a template field that records
 * hold values for cannot be removed or change type (the values would be lost or mean something else).
 */

/** Records of each entity, counted exactly up to `cap`, in one query. */
async function countRecords(db: Db, entityIds: readonly string[], cap: number): Promise<Map<string, number>> {
  if (entityIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; n: number }>(
    db,
    sql`
    select e.id, (select count(*)::int from (select 1 from ${entityData} d
      where d.entity_id = e.id ${visibleRecordsOf('d')} limit ${cap}) c) as n
    from unnest(${sql.raw(
      `array[${entityIds
        .filter(isUuid)
        .map((id) => `'${id}'`)
        .join(',')}]`,
    )}::uuid[]) as e(id)`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

async function hasRecords(db: Db, entityId: string): Promise<boolean> {
  const [record] = await db
    .select({ id: entityData.id })
    .from(entityData)
    .where(eq(entityData.entityId, entityId))
    .limit(1);
  return Boolean(record);
}

async function retitleRecords(
  tx: Db,
  entityId: string,
  primaryTemplateId: string,
  displayField: string | null,
): Promise<void> {
  await tx.execute(sql`update ${entityData} set title = coalesce(
      ${entityData.values} -> ${primaryTemplateId}::text ->> ${displayField ?? ''}::text, '')
    where ${entityData.entityId} = ${entityId}`);
}

/** The 422 details of field changes that records of entities made of the template hold values for. */
async function fieldChangeProblems(
  db: Db,
  template: TemplateRef,
  before: readonly TFormField[],
  after: readonly TFormField[],
): Promise<TValidationDetail[]> {
  const afterByKey = new Map(after.map((field) => [field.key, field]));
  const changed = before.filter((field) => afterByKey.get(field.key)?.type !== field.type);
  if (changed.length === 0) return [];
  const users = await entitiesUsingTemplate(db, template.id);
  if (users.length === 0) return [];
  const names = new Map(users.map((entity) => [entity.id, entity.name]));
  const problems: TValidationDetail[] = [];
  for (const field of changed) {
    const [hit] = await db
      .select({ entityId: entityData.entityId })
      .from(entityData)
      .where(
        and(
          inArray(entityData.entityId, [...names.keys()]),
          sql`${entityData.companyId} = ${template.companyId}
            and jsonb_typeof(${entityData.values} -> ${template.id}::text -> ${field.key}::text) is not null
            and ${entityData.values} -> ${template.id}::text -> ${field.key}::text <> 'null'::jsonb`,
        ),
      )
      .limit(1);
    if (!hit) continue;
    const name = names.get(hit.entityId);
    const index = before.indexOf(field);
    const now = afterByKey.get(field.key);
    problems.push({
      key: `fields.${now ? after.indexOf(now) : index}`,
      path: ['fields', now ? after.indexOf(now) : index],
      message: now
        ? `Records of ${name} hold ${field.label} values: its type cannot change`
        : `Records of ${name} hold ${field.label} values: it cannot be removed`,
    });
  }
  return problems;
}

/**
 * The plan's `records`: the company's records (an import's hidden ones too: they are about to
 * count), read through its entities (the records' entity index; entity_data has no company index).
 */
export async function countCompanyRecords(db: Pick<Db, 'select'>, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(entityData)
    .where(
      inArray(
        entityData.entityId,
        db.select({ id: entityNames.id }).from(entityNames).where(eq(entityNames.companyId, companyId)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The plan's `storageBytes`: the company's record files and the plain files kept with records. */
export async function companyStorageBytes(db: Pick<Db, 'select'>, companyId: string): Promise<number> {
  const [files] = await db
    .select({ n: sql<string>`coalesce(sum(${entityDataFiles.size}), 0)::text` })
    .from(entityDataFiles)
    .where(eq(entityDataFiles.companyId, companyId));
  const [documents] = await db
    .select({ n: sql<string>`coalesce(sum(${entityDataDocuments.size}), 0)::text` })
    .from(entityDataDocuments)
    .where(eq(entityDataDocuments.companyId, companyId));
  return Number(files?.n ?? 0) + Number(documents?.n ?? 0);
}

/** Plugs the entity-data module into the modules before it; app.ts calls it at start-up. */
export function registerEntityDataHooks(): void {
  registerUsageCounter('records', countCompanyRecords);
  registerUsageCounter('storageBytes', companyStorageBytes);
  registerEntityRecordStore({
    count: countRecords,
    countForContact: contactRecordCount,
    hasAny: hasRecords,
    retitle: retitleRecords,
  });
  registerEntityDeletionGuard({
    name: 'entity-data',
    count: async (tx, entityId) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(entityData)
        .where(and(eq(entityData.entityId, entityId), visibleRecords()));
      return { records: Number(row?.n ?? 0) };
    },
  });
  registerTemplateGuard({ name: 'entity-data', beforeFieldsChange: fieldChangeProblems });
}
