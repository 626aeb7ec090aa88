import { and, eq, inArray, sql } from 'drizzle-orm';
import { PRIMARY_FIELDS_REQUIRED, type TDuplicateRule } from '@esigns/contracts/entities';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import type { Db } from '../../platform/db/database';
import type { AppError } from '../../platform/http/app-error';
import { validationError } from '../../platform/http/app-error';
import { entitySummaries, nextNumber, takeNumbers, type EntityDefinition } from '../entities';
import { entityData } from './schema';
import { visibleRecords } from './staged-imports';

/*
 * A record's values, checked by THE shared validator (the browser runs the same) template by
 * template, then completed by what only the server knows: AUTO_INCREMENT numbers, links to
 * records that must exist, duplicate rules, and the title.
 */

export type RecordValues = Record<string, Record<string, unknown>>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export type ParseOptions = {
  /** Only the templates and fields sent are checked (updates). */
  partial: boolean;
  /** Details are keyed under this prefix (`values`). */
  prefix: string[];
};

/** Values of the entity's non-repeatable templates, normalised; every problem, keyed by path. */
export function parseRecordValues(
  def: EntityDefinition,
  input: unknown,
  options: ParseOptions,
): { values: RecordValues; errors: TValidationDetail[] } {
  const errors: TValidationDetail[] = [];
  const values: RecordValues = {};
  const at = (...path: (string | number)[]) => [...options.prefix, ...path];
  if (!isObject(input)) {
    const path = options.prefix.length ? options.prefix : ['values'];
    return { values, errors: [{ key: path.join('.'), path, message: 'Send the values by template id' }] };
  }
  for (const templateId of Object.keys(input)) {
    const template = def.byId.get(templateId);
    if (!template || template.isRepeatable) {
      const path = at(templateId);
      errors.push({
        key: path.join('.'),
        path,
        message: template ? 'Repeatable templates are saved as entries' : 'Not a template of this entity',
      });
    }
  }
  for (const template of def.templates) {
    if (template.isRepeatable) continue;
    const sent = Object.hasOwn(input, template.id);
    // A new record needs its primary template; the others are filled when they are sent.
    if (!sent && (options.partial || !template.isPrimary)) continue;
    const parsed = parseTemplateValues(
      template.fields,
      sent ? input[template.id] : {},
      { partial: options.partial },
      at(template.id),
    );
    errors.push(...parsed.errors);
    values[template.id] = parsed.values;
  }
  return { values, errors };
}

/** The 422 for a new record: 'Primary fields data required' when a primary field is missing. */
export function recordValidationError(def: EntityDefinition, errors: TValidationDetail[]): AppError {
  const primaryMissing = errors.some(
    (e) => e.path[e.path.length - 2] === def.primary.id && e.message === 'Required',
  );
  return validationError(errors, primaryMissing ? PRIMARY_FIELDS_REQUIRED : errors[0]!.message);
}

/** The text a record is shown by: its display field's value. */
export function titleOf(def: EntityDefinition, values: RecordValues): string {
  if (!def.displayField) return '';
  const value = values[def.primary.id]?.[def.displayField];
  if (value === null || value === undefined) return '';
  return (Array.isArray(value) ? value.join(', ') : String(value)).slice(0, 500);
}

const fieldsOfType = (def: EntityDefinition, type: TFormField['type']) =>
  def.templates.flatMap((t) =>
    t.isRepeatable ? [] : t.fields.filter((f) => f.type === type).map((field) => ({ template: t.id, field })),
  );

/** Takes `count` numbers of every AUTO_INCREMENT field and writes them into the new records. */
export async function fillAutoIncrements(
  db: Db,
  def: EntityDefinition,
  records: RecordValues[],
): Promise<void> {
  for (const { template, field } of fieldsOfType(def, 'AUTO_INCREMENT')) {
    if (field.type !== 'AUTO_INCREMENT') continue;
    const start = await takeNumbers(db, def.row.id, template, field.key, field.start, records.length);
    records.forEach((values, index) => {
      values[template] ??= {};
      values[template][field.key] = formatAutoNumber(field.prefix, field.padding, start + index);
    });
  }
}

export const formatAutoNumber = (prefix: string, padding: number, n: number): string =>
  `${prefix}${String(n).padStart(padding, '0')}`;

