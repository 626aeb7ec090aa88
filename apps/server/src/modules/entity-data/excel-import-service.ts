import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ENTITY_IMPORT_MAX_ERRORS,
  ENTITY_IMPORT_MAX_ROWS,
  ENTITY_IMPORT_SAMPLE_ROWS,
  isImportableFieldType,
  type TExcelHeaders,
  type TImportCell,
  type TImportProblem,
  type TImportResult,
} from '@esigns/contracts/entity-import';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFormField, TFormFieldOf } from '@esigns/contracts/nocode-fields';
import { isInputFieldType } from '@esigns/contracts/nocode-field-types';
import { fieldRef, splitFieldRef } from '@esigns/contracts/nocode-filters';
import { isIsoDay } from '@esigns/contracts/nocode-value-coercion';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { eventLoopTurns } from '../../platform/event-loop-turns';
import { validationError, type AppError } from '../../platform/http/app-error';
import { cellToText, readSheetRows, type SheetCell } from '../../platform/storage/spreadsheet-rows';
import { entitySummaries, type EntityDefinition, type EntityTemplateDef } from '../entities';
import type { AccessContext } from '../permissions';
import { Problems, rowDetail, writeImport, type ImportPacing, type Prepared } from './import-writer';
import { parseRecordValues, type RecordValues } from './record-values';
import { entityData } from './schema';
import { visibleRecords } from './staged-imports';

/*
 * Records from a spreadsheet (spec 3 §7 "Imports"): `POST /get-excel-headers` reads the columns
 * and suggests the fields they fill; `POST /import-excel-data` turns each row into a record's
 * values (cells converted to the field's type), checks them once with the record validator and
 * creates them with `createValidatedRecords` (what `POST /entities-datas` does after its
 * validation: links, files, duplicate rules, numbers, titles), all or nothing, or
 * (skip_invalid) the valid rows with the list of the others: import-writer.ts writes them, in one
 * transaction on PostgreSQL and staged (hidden records in short transactions) on PGlite.
 */

const MINUTE = 60_000;

const fileError = (message: string): AppError =>
  validationError([{ key: 'file', message, path: ['file'] }], message);
/** 422 whose message is its first detail's. */
const invalid = (details: TValidationDetail[]): AppError => validationError(details, details[0]?.message);
const mappingError = (header: string | null, message: string): TValidationDetail => {
  const path = header === null ? ['mapping'] : ['mapping', header];
  return { key: path.join('.'), message, path };
};

// ---------------------------------------------------------------------------------------------
// The sheet

type Sheet = { headers: string[]; rows: { row: number; cells: SheetCell[] }[] };

/** Excel's letters of a column (0 -> A, 27 -> AB). */
function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Header names, unique: an empty one becomes `Column C`, a repeated one `Price (2)`. */
export function headerNames(cells: SheetCell[]): string[] {
  let last = cells.length - 1;
  while (last >= 0 && cellToText(cells[last] ?? null) === '') last -= 1;
  const seen = new Map<string, number>();
  const names: string[] = [];
  for (let index = 0; index <= last; index += 1) {
    const text = cellToText(cells[index] ?? null)
      .replace(/\s+/g, ' ')
      .slice(0, 200);
    let name = text || `Column ${columnLetters(index)}`;
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count > 1) name = `${name} (${count})`;
    names.push(name);
  }
  return names;
}

/** The header (first non-empty row) and every row below it; more than 50,000 rows is 422. */
async function readSheet(bytes: Buffer): Promise<Sheet> {
  const [header, ...rows] = await readSheetRows(bytes, ENTITY_IMPORT_MAX_ROWS + 2);
  if (!header) throw fileError('The file is empty');
  if (rows.length > ENTITY_IMPORT_MAX_ROWS) {
    throw fileError(
      `The file has more than ${ENTITY_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it into several files`,
    );
  }
  return { headers: headerNames(header.cells), rows };
}

/** A cell as the mapping screen shows it: dates as ISO text (the day alone at midnight). */
export function sampleCell(cell: SheetCell | undefined): TImportCell {
  if (cell === undefined || cell === null) return null;
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  return cell;
}

// ---------------------------------------------------------------------------------------------
// Fields a column can fill

export type ImportField = { ref: string; template: EntityTemplateDef; field: TFormField };

