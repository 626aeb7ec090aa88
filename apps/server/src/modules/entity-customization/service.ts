import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import {
  ZEntityCustomizationConfig,
  type TEntityCustomization,
  type TEntityCustomizationConfig,
  type TEntityCustomizationListQuery,
} from '@esigns/contracts/entity-customization';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { entityNames } from '../entities';
import type { AccessContext } from '../permissions';
import { configProblems, findCompanyEntity, type EntityRef } from './config-check';
import { entityCustomizations } from './schema';

/*
 * Entity customizations (`/entity-customization/*`). Ids of another company answer 404. At most
 * one customization of an entity is active: activating one deactivates the others in the same
 * transaction (a partial unique index backs it; a concurrent activation answers 409).
 */

type Row = typeof entityCustomizations.$inferSelect;
type ReadDb = Pick<Db, 'select'>;

const columns = {
  row: entityCustomizations,
  entityName: entityNames.name,
};

function toCustomization(row: Row, entityName: string): TEntityCustomization {
  // Stored configs are read through the schema: keys added later get their defaults.
  const parsed = ZEntityCustomizationConfig.safeParse(row.config);
  return {
    _id: row.id,
    company_id: row.companyId,
    entity_id: row.entityId,
    entity_name: entityName,
    label: row.label,
    isActive: row.isActive,
    config: parsed.success ? parsed.data : ZEntityCustomizationConfig.parse({}),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function selectWithEntity(db: ReadDb) {
  return db
    .select(columns)
    .from(entityCustomizations)
    .innerJoin(entityNames, eq(entityNames.id, entityCustomizations.entityId));
}

/** `GET /entity-customization/{id}`: the company's customization, else 404. */
export async function getCustomization(
  db: ReadDb,
  companyId: string,
  id: string,
): Promise<TEntityCustomization> {
  if (!isUuid(id)) throw notFound('Customization');
  const [found] = await selectWithEntity(db)
    .where(and(eq(entityCustomizations.companyId, companyId), eq(entityCustomizations.id, id)))
    .limit(1);
  if (!found) throw notFound('Customization');
  return toCustomization(found.row, found.entityName);
}

/** `GET /entity-customization/entity_id/{id}`: an entity's customizations, the active one first. */
export async function listForEntity(
  db: Db,
  companyId: string,
  entityId: string,
): Promise<TEntityCustomization[]> {
  const entity = await findCompanyEntity(db, companyId, entityId);
  const rows = await selectWithEntity(db)
    .where(and(eq(entityCustomizations.companyId, companyId), eq(entityCustomizations.entityId, entity.id)))
    .orderBy(desc(entityCustomizations.isActive), asc(entityCustomizations.label));
  return rows.map((r) => toCustomization(r.row, r.entityName));
}

/** `GET /entity-customization/entity/isActive/{id}`: the entity's active customization, or null. */
export async function activeForEntity(
  db: Db,
  companyId: string,
  entityId: string,
): Promise<TEntityCustomization | null> {
  const entity = await findCompanyEntity(db, companyId, entityId);
  const [found] = await selectWithEntity(db)
    .where(
      and(
        eq(entityCustomizations.companyId, companyId),
        eq(entityCustomizations.entityId, entity.id),
        eq(entityCustomizations.isActive, true),
      ),
    )
    .limit(1);
  return found ? toCustomization(found.row, found.entityName) : null;
}

/** `GET /entity-customization/fetch-by-company`: every customization of the company, paged. */
export async function listForCompany(
  db: ReadDb,
  companyId: string,
  query: TEntityCustomizationListQuery,
): Promise<{ rows: TEntityCustomization[]; total: number }> {
  const where = and(
    eq(entityCustomizations.companyId, companyId),
    query.entity_id ? eq(entityCustomizations.entityId, query.entity_id) : undefined,
    query.search
      ? ilike(entityCustomizations.label, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`)
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectWithEntity(db)
      .where(where)
      .orderBy(
        asc(entityNames.name),
        desc(entityCustomizations.isActive),
        asc(entityCustomizations.label),
        asc(entityCustomizations.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(entityCustomizations).where(where),
  ]);
  return { rows: rows.map((r) => toCustomization(r.row, r.entityName)), total: total?.n ?? 0 };
}

async function labelProblem(
  db: ReadDb,
  entity: EntityRef,
  label: string,
  excludeId?: string,
): Promise<TValidationDetail | null> {
  const [taken] = await db
    .select({ id: entityCustomizations.id })
    .from(entityCustomizations)
    .where(
      and(
        eq(entityCustomizations.entityId, entity.id),
        sql`lower(${entityCustomizations.label}) = lower(${label})`,
        excludeId ? ne(entityCustomizations.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return taken
    ? { key: 'label', message: `${entity.name} already has a customization called ${label}`, path: ['label'] }
    : null;
}

async function checkOrThrow(
  db: ReadDb,
  entity: EntityRef,
  label: string | undefined,
  config: TEntityCustomizationConfig | undefined,
  excludeId?: string,
) {
  const problems: TValidationDetail[] = [];
  const labelIssue = label === undefined ? null : await labelProblem(db, entity, label, excludeId);
  if (labelIssue) problems.push(labelIssue);
  if (config) problems.push(...(await configProblems(db, entity, config)));
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
}

const activationConflict = (entity: EntityRef) =>
  new AppError('CONFLICT', {
    message: `Another customization of ${entity.name} was activated at the same moment: reload and try again`,
  });

/** Inside `tx`: deactivates the entity's other active customizations. */
async function deactivateOthers(tx: Db, entityId: string, keepId: string | null): Promise<void> {
  await tx
    .update(entityCustomizations)
    .set({ isActive: false, updatedAt: new Date() })
    .where(
      and(
        eq(entityCustomizations.entityId, entityId),
        eq(entityCustomizations.isActive, true),
        keepId ? ne(entityCustomizations.id, keepId) : undefined,
      ),
    );
}

/** `POST /entity-customization/create`. */
export async function createCustomization(
  db: Db,
  access: AccessContext,
  body: { entity_id: string; label: string; isActive: boolean; config: TEntityCustomizationConfig },
): Promise<TEntityCustomization> {
  const entity = await findCompanyEntity(db, access.companyId, body.entity_id);
  await checkOrThrow(db, entity, body.label, body.config);
  try {
    const row = await db.transaction(async (tx) => {
      if (body.isActive) await deactivateOthers(tx, entity.id, null);
      const [inserted] = await tx
        .insert(entityCustomizations)
        .values({
          companyId: access.companyId,
          entityId: entity.id,
          label: body.label,
          isActive: body.isActive,
          config: body.config,
          createdBy: access.userId,
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning();
      return inserted!;
    });
    return toCustomization(row, entity.name);
  } catch (err) {
    if (isUniqueViolation(err)) throw activationConflict(entity);
    throw err;
  }
}

/** `PUT /entity-customization/update`: changes what the body gives. */
export async function updateCustomization(
  db: Db,
  access: AccessContext,
  body: {
    _id: string;
    label?: string | undefined;
    isActive?: boolean | undefined;
    config?: TEntityCustomizationConfig | undefined;
    updated_at?: string | undefined;
  },
): Promise<TEntityCustomization> {
  const current = await getCustomization(db, access.companyId, body._id);
  const stale = new AppError('CONFLICT', {
    message: `${current.label} was changed by someone else meanwhile: reload it and make your changes again`,
  });
  if (
    body.updated_at !== undefined &&
    new Date(body.updated_at).getTime() !== new Date(current.updated_at).getTime()
  ) {
    throw stale;
  }
  const entity = await findCompanyEntity(db, access.companyId, current.entity_id);
  await checkOrThrow(db, entity, body.label, body.config, current._id);
  try {
    const row = await db.transaction(async (tx) => {
      if (body.isActive) await deactivateOthers(tx, entity.id, current._id);
      const [updated] = await tx
        .update(entityCustomizations)
        .set({
          ...(body.label !== undefined ? { label: body.label } : {}),
          ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
          ...(body.config !== undefined ? { config: body.config } : {}),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(entityCustomizations.id, current._id),
            // Dates travel with millisecond precision; the column keeps microseconds.
            sql`date_trunc('milliseconds', ${entityCustomizations.updatedAt}) = ${current.updated_at}::timestamptz`,
          ),
        )
        .returning();
      if (!updated) throw stale;
      return updated;
    });
    return toCustomization(row, entity.name);
  } catch (err) {
    if (isUniqueViolation(err)) throw activationConflict(entity);
    throw err;
  }
}

/** `DELETE /entity-customization/{id}`. */
export async function deleteCustomization(
  db: Db,
  access: AccessContext,
  id: string,
): Promise<{ _id: string }> {
  const current = await getCustomization(db, access.companyId, id);
  await db.delete(entityCustomizations).where(eq(entityCustomizations.id, current._id));
  return { _id: current._id };
}
