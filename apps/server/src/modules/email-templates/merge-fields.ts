import { FIXED_MERGE_FIELDS, mergeFieldsOf, type TMergeField } from '@esigns/contracts/email';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { EntityDefinition } from '../entities';

/*
 * Which merge fields a template may use (contracts' email.ts, top comment): the fields of its
 * entity's templates (`<code>.<key>`), the company's global variables (`global.<key>`) and the fixed
 * ones. Header/footer templates stand around mails that have no record nor sender (product mails
 * too): they may use the company's, `today` and global variables only.
 */

/** Fields with nothing to print: a signature is an image, a pay button an action. */
const NOT_MERGEABLE = new Set<string>(['SIGNATURE', 'PAY_BUTTON']);

const FIXED_LABELS: Record<(typeof FIXED_MERGE_FIELDS)[number], [label: string, group: string]> = {
  'record.id': ['Record id', 'Record'],
  'record.created_at': ['Record created on', 'Record'],
  'record.updated_at': ['Record updated on', 'Record'],
  'record.url': ['Link to the record', 'Record'],
  'company.name': ['Company name', 'Company'],
  'company.email': ['Company email', 'Company'],
  'user.name': ['Sender name', 'Sender'],
  'user.email': ['Sender email', 'Sender'],
  today: ["Today's date", 'Date'],
};

/** The fixed merge fields a header/footer may use (no record, no sender). */
export const FRAME_FIXED_FIELDS: readonly string[] = ['company.name', 'company.email', 'today'];

export type GlobalKey = { key: string; label: string };

/** A template's field that a merge field names. */
export type MergeableField = { templateId: string; field: TFormField };

/** The non-repeatable templates' printable fields by merge name (`<code>.<key>`). */
export function entityFieldsByName(def: EntityDefinition): Map<string, MergeableField> {
  const fields = new Map<string, MergeableField>();
  for (const template of def.templates) {
    if (template.isRepeatable) continue;
    for (const field of template.fields) {
      if (NOT_MERGEABLE.has(field.type)) continue;
      fields.set(`${template.code}.${field.key}`, { templateId: template.id, field });
    }
  }
  return fields;
}

/** `GET /entity-email-template/merge-fields/{entity_id}`: the picker's list, in groups. */
export function mergeFieldList(def: EntityDefinition, globals: readonly GlobalKey[]): TMergeField[] {
  const list: TMergeField[] = [];
  for (const template of def.templates) {
    if (template.isRepeatable) continue;
    for (const field of template.fields) {
      if (NOT_MERGEABLE.has(field.type)) continue;
      list.push({ name: `${template.code}.${field.key}`, label: field.label, group: template.name });
    }
  }
  for (const g of globals) list.push({ name: `global.${g.key}`, label: g.label, group: 'Global variables' });
  for (const name of FIXED_MERGE_FIELDS) {
    const [label, group] = FIXED_LABELS[name];
    list.push({ name, label, group });
  }
  return list;
}

/** The merge fields a header/footer may use. */
export function frameMergeFieldNames(globals: readonly GlobalKey[]): Set<string> {
  return new Set([...FRAME_FIXED_FIELDS, ...globals.map((g) => `global.${g.key}`)]);
}

/** The merge fields an entity template may use. */
export function entityMergeFieldNames(def: EntityDefinition, globals: readonly GlobalKey[]): Set<string> {
  return new Set(mergeFieldList(def, globals).map((f) => f.name));
}

/** 422 details for every merge field of `texts` not in `known`, keyed by the text's path. */
export function unknownMergeFields(
  texts: Readonly<Record<string, string | undefined>>,
  known: ReadonlySet<string>,
): TValidationDetail[] {
  const details: TValidationDetail[] = [];
  for (const [path, text] of Object.entries(texts)) {
    if (text === undefined) continue;
    for (const name of mergeFieldsOf(text)) {
      if (!known.has(name))
        details.push({ key: path, path: [path], message: `Unknown merge field {{${name}}}` });
    }
  }
  return details;
}

/** Every merge field the texts use, each once. */
export function usedMergeFields(...texts: string[]): string[] {
  return [...new Set(texts.flatMap(mergeFieldsOf))];
}

/**
 * Where a mailing finds each record's address: `to_field` (`<template_id>#<field_key>`) when it is an
 * EMAIL field of one of the entity's non-repeatable templates, else (none named) the first such field.
 */
export function addressField(
  def: EntityDefinition,
  toField: string | null,
): { templateId: string; key: string } | null {
  for (const template of def.templates) {
    if (template.isRepeatable) continue;
    for (const field of template.fields) {
      if (field.type !== 'EMAIL') continue;
      if (toField === null || toField === `${template.id}#${field.key}`)
        return { templateId: template.id, key: field.key };
    }
  }
  return null;
}
