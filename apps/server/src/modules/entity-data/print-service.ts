import { PDFDocument } from 'pdf-lib';
import type { TField } from '@esigns/contracts/documents';
import type { TDocumentPrintingRequest } from '@esigns/contracts/entity-actions';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, validationError } from '../../platform/http/app-error';
import { loadPdf, OBJECTS_PER_TICK } from '../../platform/pdf/load-pdf';
import { stampFieldsInto, type FieldValues } from '../../platform/pdf/stamp-fields';
import type { Platform } from '../../platform/platform';
import { assertCanSee, findConfigurable } from '../documents';
import type { EntityDefinition, EntityTemplateDef } from '../entities';
import type { AccessContext } from '../permissions';
import { userDateStyle } from '../settings';
import { printableText, type PrintOptions } from './printable-values';
import { entityData } from './schema';
import { linkedTitles, withComputedValues, type RecordRow } from './service';

/*
 * `POST /entities-data/document-printing`: records as one PDF for the browser to show and print.
 * With a document template: one filled copy per record (its fields take the record's values by
 * key or label). Without: a record sheet per record (each template's fields and values).
 */

export type PrintedFile = { bytes: Uint8Array; fileName: string; pages: number };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const LABEL_WIDTH = 170;
const GAP = 10;
const VALUE_WIDTH = A4.width - 2 * MARGIN - LABEL_WIDTH - GAP;

/** The records asked for, in the order asked, with computed values; unknown ids 404. */
async function loadRecords(platform: Platform, def: EntityDefinition, ids: string[]): Promise<RecordRow[]> {
  const db = platform.database.db;
  const rows = await db
    .select()
    .from(entityData)
    .where(and(eq(entityData.entityId, def.row.id), inArray(entityData.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError('NOT_FOUND', { message: 'Record not found' });
  return withComputedValues(
    db,
    def,
    [...new Set(ids)].map((id) => byId.get(id)!),
  );
}

/** Lines a text takes in a box of `width` points at `size` (a rough average glyph width). */
function linesFor(text: string, width: number, size: number): number {
  const perLine = Math.max(8, Math.floor(width / (size * 0.52)));
  return text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / perLine)), 0);
}

/** Boxes of a record sheet, page by page, drawn as TEXT fields by the stamping code. */
class SheetLayout {
  readonly fields: TField[] = [];
  readonly values: FieldValues = {};
  page = 0;
  private y = 0;

  newPage(): void {
    this.page += 1;
    this.y = MARGIN;
  }

  text(
    text: string,
    x: number,
    width: number,
    size: number,
    lines = 1,
    family: TField['font']['family'] = 'Helvetica',
  ) {
    const height = Math.min(lines * size * 1.3 + 4, A4.height - 2 * MARGIN);
    const key = `f${this.fields.length}`;
    this.fields.push({
      key,
      type: 'TEXT',
      page: this.page,
      x,
      y: this.y,
      width,
      height,
      recipient_key: 'print',
      required: false,
      read_only: true,
      label: '',
      placeholder: '',
      default_value: '',
      options: [],
      font: { family, size },
      validation: {},
    });
    this.values[key] = text;
    return height;
  }

  /** Room for `height` more points on this page, else a new page. */
  ensure(height: number): void {
    if (this.y + height > A4.height - MARGIN) this.newPage();
  }

  advance(height: number): void {
    this.y += height;
  }

  line(text: string, size: number, after: number, family: TField['font']['family'] = 'Helvetica') {
    const lines = linesFor(text, A4.width - 2 * MARGIN, size);
    const height = lines * size * 1.3 + 4;
    this.ensure(height);
    this.advance(this.text(text, MARGIN, A4.width - 2 * MARGIN, size, lines, family) + after);
  }

  row(label: string, value: string): void {
    const size = 10;
    const lines = Math.max(linesFor(label, LABEL_WIDTH, size), linesFor(value || '—', VALUE_WIDTH, size));
    const height = Math.min(lines * size * 1.3 + 4, A4.height - 2 * MARGIN);
    this.ensure(height);
    this.text(label, MARGIN, LABEL_WIDTH, size, lines, 'Times-Roman');
    this.text(value || '—', MARGIN + LABEL_WIDTH + GAP, VALUE_WIDTH, size, lines);
    this.advance(height + 4);
  }
}

const SKIPPED_ON_SHEET = new Set<TFormField['type']>(['PAY_BUTTON', 'SIGNATURE']);

