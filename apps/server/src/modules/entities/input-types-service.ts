import type {
  TEntitiesInputTypesRequest,
  TEntityInputField,
  TEntityInputTypes,
} from '@esigns/contracts/entity-input-types';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { loadDefinitions } from './definition';
import type { EntityDefinition } from './definition';
import { listCompanyEntities } from './service';

/*
 * `POST /get-entities-input-types`: the fields of the company's entities, of the input types
 * asked, from the entities' definitions (two queries whatever the number of entities).
 */

type Request = Required<Pick<TEntitiesInputTypesRequest, 'include_repeatable'>> &
  Omit<TEntitiesInputTypesRequest, 'include_repeatable'>;

function fieldsOf(def: EntityDefinition, types: ReadonlySet<string> | null, withRepeatable: boolean) {
  const fields: TEntityInputField[] = [];
  for (const template of def.templates) {
    if (template.isRepeatable && !withRepeatable) continue;
    for (const field of template.fields) {
      if (types && !types.has(field.type)) continue;
      fields.push({
        template_id: template.id,
        template_name: template.name,
        key: field.key,
        label: field.label,
        input_type: field.type,
        is_primary_template: template.isPrimary,
        repeatable: template.isRepeatable,
      });
    }
  }
  return fields;
}

/**
 * Each entity asked (in the order asked, each once; absent: every entity of the company, by
 * name) with its fields of `input_types` (absent: all). An unknown or another company's entity id
 * answers 404, with a detail keyed `entity_ids.N` per such id.
 */
export async function entitiesInputTypes(
  db: Db,
  companyId: string,
  body: Request,
): Promise<TEntityInputTypes[]> {
  const ids = body.entity_ids
    ? [...new Set(body.entity_ids.map((id) => id.toLowerCase()))]
    : (await listCompanyEntities(db, companyId)).map((row) => row._id);
  const defs = await loadDefinitions(db, companyId, ids);
  if (body.entity_ids) {
    const missing = body.entity_ids
      .map((id, index) => ({ id: id.toLowerCase(), index }))
      .filter(({ id }) => !defs.has(id));
    if (missing.length > 0) {
      throw new AppError('NOT_FOUND', {
        message: missing.length === 1 ? 'Entity not found' : `${missing.length} entities not found`,
        details: missing.map(({ index }) => ({
          key: `entity_ids.${index}`,
          message: 'Entity not found',
          path: ['entity_ids', index],
        })),
      });
    }
  }
  const types = body.input_types ? new Set<string>(body.input_types) : null;
  return ids.flatMap((id) => {
    // An entity removed between the list and the load is left out.
    const def = defs.get(id);
    if (!def) return [];
    return [
      {
        entity_id: def.row.id,
        entity_name: def.row.name,
        fields: fieldsOf(def, types, body.include_repeatable),
      },
    ];
  });
}
