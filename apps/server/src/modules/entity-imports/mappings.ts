import { desc, eq, sql } from 'drizzle-orm';
import type { TSavedMapping, TTemplatesByMappedFields } from '@esigns/contracts/entity-import';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { EntityDefinition } from '../entities';
import { importableFields, suggestMapping } from '../entity-data';
import type { AccessContext } from '../permissions';
import { importMappings } from './schema';

/*
 * Saved mappings per entity, by name (the same name replaces). A saved mapping fits a file when
 * every column it maps is a header of the file and its field can still be filled; the best fit
 * (most columns mapped, then the newest) is suggested, completed by label for the other headers.
 */

type MappingRow = typeof importMappings.$inferSelect;
type Mapping = Record<string, string | null>;

const toSavedMapping = (row: MappingRow): TSavedMapping => ({
  _id: row.id,
  entity_id: row.entityId,
  name: row.name,
  mapping: row.mapping,
  updated_by: row.updatedBy,
  updated_at: row.updatedAt.toISOString(),
});

/** Every field a mapping names must be an importable field of the entity, each once: 422 otherwise. */
export function checkMappingFields(def: EntityDefinition, mapping: Mapping): void {
  const fields = new Set(importableFields(def).map((f) => f.ref));
  const used = new Map<string, string>();
  const errors: TValidationDetail[] = [];
  for (const [header, ref] of Object.entries(mapping)) {
    if (ref === null || ref === '') continue;
    const path = ['mapping', header];
    if (!fields.has(ref)) {
      errors.push({ key: path.join('.'), message: 'Not a field of this entity a cell can fill', path });
    } else if (used.has(ref)) {
      errors.push({ key: path.join('.'), message: `Already filled from ${used.get(ref)}`, path });
    } else used.set(ref, header);
  }
  if (errors.length > 0) throw validationError(errors.slice(0, 200), errors[0]!.message);
  if (used.size === 0) {
    const message = 'Map at least one column to a field';
    throw validationError([{ key: 'mapping', message, path: ['mapping'] }], message);
  }
}

/** `POST /update/mapped-fields/{entity_id}`: saved under its name (replacing one of that name). */
export async function saveMapping(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  input: { name: string; mapping: Mapping },
): Promise<TSavedMapping> {
  checkMappingFields(def, input.mapping);
  const [row] = await db
    .insert(importMappings)
    .values({
      companyId: def.row.companyId,
      entityId: def.row.id,
      name: input.name,
      mapping: input.mapping,
      updatedBy: access.userId,
    })
    .onConflictDoUpdate({
      target: [importMappings.entityId, importMappings.name],
      set: { mapping: input.mapping, updatedBy: access.userId, updatedAt: sql`now()` },
    })
    .returning();
  return toSavedMapping(row!);
}

/** `POST /get/mappedFieldsData`: the entity's saved mappings, newest first. */
export async function listMappings(db: Db, def: EntityDefinition): Promise<TSavedMapping[]> {
  const rows = await db
    .select()
    .from(importMappings)
    .where(eq(importMappings.entityId, def.row.id))
    .orderBy(desc(importMappings.updatedAt));
  return rows.map(toSavedMapping);
}

/**
 * The mapping to suggest for these headers: the best saved mapping that fits, completed by label
 * for the headers it does not name, else the label match alone.
 */
export async function bestMapping(
  db: Db,
  def: EntityDefinition,
  headers: string[],
): Promise<{ mapping: Mapping; savedMappingId: string | null }> {
  const fields = importableFields(def);
  const refs = new Set(fields.map((f) => f.ref));
  const present = new Set(headers);
  let best: { row: MappingRow; mapped: number } | null = null;
  for (const row of await db
    .select()
    .from(importMappings)
    .where(eq(importMappings.entityId, def.row.id))
    .orderBy(desc(importMappings.updatedAt))) {
    const mapped = Object.entries(row.mapping).filter(([, ref]) => ref);
    const fits = mapped.length > 0 && mapped.every(([header, ref]) => present.has(header) && refs.has(ref!));
    if (fits && (!best || mapped.length > best.mapped)) best = { row, mapped: mapped.length };
  }
  if (!best) return { mapping: suggestMapping(headers, fields), savedMappingId: null };
  const saved = best.row.mapping;
  const used = new Set(Object.values(saved).filter((ref): ref is string => Boolean(ref)));
  const rest = suggestMapping(
    headers.filter((header) => !(header in saved)),
    fields.filter((field) => !used.has(field.ref)),
  );
  const mapping: Mapping = {};
  for (const header of headers)
    mapping[header] = header in saved ? (saved[header] ?? null) : (rest[header] ?? null);
  return { mapping, savedMappingId: best.row.id };
}

/** `POST /get/templatesByMappedFields`. */
export async function templatesByMappedFields(
  db: Db,
  def: EntityDefinition,
  headers: string[],
): Promise<TTemplatesByMappedFields> {
  const fields = importableFields(def);
  const templates = [def.primary, ...def.templates.filter((t) => t !== def.primary)].filter(
    (template) => !template.isRepeatable,
  );
  const best = await bestMapping(db, def, [...new Set(headers)]);
  return {
    templates: templates.map((template) => ({
      template_id: template.id,
      name: template.name,
      primary: template === def.primary,
      fields: fields
        .filter((f) => f.template === template)
        .map((f) => ({
          ref: f.ref,
          key: f.field.key,
          label: f.field.label,
          type: f.field.type,
          required: Boolean(f.field.required),
        })),
    })),
    mapping: best.mapping,
    saved_mapping_id: best.savedMappingId,
  };
}