async function recordSheets(
  def: EntityDefinition,
  records: RecordRow[],
  templates: EntityTemplateDef[],
  options: PrintOptions,
): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const layout = new SheetLayout();
  const printedOn = new Date().toISOString().slice(0, 10);
  for (const record of records) {
    layout.newPage();
    layout.line(record.title || 'Untitled record', 18, 2);
    layout.line(`${def.row.name} · printed ${printedOn}`, 9, 14);
    for (const template of templates) {
      layout.line(template.name, 13, 6);
      for (const field of template.fields) {
        if (SKIPPED_ON_SHEET.has(field.type)) continue;
        layout.row(field.label, printableText(field, record.values[template.id]?.[field.key], options));
      }
      layout.advance(10);
    }
  }
  for (let i = 0; i < layout.page; i += 1) doc.addPage([A4.width, A4.height]);
  await stampFieldsInto(doc, layout.fields, layout.values);
  return doc;
}

const norm = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The record's value for each field of a document: the entity field of that key, else of that label. */
export function documentFieldValues(
  def: EntityDefinition,
  fields: TField[],
  record: RecordRow,
  options: PrintOptions,
): FieldValues {
  const byKey = new Map<string, { template: string; field: TFormField }>();
  const byLabel = new Map<string, { template: string; field: TFormField }>();
  for (const template of def.templates) {
    if (template.isRepeatable) continue;
    for (const field of template.fields) {
      if (!byKey.has(field.key)) byKey.set(field.key, { template: template.id, field });
      if (!byLabel.has(norm(field.label))) byLabel.set(norm(field.label), { template: template.id, field });
    }
  }
  const values: FieldValues = {};
  for (const field of fields) {
    if (['SIGNATURE', 'INITIAL', 'IMAGE'].includes(field.type)) {
      values[field.key] = '';
      continue;
    }
    const source = byKey.get(field.key) ?? (field.label ? byLabel.get(norm(field.label)) : undefined);
    if (!source) continue;
    const raw = record.values[source.template]?.[source.field.key];
    values[field.key] = field.type === 'CHECKBOX' ? raw === true : printableText(source.field, raw, options);
  }
  return values;
}

async function filledCopies(
  platform: Platform,
  access: AccessContext,
  def: EntityDefinition,
  records: RecordRow[],
  documentId: string,
  options: PrintOptions,
): Promise<PDFDocument> {
  const db = platform.database.db;
  // Another company's document, or one the caller does not see: 404 like an unknown id.
  const row = await findConfigurable(db, access.companyId, documentId);
  assertCanSee(access, row);
  let original: Buffer;
  try {
    original = await platform.storage.get(row.file.file_ref_id);
  } catch (err) {
    throw new AppError('NOT_FOUND', { message: 'The document file is missing', cause: err });
  }
  const out = await PDFDocument.create();
  for (const record of records) {
    const copy = await loadPdf(original);
    await stampFieldsInto(copy, row.fields, documentFieldValues(def, row.fields, record, options));
    const pages = await out.copyPages(copy, copy.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  return out;
}

const safeName = (name: string): string => name.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() || 'records';

/** The PDF of `input.entity_data_ids` (in that order). */
export async function printRecords(
  platform: Platform,
  access: AccessContext,
  def: EntityDefinition,
  input: TDocumentPrintingRequest,
): Promise<PrintedFile> {
  const templates = input.template_ids
    ? input.template_ids.map((id, i) => {
        const template = def.byId.get(id);
        if (!template || template.isRepeatable) {
          throw validationError([
            { key: `template_ids.${i}`, path: ['template_ids', i], message: 'Not a template of this entity' },
          ]);
        }
        return template;
      })
    : def.templates.filter((t) => !t.isRepeatable);
  const records = await loadRecords(platform, def, input.entity_data_ids);
  // The printing user's date format (unless the request names one) and zone (ARCHITECTURE.md "Dates").
  const style = await userDateStyle(platform.database.db, access);
  const options: PrintOptions = {
    dateFormat: input.date_format ?? style.format,
    zone: style.zone,
    linkedTitles: await linkedTitles(platform.database.db, def, records),
  };
  const doc = input.document_id
    ? await filledCopies(platform, access, def, records, input.document_id, options)
    : await recordSheets(def, records, templates, options);
  doc.setTitle(records.length === 1 ? records[0]!.title || def.row.name : def.row.name);
  const bytes = await doc.save({ objectsPerTick: OBJECTS_PER_TICK });
  const fileName =
    records.length === 1
      ? `${safeName(def.row.name)} - ${safeName(records[0]!.title || 'record')}.pdf`
      : `${safeName(def.row.name)} (${records.length} records).pdf`;
  return { bytes, fileName, pages: doc.getPageCount() };
}
