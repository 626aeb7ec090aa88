import { isUuid } from '@esigns/contracts/ids';
import { escapeLike } from '../../platform/db/database';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type {
  TCreateEntityRequest,
  TCreateEntityWithFieldsRequest,
  TEntity,
  TEntityListQuery,
  TUpdateEntityRequest,
} from '@esigns/contracts/entities';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { toTemplateCode } from '@esigns/contracts/form-templates';
import { rowsOf, type Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { entityData } from '../entity-data/schema';
import { entityViews } from '../entity-views/schema';
import { findReadableTemplate, createFormTemplate } from '../form-templates';
import type { AccessContext } from '../permissions';
import { entityRelationships } from '../relationships/schema';
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
import { entities } from './schema';

/*
 * Entities: creating them from templates (or with a new template in one call), changing,
 * listing and deleting them. Problems a person can fix come back as one 422 with every detail.
 */

const detail = (key: string, message: string): TValidationDetail => ({ key, message, path: key.split('.') });

/** Records counted exactly up to this many per entity in lists. */
const LIST_COUNT_CAP = 100_000;

/** Records of each entity, counted up to the cap, in one query. */
export async function countRecords(db: Db, entityIds: readonly string[]): Promise<Map<string, number>> {
  if (entityIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; n: number }>(
    db,
    sql`
    select e.id, (select count(*)::int from (select 1 from ${entityData} d
      where d.entity_id = e.id limit ${LIST_COUNT_CAP}) c) as n
    from unnest(${sql.raw(
      `array[${entityIds
        .filter(isUuid)
        .map((id) => `'${id}'`)
        .join(',')}]`,
    )}::uuid[]) as e(id)`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

async function toEntities(db: Db, rows: (typeof entities.$inferSelect)[]): Promise<TEntity[]> {
  const [templates, counts] = await Promise.all([
    loadTemplateDefs(db, rows),
    countRecords(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => toEntity(toDefinition(row, templates), counts.get(row.id) ?? 0));
}

export async function getEntity(db: Db, companyId: string, id: string): Promise<TEntity> {
  const def = await loadEntityDefinition(db, companyId, id);
  const counts = await countRecords(db, [id]);
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
  if (def && def.primary.id !== current.primary.id) {
    const [record] = await db
      .select({ id: entityData.id })
      .from(entityData)
      .where(eq(entityData.entityId, id))
      .limit(1);
    if (record)
      problems.push(detail('templates', 'The entity has records: its primary template cannot change'));
  }
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
      if (displayField !== current.displayField) {
        // Titles follow the display field: one statement, however many records.
        await tx.execute(sql`update ${entityData} set title = coalesce(
            ${entityData.values} -> ${def.primary.id}::text ->> ${displayField ?? ''}::text, '')
          where ${entityData.entityId} = ${id}`);
      }
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
    const [counts] = await tx
      .select({
        records: sql<number>`(select count(*)::int from ${entityData} where ${entityData.entityId} = ${id})`,
        relationships: sql<number>`(select count(*)::int from ${entityRelationships}
          where ${entityRelationships.parentEntityId} = ${id} or ${entityRelationships.childEntityId} = ${id})`,
      })
      .from(sql`(select 1) one`);
    const found = {
      records: Number(counts?.records ?? 0),
      relationships: Number(counts?.relationships ?? 0),
    };
    if (!force && (found.records > 0 || found.relationships > 0)) {
      throw new AppError('CONFLICT', {
        message:
          `${def.row.name} has ${found.records} record${found.records === 1 ? '' : 's'} and ` +
          `${found.relationships} relationship${found.relationships === 1 ? '' : 's'}: ` +
          'deleting it removes them all. Send force=true to confirm.',
        errorCode: 'ENTITY_NOT_EMPTY',
      });
    }
    await tx
      .delete(entityViews)
      .where(and(eq(entityViews.companyId, access.companyId), eq(entityViews.entityId, id)));
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

/** `GET /entities/related/{id}`: entities linked to this one by a relationship, either way. */
export async function relatedEntities(db: Db, companyId: string, id: string) {
  await loadEntityDefinition(db, companyId, id);
  const links = await db
    .select()
    .from(entityRelationships)
    .where(or(eq(entityRelationships.parentEntityId, id), eq(entityRelationships.childEntityId, id)));
  const otherIds = [
    ...new Set(links.map((l) => (l.parentEntityId === id ? l.childEntityId : l.parentEntityId))),
  ];
  const names = new Map((await entityNames(db, companyId, otherIds)).map((e) => [e._id, e.name]));
  return links.map((l) => {
    const asParent = l.parentEntityId === id;
    const other = asParent ? l.childEntityId : l.parentEntityId;
    return {
      relationship_id: l.id,
      entity_id: other,
      name: names.get(other) ?? '',
      relationship_type: l.relationshipType,
      role: asParent ? ('CHILD' as const) : ('PARENT' as const),
      label: asParent ? l.parentLabel : l.childLabel,
    };
  });
}
