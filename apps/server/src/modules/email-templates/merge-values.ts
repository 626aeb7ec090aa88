import { formatDateIn, type TDateStyle } from '@esigns/contracts/dates';
import type { TValueField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import { htmlToText } from '../../platform/mail/mail-layout';
import { findPeople } from '../auth';
import { printableText, type RecordRow } from '../entity-data';
import { allGlobalVariables } from '../global-variables';
import { companyDateStyle } from '../settings';
import type { GlobalKey, MergeableField } from './merge-fields';

/*
 * The values merge fields print, as text for people: dates in the company's format (date-times
 * also in its zone, named), currency with its symbol, choices by label, files by name, yes/no,
 * linked records by title, rich text as plain text, empty as ''.
 */

export type CompanyMerge = {
  /** `company.*`, `today` and `global.<key>`. */
  values: Map<string, string>;
  globals: GlobalKey[];
  style: TDateStyle;
};

type PrintStyle = { style: TDateStyle; linkedTitles: Readonly<Record<string, string>> };

function textOf(field: TValueField, value: unknown, print: PrintStyle): string {
  if (field.type === 'RICH_TEXT') return typeof value === 'string' ? htmlToText(value) : '';
  return printableText(field, value, {
    dateFormat: print.style.format,
    zone: print.style.zone,
    linkedTitles: print.linkedTitles,
  });
}

/** The company's values (its name and email are the standard variables'), its variables and date style. */
export async function companyMerge(
  db: Pick<Db, 'select'>,
  companyId: string,
  now = new Date(),
): Promise<CompanyMerge> {
  const [variables, style] = await Promise.all([
    allGlobalVariables(db, companyId),
    companyDateStyle(db, companyId),
  ]);
  const values = new Map<string, string>();
  const print = { style, linkedTitles: {} };
  for (const variable of variables) {
    const field = {
      ...variable.settings,
      type: variable.input_type,
      key: variable.key,
      label: variable.label,
    };
    values.set(`global.${variable.key}`, textOf(field as unknown as TValueField, variable.value, print));
  }
  values.set('company.name', values.get('global.company_name') ?? '');
  values.set('company.email', values.get('global.company_email') ?? '');
  values.set('today', formatDateIn(now, { format: style.format, zone: style.zone }));
  return { values, globals: variables.map((v) => ({ key: v.key, label: v.label })), style };
}

/** `user.name` and `user.email`: the person sending (empty when unknown). */
export async function senderValues(
  db: Pick<Db, 'select'>,
  userId: string | null,
): Promise<Map<string, string>> {
  const person = userId ? (await findPeople(db, [userId])).get(userId) : undefined;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return new Map([
    ['user.name', name || (person?.email ?? '')],
    ['user.email', person?.email ?? ''],
  ]);
}

export type RecordMergeOptions = {
  fields: ReadonlyMap<string, MergeableField>;
  style: TDateStyle;
  linkedTitles: Readonly<Record<string, string>>;
  publicUrl: string;
};

/** The address of a record's page in the app. */
export function recordUrl(publicUrl: string, entityId: string, recordId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/entity/${entityId}/view?dataId=${recordId}`;
}

/** A record's values by merge name (`<code>.<key>` and `record.*`). */
export function recordValues(record: RecordRow, options: RecordMergeOptions): Map<string, string> {
  const values = new Map<string, string>();
  const print = { style: options.style, linkedTitles: options.linkedTitles };
  for (const [name, { templateId, field }] of options.fields) {
    values.set(name, textOf(field, record.values[templateId]?.[field.key], print));
  }
  const at = { format: `${options.style.format} HH:mm`, zone: options.style.zone, withZone: true };
  values.set('record.id', record.id);
  values.set('record.created_at', formatDateIn(record.createdAt, at));
  values.set('record.updated_at', formatDateIn(record.updatedAt, at));
  values.set('record.url', recordUrl(options.publicUrl, record.entityId, record.id));
  return values;
}
