import type { Db } from '../../platform/db/database';
import type { EntityDefinition } from '../entities';
import { loadGlobalVariableValues } from '../global-variables';

/*
 * Values computed on read: GLOBAL_VARIABLE fields show the variable's current value (a company
 * changes a variable once and every record shows the new value), so nothing is stored for them.
 */

type WithValues = { values: Record<string, Record<string, unknown>> };

/** The GLOBAL_VARIABLE fields of the entity's templates: where each goes and which variable. */
function variableSlots(def: EntityDefinition) {
  return def.templates.flatMap((template) =>
    template.fields.flatMap((field) =>
      field.type === 'GLOBAL_VARIABLE'
        ? [{ templateId: template.id, key: field.key, variableId: field.global_variable_id }]
        : [],
    ),
  );
}

/**
 * Copies of `records` whose GLOBAL_VARIABLE fields hold their variable's value (null when the
 * variable is gone), in every template the record has values for. One lookup for the whole page
 * (`loadGlobalVariableValues`), none when the entity has no such field.
 */
export async function fillGlobalVariables<T extends WithValues>(
  db: Db,
  def: EntityDefinition,
  records: T[],
): Promise<T[]> {
  const slots = variableSlots(def);
  if (slots.length === 0 || records.length === 0) return records;
  const values = await loadGlobalVariableValues(
    db,
    def.row.companyId,
    slots.map((slot) => slot.variableId),
  );
  return records.map((record) => {
    const next = { ...record.values };
    for (const slot of slots) {
      if (!next[slot.templateId]) continue;
      next[slot.templateId] = { ...next[slot.templateId], [slot.key]: values.get(slot.variableId) ?? null };
    }
    return { ...record, values: next };
  });
}