/** The fields of the entity's non-repeatable templates that take a cell, primary template first. */
export function importableFields(def: EntityDefinition): ImportField[] {
  const templates = [def.primary, ...def.templates.filter((t) => t !== def.primary)];
  return templates
    .filter((template) => !template.isRepeatable)
    .flatMap((template) =>
      template.fields
        .filter((field) => isImportableFieldType(field.type))
        .map((field) => ({ ref: fieldRef(template.id, field.key), template, field })),
    );
}

/** Case, spaces and punctuation do not count: "Area (sq ft)" names "area_sq_ft". */
const comparable = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** For each header the field of the same label (else key), each field at most once. */
export function suggestMapping(headers: string[], fields: ImportField[]): Record<string, string | null> {
  const mapping: Record<string, string | null> = Object.fromEntries(headers.map((h) => [h, null]));
  const used = new Set<string>();
  for (const by of ['label', 'key'] as const) {
    for (const header of headers) {
      if (mapping[header] !== null) continue;
      const wanted = comparable(header);
      if (!wanted) continue;
      const hit = fields.find((f) => !used.has(f.ref) && comparable(f.field[by]) === wanted);
      if (hit) {
        mapping[header] = hit.ref;
        used.add(hit.ref);
      }
    }
  }
  return mapping;
}

/** `POST /get-excel-headers`. */
export async function excelHeaders(def: EntityDefinition, bytes: Buffer): Promise<TExcelHeaders> {
  const sheet = await readSheet(bytes);
  return {
    headers: sheet.headers,
    sample: sheet.rows
      .slice(0, ENTITY_IMPORT_SAMPLE_ROWS)
      .map((row) => sheet.headers.map((_, index) => sampleCell(row.cells[index]))),
    row_count: sheet.rows.length,
    mapping: suggestMapping(sheet.headers, importableFields(def)),
  };
}

// ---------------------------------------------------------------------------------------------
// The mapping sent

export type ImportColumn = { index: number; header: string } & ImportField;
type Column = ImportColumn;

/** The `mapping` JSON text: every header of the file mapped to an importable field, or null. */
function parseMapping(def: EntityDefinition, headers: string[], text: string | undefined): Column[] {
  if (text === undefined || text.trim() === '') {
    throw invalid([mappingError(null, 'Send the mapping of columns to fields')]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid([mappingError(null, 'The mapping is not valid JSON')]);
  }
  return mappingColumns(def, headers, raw);
}

/**
 * A mapping (`{ "<header>": "<template_id>#<key>" | null }`) as the columns it imports: 422 keyed
 * `mapping.<header>` for a header not in `headers`, a field that is not the entity's or that a
 * cell cannot fill, a field named twice; 422 `mapping` when nothing is mapped or a required field
 * is left out.
 */
export function mappingColumns(def: EntityDefinition, headers: string[], raw: unknown): ImportColumn[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalid([
      mappingError(null, 'Send the mapping as an object: { "<column>": "<template_id>#<key>" }'),
    ]);
  }
  const fields = new Map(importableFields(def).map((f) => [f.ref, f]));
  const errors: TValidationDetail[] = [];
  const columns: Column[] = [];
  const byRef = new Map<string, string>();
  for (const [header, ref] of Object.entries(raw)) {
    const index = headers.indexOf(header);
    if (index < 0) {
      errors.push(mappingError(header, 'Not a column of the file'));
      continue;
    }
    if (ref === null || ref === '') continue;
    if (typeof ref !== 'string') {
      errors.push(
        mappingError(header, 'Name a field as <template_id>#<key>, or null to leave the column out'),
      );
      continue;
    }
    const field = fields.get(ref.trim());
    if (!field) {
      const parts = splitFieldRef(ref.trim());
      const known = parts && def.byId.get(parts.templateId)?.fields.find((f) => f.key === parts.key);
      errors.push(
        mappingError(
          header,
          known
            ? `${known.label} cannot be filled from a spreadsheet`
            : 'Not a field of this entity (use <template_id>#<key>)',
        ),
      );
      continue;
    }
    const taken = byRef.get(field.ref);
    if (taken !== undefined) {
      errors.push(mappingError(header, `${field.field.label} is already filled from ${taken}`));
      continue;
    }
    byRef.set(field.ref, header);
    columns.push({ index, header, ...field });
  }
  if (errors.length > 0) throw invalid(errors.slice(0, ENTITY_IMPORT_MAX_ERRORS));
  if (columns.length === 0) throw invalid([mappingError(null, 'Map at least one column to a field')]);

  // A required field no column fills fails every row: say it once. Templates are checked when
  // sent (the primary one always); fields with a default or shown on conditions are left to the rows.
  const sent = new Set([def.primary.id, ...columns.map((c) => c.template.id)]);
  const missing = def.templates
    .filter((template) => sent.has(template.id))
    .flatMap((template) =>
      template.fields.filter(
        (field) =>
          isInputFieldType(field.type) &&
          field.required &&
          !byRef.has(fieldRef(template.id, field.key)) &&
          !('default_value' in field && field.default_value !== undefined) &&
          !field.visibility,
      ),
    );
  if (missing.length > 0) {
    const blocked = missing.filter((field) => !isImportableFieldType(field.type));
    const message =
      blocked.length > 0
        ? `${blocked.map((f) => f.label).join(', ')} ${blocked.length === 1 ? 'is' : 'are'} required and cannot ` +
          'come from a spreadsheet: make it optional to import records'
        : `Choose a column for ${missing.map((f) => f.label).join(', ')}: ` +
          `${missing.length === 1 ? 'it is' : 'they are'} required`;
    throw invalid([mappingError(null, message)]);
  }
  return columns;
}

