import { RECORD_TITLE_FIELD_TYPES } from '@esigns/contracts/entity-input-types';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TEntity, TEntityType } from '@esigns/contracts/entities';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import { isUuid } from '@esigns/contracts/ids';
import { rowsOfText, type Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { templateDefinitions } from '../form-templates';
import { entities } from './schema';

/*
 * An entity with its templates' fields: what every record operation (validate, filter, sort,
 * title) needs. Loaded in two queries and kept per process while its stamp holds; another
 * company's id answers 404 like an unknown one.
 */

export type EntityRow = typeof entities.$inferSelect;

export type EntityTemplateDef = {
  id: string;
  name: string;
  code: string;
  isRepeatable: boolean;
  isPrimary: boolean;
  hiddenOnAdd: boolean;
  fields: TFormField[];
};

export type EntityDefinition = {
  row: EntityRow;
  templates: EntityTemplateDef[];
  byId: ReadonlyMap<string, EntityTemplateDef>;
  primary: EntityTemplateDef;
  /** The primary template's field that names a record (null: none fits). */
  displayField: string | null;
};

/** Field types a record title can come from (shared with the builder's pickers). */
const TITLE_TYPES = new Set<string>(RECORD_TITLE_FIELD_TYPES);

export const canNameRecords = (field: TFormField): boolean => TITLE_TYPES.has(field.type);

/** The display field: the one chosen when it still fits, else the first field that can name records. */
export function resolveDisplayField(chosen: string | null, fields: readonly TFormField[]): string | null {
  const fitting = fields.filter(canNameRecords);
  if (chosen && fitting.some((field) => field.key === chosen)) return chosen;
  return (fitting.find((field) => field.type === 'SINGLE_LINE_TEXT') ?? fitting[0])?.key ?? null;
}

/** The templates of entity rows, in one query. */
export async function loadTemplateDefs(
  db: Db,
  rows: readonly EntityRow[],
): Promise<Map<string, Omit<EntityTemplateDef, 'isPrimary' | 'hiddenOnAdd'>>> {
  const templates = await templateDefinitions(
    db,
    rows.flatMap((row) => row.templates.map((t) => t.template_id)),
  );
  return new Map(
    [...templates].map(([id, t]) => [
      id,
      { id, name: t.name, code: t.code, isRepeatable: t.isRepeatable, fields: t.fields },
    ]),
  );
}

export function toDefinition(
  row: EntityRow,
  templates: ReadonlyMap<string, Omit<EntityTemplateDef, 'isPrimary' | 'hiddenOnAdd'>>,
): EntityDefinition {
  const defs: EntityTemplateDef[] = [];
  for (const ref of row.templates) {
    const template = templates.get(ref.template_id);
    if (!template) continue;
    defs.push({ ...template, isPrimary: ref.is_primary, hiddenOnAdd: ref.hidden_on_add });
  }
  const primary = defs.find((t) => t.isPrimary) ?? defs[0]!;
  return {
    row,
    templates: defs,
    byId: new Map(defs.map((t) => [t.id, t])),
    primary,
    displayField: resolveDisplayField(row.displayField, primary.fields),
  };
}

/**
 * Definitions this process has loaded, with the stamp they were loaded at: the versions and
 * change times of the entity and of its templates (every write of either bumps both). Every
 * record call needs its entity's definition; checking the stamp is one small statement instead
 * of two, and the templates' fields are not parsed again. Oldest out beyond the cap.
 */
const definitions = new Map<string, { stamp: string; def: EntityDefinition }>();
const DEFINITIONS_CAP = 1_000;

/**
 * The SQL of the stamp of a company's entity and of the templates it uses now, for `entities e`
 * (null: no such entity); `definitionStamp` runs it alone, the grid reads it with its state.
 */
export const DEFINITION_STAMP_SQL = `e.version || ':' || e.updated_at::text || '|' || coalesce((
    select string_agg(ft.id::text || ':' || ft.version || ':' || ft.updated_at::text, ',' order by ft.id)
    from form_templates ft
    where ft.id in (select (t->>'template_id')::uuid from jsonb_array_elements(e.templates) t)), '')`;

async function definitionStamp(db: Db, companyId: string, id: string): Promise<string | null> {
  const rows = await rowsOfText<{ stamp: string }>(
    db,
    `select ${DEFINITION_STAMP_SQL} as stamp from entities e where e.id = $1 and e.company_id = $2`,
    [id, companyId],
  );
  return rows[0]?.stamp ?? null;
}

/**
 * The company's entity with its templates, or 404. The stamp is read before the rows: a change
 * between the two leaves a definition newer than its stamp, which the next call's stamp no longer
 * matches, so it is loaded again (never the other way round).
 */
export async function loadEntityDefinition(
  db: Db,
  companyId: string,
  id: string,
  /** The stamp when the caller read it already (with `DEFINITION_STAMP_SQL`), just before. */
  knownStamp?: string | null,
): Promise<EntityDefinition> {
  if (!isUuid(id)) throw notFound('Entity');
  const stamp = knownStamp !== undefined ? knownStamp : await definitionStamp(db, companyId, id);
  if (stamp === null) throw notFound('Entity');
  const cached = definitions.get(id);
  if (cached && cached.stamp === stamp && cached.def.row.companyId === companyId) return cached.def;
  const [row] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.id, id), eq(entities.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Entity');
  const def = toDefinition(row, await loadTemplateDefs(db, [row]));
  definitions.delete(id);
  if (definitions.size >= DEFINITIONS_CAP) definitions.delete(definitions.keys().next().value!);
  definitions.set(id, { stamp, def });
  return def;
}

/** The field a reference names in this entity, or null (unknown template or key, or a system column). */
export function fieldOf(def: EntityDefinition, ref: string): TFormField | null {
  const parts = splitFieldRef(ref);
  if (!parts) return null;
  return def.byId.get(parts.templateId)?.fields.find((field) => field.key === parts.key) ?? null;
}

/** The keys of the primary template's required fields (and the display field). */
export function primaryFieldKeys(def: EntityDefinition): string[] {
  const keys = def.primary.fields.filter((field) => field.required).map((field) => field.key);
  if (def.displayField && !keys.includes(def.displayField)) keys.unshift(def.displayField);
  return keys;
}

export function toEntity(def: EntityDefinition, recordsCount: number): TEntity {
  const { row } = def;
  return {
    _id: row.id,
    company_id: row.companyId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    entity_type: row.entityType,
    icon: row.icon,
    templates: def.templates.map((t) => ({
      template_id: t.id,
      is_primary: t.isPrimary,
      hidden_on_add: t.hiddenOnAdd,
      name: t.name,
      code: t.code,
      is_repeatable: t.isRepeatable,
    })),
    primary_template_id: def.primary.id,
    primary_fields: primaryFieldKeys(def),
    display_field: def.displayField,
    duplicate_rules: row.duplicateRules,
    records_count: recordsCount,
    version: row.version,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The company's entities among `ids` (SQL). */
const amongIds = (companyId: string, ids: string[]) =>
  and(eq(entities.companyId, companyId), inArray(entities.id, ids));

/** The name and type of the company's entities among `ids` (others are absent), in one query. */
export async function entitySummaries(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, { name: string; entityType: TEntityType }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: entities.id, name: entities.name, entityType: entities.entityType })
    .from(entities)
    .where(amongIds(companyId, unique));
  return new Map(rows.map(({ id, ...summary }) => [id, summary]));
}

/** The company's entities with these ids, as definitions, in two queries whatever their number. */
export async function loadDefinitions(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, EntityDefinition>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(entities).where(amongIds(companyId, unique));
  const templates = await loadTemplateDefs(db, rows);
  return new Map(rows.map((row) => [row.id, toDefinition(row, templates)]));
}

/** The company's oldest entity of a type, or null. */
export async function firstEntityOfType(
  db: Db,
  companyId: string,
  type: TEntityType,
): Promise<string | null> {
  const [row] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.companyId, companyId), eq(entities.entityType, type)))
    .orderBy(asc(entities.createdAt), asc(entities.id))
    .limit(1);
  return row?.id ?? null;
}

/** The entity a found or added record is answered with (`createCompany`, `user-entity-data`). */
export const entityRefOf = (def: EntityDefinition) => ({
  _id: def.row.id,
  name: def.row.name,
  entity_type: def.row.entityType,
  primary_template_id: def.primary.id,
});

/** Entities made of the template (of one company, or of any), by name, at most `limit` when given. */
export async function entitiesUsingTemplate(
  db: Pick<Db, 'select'>,
  templateId: string,
  options: { companyId?: string; limit?: number } = {},
): Promise<{ id: string; name: string }[]> {
  const query = db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(
      and(
        sql`${entities.templates} @> ${JSON.stringify([{ template_id: templateId }])}::jsonb`,
        options.companyId ? eq(entities.companyId, options.companyId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${entities.name})`))
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}