/** The next number a field would get, without taking it. */
export async function peekNumber(
  db: Db,
  entityId: string,
  templateId: string,
  field: TFormField,
): Promise<string | null> {
  if (field.type !== 'AUTO_INCREMENT') return null;
  const next = await nextNumber(db, entityId, templateId, field.key);
  return formatAutoNumber(field.prefix, field.padding, next ?? field.start);
}

/** ENTITY fields must point at records of their entity in this company: 422 for the others. */
export async function checkEntityLinks(
  db: Db,
  def: EntityDefinition,
  records: { values: RecordValues; prefix: (string | number)[] }[],
): Promise<TValidationDetail[]> {
  const wanted = new Map<string, Set<string>>();
  const uses: { entityId: string; id: string; path: (string | number)[] }[] = [];
  for (const { template, field } of fieldsOfType(def, 'ENTITY')) {
    if (field.type !== 'ENTITY') continue;
    for (const { values, prefix } of records) {
      const value = values[template]?.[field.key];
      const ids = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
      for (const id of ids) {
        if (typeof id !== 'string') continue;
        if (!wanted.has(field.entity_id)) wanted.set(field.entity_id, new Set());
        wanted.get(field.entity_id)!.add(id);
        uses.push({ entityId: field.entity_id, id, path: [...prefix, template, field.key] });
      }
    }
  }
  if (uses.length === 0) return [];
  const found = new Set<string>();
  for (const [entityId, ids] of wanted) {
    const rows = await db
      .select({ id: entityData.id })
      .from(entityData)
      .where(
        and(
          eq(entityData.companyId, def.row.companyId),
          eq(entityData.entityId, entityId),
          inArray(entityData.id, [...ids]),
        ),
      );
    for (const row of rows) found.add(`${entityId}:${row.id}`);
  }
  const names = await entitySummaries(db, def.row.companyId, [...wanted.keys()]);
  return uses
    .filter((use) => !found.has(`${use.entityId}:${use.id}`))
    .map((use) => ({
      key: use.path.join('.'),
      path: use.path,
      message: `No such record of ${names.get(use.entityId)?.name ?? 'the linked entity'}`,
    }));
}

/**
 * A record's values of a rule's fields, shaped as stored (`{ template: { key: value } }`) for a
 * JSONB containment; null when one of them is empty (the rule does not apply) or not a field ref.
 */
export function ruleProbe(rule: TDuplicateRule, values: RecordValues): RecordValues | null {
  const probe: RecordValues = {};
  for (const ref of rule.fields) {
    const parts = splitFieldRef(ref);
    const value = parts ? values[parts.templateId]?.[parts.key] : undefined;
    if (!parts || value === null || value === undefined || value === '') return null;
    (probe[parts.templateId] ??= {})[parts.key] = value;
  }
  return probe;
}

/** The first duplicate rule of `mode` another record breaks, with that record's id. */
export async function findDuplicate(
  db: Db,
  def: EntityDefinition,
  values: RecordValues,
  excludeId: string | null,
  mode: TDuplicateRule['mode'] | 'ANY',
): Promise<{ rule: TDuplicateRule; recordId: string } | null> {
  for (const rule of def.row.duplicateRules) {
    if (mode !== 'ANY' && rule.mode !== mode) continue;
    const probe = ruleProbe(rule, values);
    if (!probe) continue;
    const [hit] = await db
      .select({ id: entityData.id })
      .from(entityData)
      .where(
        and(
          eq(entityData.entityId, def.row.id),
          sql`${entityData.values} @> ${JSON.stringify(probe)}::jsonb`,
          excludeId ? sql`${entityData.id} <> ${excludeId}` : undefined,
          visibleRecords(),
        ),
      )
      .limit(1);
    if (hit) return { rule, recordId: hit.id };
  }
  return null;
}

/** Labels of a rule's fields, for messages ("Email and Phone"). */
export function ruleLabel(def: EntityDefinition, rule: TDuplicateRule): string {
  return rule.fields
    .map((ref) => {
      const parts = splitFieldRef(ref);
      return def.byId.get(parts?.templateId ?? '')?.fields.find((f) => f.key === parts?.key)?.label ?? ref;
    })
    .join(' and ');
}

/** Serialises writes that could create duplicates of one entity (a transaction-scoped lock). */
export async function lockDuplicateRules(db: Db, def: EntityDefinition): Promise<void> {
  if (def.row.duplicateRules.some((rule) => rule.mode === 'BLOCK')) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`entity-dup:${def.row.id}`}))`);
  }
}