// ---------------------------------------------------------------------------------------------
// Cells to values

type Converted = { ok: true; value: unknown } | { ok: false; message: string };
const pass = (value: unknown): Converted => ({ ok: true, value });
const refuse = (message: string): Converted => ({ ok: false, message });

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

/** A day written YYYY-MM-DD, DD-MM-YYYY (also with / or .), YYYY/MM/DD, 12 Jan 2025 or Jan 12, 2025. */
function dayOfText(text: string): string | null {
  let y: number;
  let m: number;
  let d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text))) {
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})[-\s]([a-z]{3,9})\.?[-\s,]+(\d{4})$/i.exec(text))) {
    [d, m, y] = [Number(match[1]), MONTHS.indexOf(match[2]!.slice(0, 3).toLowerCase()) + 1, Number(match[3])];
  } else if ((match = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text))) {
    [m, d, y] = [MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase()) + 1, Number(match[2]), Number(match[3])];
  } else return null;
  const day = `${y}-${pad(m)}-${pad(d)}`;
  return m >= 1 && isIsoDay(day) ? day : null;
}

/** An Excel serial day number (days since 1899-12-30) as an instant of its wall-clock time in UTC. */
function serialToDate(serial: number): Date | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  return new Date(Math.round((serial - 25_569) * 86_400) * 1000);
}

/** A date cell's wall-clock time (exceljs gives it as UTC), rounded to the second. */
const wallClock = (date: Date): Date => new Date(Math.round(date.getTime() / 1000) * 1000);

function toDate(cell: SheetCell): Converted {
  // The message is made only for a cell that fails (imports convert cells by the million).
  const bad = () => refuse(`${quoted(cellToText(cell))} is not a date: use YYYY-MM-DD or DD-MM-YYYY`);
  if (cell instanceof Date) return pass(wallClock(cell).toISOString().slice(0, 10));
  if (typeof cell === 'number') {
    const date = serialToDate(cell);
    return date ? pass(date.toISOString().slice(0, 10)) : bad();
  }
  if (typeof cell !== 'string') return bad();
  if (/^\d{4}-\d{2}-\d{2}T/.test(cell)) return pass(cell);
  const day = dayOfText(cell);
  return day ? pass(day) : bad();
}

/** Date and time: wall-clock times are the caller's (`usertimezone`); ISO text with a zone as it is. */
function toDateTime(cell: SheetCell, offsetMinutes: number): Converted {
  const bad = () =>
    refuse(`${quoted(cellToText(cell))} is not a date and time: use YYYY-MM-DD HH:mm or DD-MM-YYYY HH:mm`);
  const fromWallClock = (ms: number) => pass(new Date(ms + offsetMinutes * MINUTE).toISOString());
  if (cell instanceof Date) return fromWallClock(wallClock(cell).getTime());
  if (typeof cell === 'number') {
    const date = serialToDate(cell);
    return date ? fromWallClock(date.getTime()) : bad();
  }
  if (typeof cell !== 'string') return bad();
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(cell)) return pass(cell);
  const match = /^(.+?)(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?)?$/i.exec(cell);
  const day = match ? dayOfText(match[1]!.trim()) : null;
  if (!match || !day) return bad();
  let hours = Number(match[2] ?? 0);
  const minutes = Number(match[3] ?? 0);
  const seconds = Number(match[4] ?? 0);
  const meridiem = match[5]?.toLowerCase().replace(/\./g, '');
  if (meridiem) {
    if (hours < 1 || hours > 12) return bad();
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) return bad();
  return fromWallClock(Date.parse(`${day}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}Z`));
}

