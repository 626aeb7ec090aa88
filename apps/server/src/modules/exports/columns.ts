import { zoneLabel, type TZone } from '@esigns/contracts/dates';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TValueField } from '@esigns/contracts/nocode-fields';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import { validationError } from '../../platform/http/app-error';
import type { EntityDefinition } from '../entities';
import type { ExportRecord } from '../entity-data';
import {
  cellOf,
  kindOf,
  numberFormatOf,
  textOf,
  wallClock,
  type CellKind,
  type CellValue,
} from './cell-values';

/*
 * The columns of an exported entity: the fields asked for (`columns`, field references as the
 * grid's), or by default every field of its non-repeatable templates in order, then Created and
 * Updated. Repeatable templates (line items) have many entries per record: they are not columns.
 */

type SystemColumn = 'created_at' | 'updated_at' | 'created_by' | 'title';

export type ExportColumn = {
  header: string;
  kind: CellKind;
  numFmt: string | undefined;
  /** Characters: header and kind decide it, within 10..60. */
  width: number;
  field: TValueField | null;
  system: SystemColumn | null;
  templateId: string | null;
};

/** What a page of rows needs besides the rows: the zone, linked titles, creators' names. */
export type RowContext = {
  zone: TZone;
  linkedTitles: Readonly<Record<string, string>>;
  people: ReadonlyMap<string, string>;
};

/** Fields that hold nothing to export (a button). */
const SKIPPED_TYPES = new Set(['PAY_BUTTON']);

const WIDTH_BY_KIND: Record<CellKind, number> = {
  text: 24,
  number: 14,
  currency: 16,
  percent: 10,
  date: 12,
  datetime: 18,
  boolean: 8,
};

const widthOf = (header: string, kind: CellKind): number =>
  Math.min(60, Math.max(10, header.length + 2, WIDTH_BY_KIND[kind]));

function fieldColumn(templateId: string, field: TValueField, zoneName: string): ExportColumn {
  const kind = kindOf(field);
  const label = field.label || field.key;
  const header = kind === 'datetime' ? `${label} (${zoneName})` : label;
  return {
    header,
    kind,
    numFmt: numberFormatOf(field, kind),
    width: widthOf(header, kind),
    field,
    system: null,
    templateId,
  };
}

function systemColumn(system: SystemColumn, zoneName: string): ExportColumn {
  const datetime = system === 'created_at' || system === 'updated_at';
  const header =
    system === 'created_at'
      ? `Created (${zoneName})`
      : system === 'updated_at'
        ? `Updated (${zoneName})`
        : system === 'created_by'
          ? 'Created by'
          : 'Title';
  const kind: CellKind = datetime ? 'datetime' : 'text';
  return {
    header,
    kind,
    numFmt: numberFormatOf(null, kind),
    width: widthOf(header, kind),
    field: null,
    system,
    templateId: null,
  };
}

/**
 * The columns of `def` for `refs` (default: every field, then Created and Updated). A reference
 * that is not a field of the entity (or a repeatable template's) is a 422 keyed `columns.N`.
 */
export function entityColumns(
  def: EntityDefinition,
  refs: readonly string[] | undefined,
  zone: TZone,
): ExportColumn[] {
  const zoneName = zoneLabel(new Date(), zone);
  if (!refs || refs.length === 0) {
    return [
      ...def.templates
        .filter((t) => !t.isRepeatable)
        .flatMap((t) =>
          t.fields.filter((f) => !SKIPPED_TYPES.has(f.type)).map((f) => fieldColumn(t.id, f, zoneName)),
        ),
      systemColumn('created_at', zoneName),
      systemColumn('updated_at', zoneName),
    ];
  }
  const errors: TValidationDetail[] = [];
  const columns: ExportColumn[] = [];
  refs.forEach((ref, index) => {
    if (ref === 'created_at' || ref === 'updated_at' || ref === 'created_by' || ref === 'title') {
      columns.push(systemColumn(ref, zoneName));
      return;
    }
    const parts = splitFieldRef(ref);
    const template = parts ? def.byId.get(parts.templateId) : undefined;
    const field = template?.isRepeatable ? undefined : template?.fields.find((f) => f.key === parts!.key);
    if (!parts || !field) {
      errors.push({
        key: `columns.${index}`,
        path: ['columns', String(index)],
        message: 'Not a field of this entity',
      });
      return;
    }
    columns.push(fieldColumn(parts.templateId, field, zoneName));
  });
  if (errors.length > 0) throw validationError(errors, errors[0]!.message);
  return columns;
}

function rawValue(column: ExportColumn, row: ExportRecord): unknown {
  switch (column.system) {
    case 'created_at':
      return row.createdAt;
    case 'updated_at':
      return row.updatedAt;
    case 'created_by':
      return row.createdBy;
    case 'title':
      return row.title;
    default:
      return row.values[column.templateId!]?.[column.field!.key];
  }
}

/** A record's cell in a column, typed for a workbook. */
export function columnCell(column: ExportColumn, row: ExportRecord, context: RowContext): CellValue {
  const value = rawValue(column, row);
  if (column.field) return cellOf(column.field, column.kind, value, context);
  if (column.system === 'created_at' || column.system === 'updated_at')
    return value ? wallClock(value as Date, context.zone) : null;
  if (column.system === 'created_by')
    return typeof value === 'string' ? (context.people.get(value) ?? '') : '';
  return typeof value === 'string' ? value : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A record's cell in a column as text (PDF). */
export function columnText(column: ExportColumn, row: ExportRecord, context: RowContext): string {
  if (column.field) return textOf(column.field, rawValue(column, row), context);
  const cell = columnCell(column, row, context);
  if (cell instanceof Date)
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())} ${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}`;
  return cell === null ? '' : String(cell);
}

/** The user ids a page's `created_by` column needs names for (none without that column). */
export function creatorIds(columns: readonly ExportColumn[], rows: readonly ExportRecord[]): string[] {
  if (!columns.some((c) => c.system === 'created_by')) return [];
  return [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))];
}
