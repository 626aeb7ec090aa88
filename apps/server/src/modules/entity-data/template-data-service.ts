import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import { coerceFieldValue } from '@esigns/contracts/nocode-field-values';
import { isInputFieldType } from '@esigns/contracts/nocode-field-types';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import {
  VALUE_CHECK_FIELD_TYPES,
  VALUE_CHECK_MAX_RECORDS,
  type TTemplateDataPage,
  type TTemplateDataQuery,
  type TTemplatesFieldsRequest,
  type TTemplatesFieldsResult,
  type TValueCheckRequest,
  type TValueCheckResult,
} from '@esigns/contracts/template-data-lookups';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { EntityDefinition, EntityTemplateDef } from '../entities';
import { printableText } from './printable-values';
import { filterSql } from './query';
import { entityData } from './schema';
import { visibleRecords } from './staged-imports';
import { findRecord, linkedTitles, withComputedValues } from './service';
import { templateDataAllEntities } from './template-data-all-service';

/*
 * Spec 3 §7 reads of template data (`template-data-routes.ts`): "is this value taken", template
 * data of records, and a record's fields as text. Field values are compared by the grid's filters
 * (`filterSql`), template data is `templateDataAllEntities`, text is `printableText`: nothing here
 * builds its own SQL over values.
 */

const fail = (key: string, message: string) =>
  validationError([{ key, path: key.split('.'), message }], message);

/** `POST /entities-data/check`: up to 5 records of the entity whose value of `field` is `value`. */
export async function checkValueTaken(
  db: Db,
  def: EntityDefinition,
  input: TValueCheckRequest,
): Promise<TValueCheckResult> {
  const ref = splitFieldRef(input.field);
  const template = ref ? def.byId.get(ref.templateId) : undefined;
  const field = template?.isRepeatable ? undefined : template?.fields.find((f) => f.key === ref!.key);
  if (!field) throw fail('field', 'Not a field of this entity');
  if (!VALUE_CHECK_FIELD_TYPES.includes(field.type)) {
    throw fail('field', 'Only text and number fields can be checked');
  }
  // The value as it would be stored (emails in lower case, phones in E.164, numbers as numbers).
  // AUTO_INCREMENT values are never typed: compared as sent.
  const raw = typeof input.value === 'string' ? input.value.trim() : input.value;
  const coerced = isInputFieldType(field.type)
    ? coerceFieldValue(field, raw, { today: new Date().toISOString().slice(0, 10) })
    : { ok: true as const, value: raw === '' ? null : raw };
  if (!coerced.ok) throw fail('value', coerced.message);
  if (coerced.value === null) throw fail('value', 'Give a value to check');
  const rule = filterSql(
    def,
    {
      match: 'ALL',
      rules: [{ field: input.field, operator: 'EQUALS', value: coerced.value as string | number }],
    },
    'filters',
  );
  if (!rule.where) throw fail('value', rule.errors[0]?.message ?? 'Give a value to check');
  const conditions: SQL[] = [eq(entityData.entityId, def.row.id), rule.where];
  const visible = visibleRecords();
  if (visible) conditions.push(visible);
  if (input.exclude_id) conditions.push(ne(entityData.id, input.exclude_id));
  const records = await db
    .select({ _id: entityData.id, title: entityData.title })
    .from(entityData)
    .where(and(...conditions))
    .orderBy(desc(entityData.createdAt), desc(entityData.id))
    .limit(VALUE_CHECK_MAX_RECORDS);
  return { exists: records.length > 0, records };
}

/** `GET /templates-data`: `templateDataAllEntities` narrowed, in the spec's row shape. */
export async function templateDataOfRecords(
  db: Db,
  companyId: string,
  query: TTemplateDataQuery,
): Promise<TTemplateDataPage> {
  const found = await templateDataAllEntities(db, companyId, query);
  return {
    data: found.data.map((row) => ({
      entity_data_id: row.entity_data_id,
      entity_id: row.entity_id,
      title: row.title,
      template_id: found.template._id,
      template_data_id: row.template_data_id,
      values: row.values,
      updated_at: row.updated_at,
    })),
    total: found.total,
    page: found.page,
    total_pages: found.total_pages,
  };
}

/** Field types left out of the text (a button is no value). */
const NOT_VALUES = new Set(['PAY_BUTTON']);

/** `POST /TemplatesFieldsDataFromEntities`: the record's templates, each field's value and its text. */
export async function recordFieldsText(
  db: Db,
  def: EntityDefinition,
  input: TTemplatesFieldsRequest,
): Promise<TTemplatesFieldsResult> {
  let templates: EntityTemplateDef[] = def.templates.filter((t) => !t.isRepeatable);
  if (input.template_ids) {
    const problems = input.template_ids.flatMap((id, i) => {
      const template = def.byId.get(id);
      if (template && !template.isRepeatable) return [];
      const key = `template_ids.${i}`;
      const message = template
        ? 'A repeatable template: read its entries with GET /templates-data'
        : 'Not a template of this entity';
      return [{ key, path: ['template_ids', i], message }];
    });
    if (problems.length > 0) throw validationError(problems, problems[0]!.message);
    const chosen = new Set(input.template_ids);
    templates = templates.filter((t) => chosen.has(t.id));
  }
  const record = await findRecord(db, def, input.entity_data_id);
  const [computed] = await withComputedValues(db, def, [record]);
  const options = { dateFormat: 'DD MMM YYYY', linkedTitles: await linkedTitles(db, def, [computed!]) };
  return templates.map((template) => {
    const values = computed!.values[template.id] ?? {};
    return {
      template_id: template.id,
      template_name: template.name,
      fields: template.fields
        .filter((f) => !NOT_VALUES.has(f.type))
        .map((f) => ({
          key: f.key,
          label: f.label,
          input_type: f.type,
          value: values[f.key] ?? null,
          text: printableText(f, values[f.key], options),
        })),
    };
  });
}