function toTime(cell: SheetCell): Converted {
  let date: Date | null = null;
  if (cell instanceof Date) date = wallClock(cell);
  else if (typeof cell === 'number' && cell >= 0 && cell < 1) date = serialToDate(cell + 25_569);
  if (!date) return pass(typeof cell === 'string' ? cell : cellToText(cell));
  const seconds = date.getUTCSeconds();
  return pass(`${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}${seconds ? `:${pad(seconds)}` : ''}`);
}

/** Text of a cell for text-like fields: dates as their day (or ISO instant), yes/no as words. */
function toText(cell: SheetCell): unknown {
  if (cell instanceof Date) {
    const sample = sampleCell(wallClock(cell));
    return sample;
  }
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return cell;
}

const splitList = (cell: SheetCell): string[] =>
  cellToText(cell)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Records of linked entities by lower-cased title: their ids (several when titles repeat). */
type LinkTitles = Map<string, Map<string, string[]>>;

function toLinks(
  field: TFormFieldOf<'ENTITY'>,
  cell: SheetCell,
  titles: LinkTitles,
  names: Map<string, string>,
): Converted {
  const items = field.allow_multiple ? splitList(cell) : [cellToText(cell)];
  const ids: string[] = [];
  const entity = names.get(field.entity_id) ?? 'the linked entity';
  for (const item of items) {
    if (isUuid(item)) {
      ids.push(item.toLowerCase());
      continue;
    }
    const found = titles.get(field.entity_id)?.get(item.toLowerCase()) ?? [];
    if (found.length === 0) return refuse(`No record of ${entity} is titled ${quoted(item)}`);
    if (found.length > 1)
      return refuse(`Several records of ${entity} are titled ${quoted(item)}: use the record's id`);
    ids.push(found[0]!);
  }
  return pass(field.allow_multiple ? ids : (ids[0] ?? null));
}

/** One cell as the raw value the record validator takes for its field. */
function convertCell(
  field: TFormField,
  cell: SheetCell,
  context: { offsetMinutes: number; titles: LinkTitles; names: Map<string, string> },
): Converted {
  switch (field.type) {
    case 'DATE':
      return toDate(cell);
    case 'DATE_TIME':
      return toDateTime(cell, context.offsetMinutes);
    case 'TIME':
      return toTime(cell);
    case 'MULTI_SELECT':
      return pass(splitList(cell));
    case 'SELECT':
    case 'RADIO':
      return pass(cellToText(cell));
    case 'ENTITY':
      return toLinks(field, cell, context.titles, context.names);
    case 'NUMBER':
    case 'CURRENCY':
    case 'PERCENTAGE':
    case 'YES_OR_NO':
    case 'CHECKBOX':
      return pass(cell instanceof Date ? cellToText(cell) : cell);
    default:
      return pass(toText(cell));
  }
}

/** The titles the ENTITY columns name (ids aside), looked up in their entities, 1,000 at a time. */
async function linkTitles(
  db: Db,
  companyId: string,
  columns: Column[],
  sheet: Pick<Sheet, 'rows'>,
): Promise<LinkTitles> {
  const wanted = new Map<string, Set<string>>();
  for (const column of columns) {
    if (column.field.type !== 'ENTITY') continue;
    const field = column.field;
    const set = wanted.get(field.entity_id) ?? new Set<string>();
    wanted.set(field.entity_id, set);
    for (const { cells } of sheet.rows) {
      const cell = cells[column.index] ?? null;
      if (cell === null) continue;
      for (const item of field.allow_multiple ? splitList(cell) : [cellToText(cell)]) {
        if (item && !isUuid(item)) set.add(item.toLowerCase());
      }
    }
  }
  const titles: LinkTitles = new Map();
  for (const [entityId, set] of wanted) {
    const byTitle = new Map<string, string[]>();
    titles.set(entityId, byTitle);
    const all = [...set];
    for (let i = 0; i < all.length; i += 1000) {
      const rows = await db
        .select({ id: entityData.id, title: sql<string>`lower(${entityData.title})` })
        .from(entityData)
        .where(
          and(
            eq(entityData.companyId, companyId),
            eq(entityData.entityId, entityId),
            inArray(sql`lower(${entityData.title})`, all.slice(i, i + 1000)),
            visibleRecords(),
          ),
        );
      for (const row of rows) byTitle.set(row.title, [...(byTitle.get(row.title) ?? []), row.id]);
    }
  }
  return titles;
}

