import { AUTO_FIELD_TYPES, type TConfigurableDocument, type TField } from '@esigns/contracts/documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { fieldValueProblem } from '@esigns/contracts/field-values';
import { validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { insertConfigurable } from './configurable-service';
import { assertCanSee, findConfigurable, presentConfigurable, requireSlug } from './lookups';
import { fillTemplate, findSendableTemplate, type TemplatePerson } from './send-routes-service';

/*
 * Data put into templates from elsewhere (spec 2 §7 "Other document calls"): `/send-data-to-template`
 * and `/getKeysForPrintChequeFields`.
 */

export type DataValue = string | number | boolean | null;

const norm = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A value as fields hold it: booleans `true`/`false`, numbers as written, null clears. */
const asText = (value: DataValue): string => (value === null ? '' : String(value));

/**
 * The fields each data key names: a field key, else every field whose label is that text
 * (ignoring case, spaces and punctuation: a "Buyer name" on two pages gets the value twice).
 * Unknown keys, fields filled in at signing (name, email, date signed...) and bad values are 422
 * on `data.{key}`, all at once.
 */
export function prefillFromData(fields: TField[], data: Record<string, DataValue>): Record<string, string> {
  const details: TValidationDetail[] = [];
  const problem = (key: string, message: string) =>
    details.push({ key: `data.${key}`, message, path: ['data', key] });
  const prefill: Record<string, string> = {};
  for (const [key, raw] of Object.entries(data)) {
    const byKey = fields.filter((f) => f.key === key);
    const targets =
      byKey.length > 0 ? byKey : fields.filter((f) => norm(f.label) !== '' && norm(f.label) === norm(key));
    if (targets.length === 0) {
      problem(key, 'No field of the template has this key or label');
      continue;
    }
    const value = asText(raw);
    for (const field of targets) {
      const reason =
        (AUTO_FIELD_TYPES as readonly string[]).includes(field.type) &&
        field.type !== 'COMPANY' &&
        field.type !== 'TITLE'
          ? 'This field is filled in when the recipient signs'
          : fieldValueProblem(field, value);
      if (reason) {
        problem(key, reason);
        break;
      }
      prefill[field.key] = value;
    }
  }
  if (details.length > 0) throw validationError(details, details[0]!.message);
  return prefill;
}

/**
 * `POST /send-data-to-template`: a new one-off document from an ACTIVE template the caller sees,
 * its fields prefilled from `data` and its roles given people (`document_users`, by role key), left
 * as a DRAFT for the sender to review and send. Needs `documents:create`.
 */
export async function sendDataToTemplate(
  platform: Platform,
  access: AccessContext,
  input: {
    template_id: string;
    name?: string | undefined;
    data: Record<string, DataValue>;
    document_users?: TemplatePerson[] | undefined;
  },
): Promise<TConfigurableDocument> {
  const template = await findSendableTemplate(platform, access, input.template_id);
  requireSlug(access, 'documents:create');
  const prefill = prefillFromData(template.fields, input.data);
  const { source } = fillTemplate(template, {
    name: input.name,
    document_users: input.document_users ?? [],
    prefill,
  });
  const row = await platform.database.db.transaction((tx) =>
    insertConfigurable(tx, access, {
      name: source.name,
      isTemplate: false,
      file: source.file,
      pages: source.pages,
      fields: source.fields,
      documentUsers: source.recipients,
      settings: source.settings,
    }),
  );
  return presentConfigurable(platform, row);
}

export const CHEQUE_PARTS = ['date', 'payee', 'amount', 'amount_in_words', 'memo'] as const;
export type ChequePart = (typeof CHEQUE_PARTS)[number];

/** How a label names a part of a cheque (checked in this order; the first field that fits wins). */
const CHEQUE_LABELS: [ChequePart, RegExp, readonly TField['type'][] | null][] = [
  ['amount_in_words', /\b(in words|words)\b/, null],
  ['amount', /\b(amount|amt|sum|rupees|rs|inr|dollars|usd|total)\b/, null],
  ['payee', /\b(pay|payee|pay to|order of|beneficiary|name)\b/, null],
  ['date', /\bdate\b/, ['DATE', 'DATE_SIGNED', 'TEXT']],
  ['memo', /\b(memo|for|narration|remarks?|purpose|note|reference)\b/, null],
];

export type ChequeKeys = {
  document: { _id: string; name: string; is_template: boolean };
  fields: { key: string; label: string; type: TField['type']; page: number; recipient_key: string }[];
  cheque: Record<ChequePart, string | null>;
};

/**
 * `POST /getKeysForPrintChequeFields`: the field keys of a template or document the caller sees,
 * and which of them print on each part of a cheque (date, payee, amount, amount in words, memo),
 * found by their labels; null where none fits (the client lets the user choose).
 */
export async function chequeKeys(
  platform: Platform,
  access: AccessContext,
  configurableDocumentId: string,
): Promise<ChequeKeys> {
  const row = await findConfigurable(platform.database.db, access.companyId, configurableDocumentId);
  assertCanSee(access, row);
  const printable = row.fields.filter((f) => !['SIGNATURE', 'INITIAL', 'IMAGE', 'CHECKBOX'].includes(f.type));
  const used = new Set<string>();
  const cheque = Object.fromEntries(CHEQUE_PARTS.map((p) => [p, null])) as Record<ChequePart, string | null>;
  for (const [part, pattern, types] of CHEQUE_LABELS) {
    const field = printable.find(
      (f) => !used.has(f.key) && pattern.test(norm(f.label || f.key)) && (!types || types.includes(f.type)),
    );
    if (field) {
      cheque[part] = field.key;
      used.add(field.key);
    }
  }
  return {
    document: { _id: row.id, name: row.name, is_template: row.isTemplate },
    fields: printable.map((f) => ({
      key: f.key,
      label: f.label,
      type: f.type,
      page: f.page,
      recipient_key: f.recipient_key,
    })),
    cheque,
  };
}
