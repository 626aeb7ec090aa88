import { escapeLike } from '../../platform/db/database';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  TCreateEntityRequest,
  TCreateEntityWithFieldsRequest,
  TEntity,
  TEntityListQuery,
  TUpdateEntityRequest,
} from '@esigns/contracts/entities';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { toTemplateCode } from '@esigns/contracts/form-templates';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { findReadableTemplate, createFormTemplate } from '../form-templates';
import type { AccessContext } from '../permissions';
import { assertWithinPlan } from '../subscriptions';
import {
  entitySummaries,
  fieldOf,
  loadEntityDefinition,
  loadTemplateDefs,
  resolveDisplayField,
  toDefinition,
  toEntity,
  type EntityDefinition,
} from './definition';
import { beforeEntityDelete, countDependents, entityRecords } from './hooks';
import { entities } from './schema';

/*
 * Entities: creating them from templates (or with a new template in one call), changing,
 * listing and deleting them. Problems a person can fix come back as one 422 with every detail.
 */

const detail = (key: string, message: string): TValidationDetail => ({ key, message, path: key.split('.') });

/** Records counted exactly up to this many per entity in lists. */
const LIST_COUNT_CAP = 100_000;

async function toEntities(db: Db, rows: (typeof entities.$inferSelect)[]): Promise<TEntity[]> {
  const [templates, counts] = await Promise.all([
    loadTemplateDefs(db, rows),
    entityRecords().count(
      db,
      rows.map((row) => row.id),
      LIST_COUNT_CAP,
    ),
  ]);
  return rows.map((row) => toEntity(toDefinition(row, templates), counts.get(row.id) ?? 0));
}

export async function getEntity(db: Db, companyId: string, id: string): Promise<TEntity> {
  const def = await loadEntityDefinition(db, companyId, id);
  const counts = await entityRecords().count(db, [id], LIST_COUNT_CAP);
  return toEntity(def, counts.get(id) ?? 0);
}