// ---------------------------------------------------------------------------------------------
// The import

export type ImportOptions = {
  mapping: string | undefined;
  skipInvalid: boolean;
  /** The caller's `usertimezone` (minutes, UTC minus local): date-times without a zone are theirs. */
  offsetMinutes: number;
};

/** `POST /import-excel-data`. */
export async function importExcelData(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  bytes: Buffer,
  options: ImportOptions,
  pacing: ImportPacing,
): Promise<TImportResult> {
  const sheet = await readSheet(bytes);
  const columns = parseMapping(def, sheet.headers, options.mapping);
  if (sheet.rows.length === 0) throw fileError('The file has no rows below its header row');

  const problems = new Problems();
  const prepared = await prepareRows(db, def, columns, sheet.rows, options.offsetMinutes, problems);

  const refuseAll = (): never => {
    const details = problems.all();
    const rows = problems.byRow.size;
    throw validationError(
      details.slice(0, ENTITY_IMPORT_MAX_ERRORS),
      `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row has' : 'rows have'} problems: nothing was imported`,
    );
  };
  if (!options.skipInvalid && problems.byRow.size > 0) refuseAll();

  const inserted = await writeImport(
    db,
    { def, access, prepared, problems, skipInvalid: options.skipInvalid, refuseAll },
    pacing,
  );

  const details = problems.all();
  const errors = importProblems(details.slice(0, ENTITY_IMPORT_MAX_ERRORS), columns);
  return { inserted, skipped: sheet.rows.length - inserted, errors, errors_total: details.length };
}

/**
 * Rows to records' values: each cell converted to its field's type (linked records looked up by
 * title, once for these rows), then the record validator. The rows with a problem are added to
 * `problems` (keyed `rows.<row>...`) and left out of the answer.
 */
export async function prepareRows(
  db: Db,
  def: EntityDefinition,
  columns: ImportColumn[],
  rows: { row: number; cells: SheetCell[] }[],
  offsetMinutes: number,
  problems: Problems,
): Promise<Prepared[]> {
  const linked = [...new Set(columns.flatMap((c) => (c.field.type === 'ENTITY' ? [c.field.entity_id] : [])))];
  const names = new Map(
    [...(await entitySummaries(db, def.row.companyId, linked))].map(([id, e]) => [id, e.name] as const),
  );
  const context = {
    offsetMinutes,
    titles: await linkTitles(db, def.row.companyId, columns, { rows }),
    names,
  };

  // Cells to values, then the record validator (the one `createRecords` runs, and the only time
  // these rows are validated: `createValidatedRecords` writes the values it gives), row by row.
  const prepared: Prepared[] = [];
  // Converting 20,000 rows takes the event loop a few hundred milliseconds: give other requests turns.
  const turn = eventLoopTurns();
  for (const { row, cells } of rows) {
    await turn();
    const input: RecordValues = {};
    const failed: TValidationDetail[] = [];
    for (const column of columns) {
      const cell = cells[column.index] ?? null;
      if (cell === null || (typeof cell === 'string' && cell.trim() === '')) continue;
      const converted = convertCell(column.field, cell, context);
      if (converted.ok) (input[column.template.id] ??= {})[column.field.key] = converted.value;
      else failed.push(rowDetail(row, column.ref, converted.message));
    }
    const parsed = parseRecordValues(def, input, { partial: false, prefix: ['rows', String(row)] });
    if (failed.length === 0) {
      problems.add(row, parsed.errors);
    } else {
      const failedKeys = new Set(failed.map((d) => d.key));
      // A cell that could not be converted is not also reported as missing.
      problems.add(row, [...failed, ...parsed.errors.filter((d) => !failedKeys.has(d.key))]);
    }
    if (!problems.has(row)) prepared.push({ row, values: parsed.values });
  }
  return prepared;
}

/** Problems keyed `rows.<row>.<template_id>.<key>` as the answer lists them, with their column. */
export function importProblems(details: TValidationDetail[], columns: ImportColumn[]): TImportProblem[] {
  const headerOf = new Map(columns.map((c) => [c.ref, c.header]));
  return details.map((detail) => {
    const [, row, templateId, key] = detail.path;
    const ref =
      templateId !== undefined && key !== undefined ? fieldRef(String(templateId), String(key)) : null;
    return {
      row: Number(row),
      field: ref,
      column: (ref && headerOf.get(ref)) ?? null,
      message: detail.message,
    };
  });
}
