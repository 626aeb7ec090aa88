import { z } from 'zod';
import { FORM_FIELD_TYPES, NUMERIC_FIELD_TYPES, type TFormFieldType } from './nocode-field-types';

/*
 * `POST /get-entities-input-types` (spec 3 §7 "Entities" names the call only): the fields of
 * entities, by input type, for pickers (the form builder's ENTITY, AGGREGATE and GLOBAL_VARIABLE
 * settings, filters, charts). One call answers several entities, each with its fields of the types
 * asked, from its templates in their order.
 */

export const MAX_INPUT_TYPE_ENTITIES = 100;

export const ZEntitiesInputTypesRequest = z.object({
  /** The entities to describe, answered in this order; absent: every entity of the workspace, by name. */
  entity_ids: z
    .array(z.uuid('Use an entity id'), { error: 'Give a list of entity ids' })
    .max(MAX_INPUT_TYPE_ENTITIES, `At most ${MAX_INPUT_TYPE_ENTITIES} entities`)
    .optional(),
  /** Only fields of these types; absent: every type. */
  input_types: z
    .array(z.enum(FORM_FIELD_TYPES, { error: `Use one of the field types ${FORM_FIELD_TYPES.join(', ')}` }), {
      error: 'Give a list of field types',
    })
    .max(FORM_FIELD_TYPES.length, `At most ${FORM_FIELD_TYPES.length} types`)
    .optional(),
  /** Also the fields of repeatable templates (line items: a record holds many entries of them). */
  include_repeatable: z.boolean({ error: 'Use true or false' }).default(false),
});
export type TEntitiesInputTypesRequest = z.input<typeof ZEntitiesInputTypesRequest>;

export const ZEntityInputField = z.object({
  template_id: z.string(),
  template_name: z.string(),
  key: z.string(),
  label: z.string(),
  input_type: z.enum(FORM_FIELD_TYPES),
  /** The field is in the entity's primary template (the one whose fields name records). */
  is_primary_template: z.boolean(),
  /** The field is in a repeatable template (only with `include_repeatable`). */
  repeatable: z.boolean(),
});
export type TEntityInputField = z.infer<typeof ZEntityInputField>;

export const ZEntityInputTypes = z.object({
  entity_id: z.string(),
  entity_name: z.string(),
  fields: z.array(ZEntityInputField),
});
export type TEntityInputTypes = z.infer<typeof ZEntityInputTypes>;

/**
 * Types whose value can stand for a record (its title): the ENTITY field's "field shown for a
 * record" picks among them. The server names records from the same types (entities/definition.ts).
 */
export const RECORD_TITLE_FIELD_TYPES: readonly TFormFieldType[] = [
  'SINGLE_LINE_TEXT',
  'EMAIL',
  'PHONE',
  'AUTO_INCREMENT',
  'SELECT',
  'RADIO',
  'NUMBER',
  'CURRENCY',
  'DATE',
  'URL',
  'BARCODE',
];

/**
 * Types an AGGREGATE (other than COUNT) can sum, average or bound over related records: numbers,
 * and the related entity's own aggregates and (numeric) global variables, which the server
 * computes (relationships/aggregates.ts).
 */
export const AGGREGATE_TARGET_FIELD_TYPES: readonly TFormFieldType[] = [
  ...NUMERIC_FIELD_TYPES,
  'GLOBAL_VARIABLE',
];