/** `GET /entities`: the company's entities, paged, by name. */
export async function listEntities(
  db: Db,
  companyId: string,
  query: TEntityListQuery,
): Promise<{ rows: TEntity[]; total: number }> {
  const where = and(
    eq(entities.companyId, companyId),
    query.entity_type ? eq(entities.entityType, query.entity_type) : undefined,
    query.search ? sql`${entities.name} ilike ${`%${escapeLike(query.search)}%`}` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(entities)
      .where(where)
      .orderBy(asc(sql`lower(${entities.name})`), asc(entities.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(entities)
      .where(where),
  ]);
  return { rows: await toEntities(db, rows), total: count?.n ?? 0 };
}

/** `GET /company-entity`: every entity of the company, light (start-up cache, pickers). */
export async function listCompanyEntities(db: Db, companyId: string) {
  const rows = await db
    .select({
      _id: entities.id,
      name: entities.name,
      slug: entities.slug,
      entity_type: entities.entityType,
      icon: entities.icon,
      primary_template_id: entities.primaryTemplateId,
    })
    .from(entities)
    .where(eq(entities.companyId, companyId))
    .orderBy(asc(sql`lower(${entities.name})`));
  return rows;
}

type EntityBody = Pick<TCreateEntityRequest, 'name' | 'templates' | 'display_field' | 'duplicate_rules'>;

/** Every problem of an entity body: templates readable, unique, one primary; rules on real fields. */
async function checkEntityBody(
  db: Db,
  companyId: string,
  body: EntityBody,
  excludeId?: string,
): Promise<{ problems: TValidationDetail[]; def: EntityDefinition | null }> {
  const problems: TValidationDetail[] = [];
  const [taken] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(
      and(
        eq(entities.companyId, companyId),
        sql`lower(${entities.name}) = lower(${body.name})`,
        excludeId ? ne(entities.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  if (taken) problems.push(detail('name', `Another entity is already called ${body.name}`));

  const seen = new Set<string>();
  const readable: string[] = [];
  for (const [index, ref] of body.templates.entries()) {
    if (seen.has(ref.template_id)) {
      problems.push(detail(`templates.${index}.template_id`, 'This template is already in the entity'));
      continue;
    }
    seen.add(ref.template_id);
    try {
      await findReadableTemplate(db, companyId, ref.template_id);
      readable.push(ref.template_id);
    } catch {
      problems.push(detail(`templates.${index}.template_id`, 'No such form template'));
    }
  }
  const primaries = body.templates.filter((t) => t.is_primary).length;
  if (primaries > 1) problems.push(detail('templates', 'Only one template can be primary'));
  if (problems.length > 0) return { problems, def: null };

  const templates = body.templates.map((t, index) => ({
    ...t,
    is_primary: primaries === 0 ? index === 0 : t.is_primary,
  }));
  const fake = {
    id: excludeId ?? '00000000-0000-0000-0000-000000000000',
    companyId,
    templates,
    displayField: body.display_field,
  } as unknown as typeof entities.$inferSelect;
  const def = toDefinition(fake, await loadTemplateDefs(db, [fake]));
  if (def.primary.isRepeatable) {
    const index = templates.findIndex((t) => t.is_primary);
    problems.push(detail(`templates.${index}.is_primary`, 'A repeatable template cannot be primary'));
  }
  if (
    body.display_field &&
    resolveDisplayField(body.display_field, def.primary.fields) !== body.display_field
  ) {
    problems.push(
      detail('display_field', 'Choose a text, number, date or choice field of the primary template'),
    );
  }
  body.duplicate_rules.forEach((rule, r) =>
    rule.fields.forEach((ref, f) => {
      if (!fieldOf(def, ref))
        problems.push(detail(`duplicate_rules.${r}.fields.${f}`, 'Not a field of this entity'));
    }),
  );
  return { problems, def };
}

async function freeSlug(db: Db, companyId: string, name: string, excludeId?: string): Promise<string> {
  const base = toTemplateCode(name).slice(0, 50);
  const rows = await db
    .select({ slug: entities.slug })
    .from(entities)
    .where(
      and(
        eq(entities.companyId, companyId),
        sql`${entities.slug} like ${`${base}%`}`,
        excludeId ? ne(entities.id, excludeId) : undefined,
      ),
    );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function rethrowUnique(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw validationError([detail('name', 'Another entity took this name a moment ago: try again')]);
  }
  throw err;
}

/** `POST /entities`. */
export async function createEntity(
  db: Db,
  access: AccessContext,
  body: TCreateEntityRequest,
): Promise<TEntity> {
  const { problems, def } = await checkEntityBody(db, access.companyId, body);
  if (problems.length > 0 || !def) throw validationError(problems, problems[0]!.message);
  await assertWithinPlan(db, access.companyId, 'entities');
  try {
    const [row] = await db
      .insert(entities)
      .values({
        companyId: access.companyId,
        name: body.name,
        slug: await freeSlug(db, access.companyId, body.name),
        description: body.description,
        entityType: body.entity_type,
        icon: body.icon,
        templates: def.row.templates,
        primaryTemplateId: def.primary.id,
        displayField: resolveDisplayField(body.display_field, def.primary.fields),
        duplicateRules: body.duplicate_rules,
        createdBy: access.userId,
        updatedBy: access.userId,
      })
      .returning();
    return (await toEntities(db, [row!]))[0]!;
  } catch (err) {
    rethrowUnique(err);
  }
}

/** `POST /entities/create`: a new primary template named after the entity, then the entity. */
export async function createEntityWithFields(
  db: Db,
  access: AccessContext,
  body: TCreateEntityWithFieldsRequest,
): Promise<TEntity> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: entities.id })
      .from(entities)
      .where(
        and(eq(entities.companyId, access.companyId), sql`lower(${entities.name}) = lower(${body.name})`),
      )
      .limit(1);
    if (taken) throw validationError([detail('name', `Another entity is already called ${body.name}`)]);
    const template = await createFormTemplate(tx, access, {
      name: body.name,
      description: body.description,
      fields: body.fields,
      is_repeatable: false,
      max_entries: null,
      primary_for_user_type: null,
      icon: body.icon,
    } as Parameters<typeof createFormTemplate>[2]).catch((err: unknown) => {
      // The template's problems are the body's: `fields.2.options` stays `fields.2.options`.
      if (err instanceof AppError && err.details?.some((d) => d.key === 'name')) {
        throw validationError([
          detail('name', 'A form template already has this name: choose another entity name'),
        ]);
      }
      throw err;
    });
    return createEntity(tx, access, {
      name: body.name,
      description: body.description,
      entity_type: body.entity_type,
      icon: body.icon,
      templates: [
        { template_id: template._id, is_primary: true, hidden_on_add: false },
        ...body.templates.map((t) => ({ ...t, is_primary: false })),
      ],
      display_field: null,
      duplicate_rules: [],
    });
  });
}

/** `PUT /entities/{id}`. The primary template cannot change once the entity has records. */
export async function updateEntity(
  db: Db,
  access: AccessContext,
  id: string,
  body: TUpdateEntityRequest,
): Promise<TEntity> {
  const current = await loadEntityDefinition(db, access.companyId, id);
  if (body.version !== undefined && body.version !== current.row.version) {
    throw new AppError('CONFLICT', { message: 'Someone else changed this entity: reload it and try again' });
  }
  const { problems, def } = await checkEntityBody(db, access.companyId, body, id);
  if (def && def.primary.id !== current.primary.id && (await entityRecords().hasAny(db, id)))
    problems.push(detail('templates', 'The entity has records: its primary template cannot change'));
  if (problems.length > 0 || !def) throw validationError(problems, problems[0]!.message);
  const displayField = resolveDisplayField(body.display_field, def.primary.fields);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(entities)
        .set({
          name: body.name,
          slug:
            body.name === current.row.name
              ? current.row.slug
              : await freeSlug(tx, access.companyId, body.name, id),
          description: body.description,
          entityType: body.entity_type,
          icon: body.icon,
          templates: def.row.templates,
          primaryTemplateId: def.primary.id,
          displayField,
          duplicateRules: body.duplicate_rules,
          version: sql`${entities.version} + 1`,
          updatedBy: access.userId,
          updatedAt: new Date(),
        })
        .where(and(eq(entities.id, id), eq(entities.version, current.row.version)))
        .returning();
      if (!row)
        throw new AppError('CONFLICT', {
          message: 'Someone else changed this entity: reload it and try again',
        });
      // Titles follow the display field: one statement, however many records.
      if (displayField !== current.displayField)
        await entityRecords().retitle(tx, id, def.primary.id, displayField);
      return (await toEntities(tx, [row]))[0]!;
    });
  } catch (err) {
    rethrowUnique(err);
  }
}

/**
 * `DELETE /entities/{id}`: an entity with records or relationships answers 409 with what would
 * go, unless `force`; then the entity, its records, links, filters, customizations and views go
 * in one transaction.
 */
export async function deleteEntity(
  db: Db,
  access: AccessContext,
  id: string,
  force: boolean,
): Promise<{ records: number; relationships: number }> {
  const def = await loadEntityDefinition(db, access.companyId, id);
  return db.transaction(async (tx) => {
    const found = await countDependents(tx, id);
    if (!force && (found.records > 0 || found.relationships > 0)) {
      throw new AppError('CONFLICT', {
        message:
          `${def.row.name} has ${found.records} record${found.records === 1 ? '' : 's'} and ` +
          `${found.relationships} relationship${found.relationships === 1 ? '' : 's'}: ` +
          'deleting it removes them all. Send force=true to confirm.',
        errorCode: 'ENTITY_NOT_EMPTY',
      });
    }
    await beforeEntityDelete(tx, access.companyId, id);
    await tx.delete(entities).where(eq(entities.id, id));
    return found;
  });
}

/** `POST /entities/getEntityNames`: names of the company's entities among `ids`. */
export async function entityNames(db: Db, companyId: string, ids: readonly string[]) {
  const found = await entitySummaries(db, companyId, ids);
  return [...found].map(([id, { name }]) => ({ _id: id, name }));
}

/** `POST /entities/check-entities`: whether a name is free (for the create dialog). */
export async function checkEntityName(db: Db, companyId: string, name: string, excludeId?: string) {
  const [row] = await db
    .select({ _id: entities.id, name: entities.name })
    .from(entities)
    .where(
      and(
        eq(entities.companyId, companyId),
        sql`lower(${entities.name}) = lower(${name.trim()})`,
        excludeId ? ne(entities.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return { exists: Boolean(row), entity: row ?? null };
}
