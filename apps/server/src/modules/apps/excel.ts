import { APP_EXCEL_MAX_ROWS, APP_EXCEL_MAX_SHEETS, type TExcelSheetPreview } from '@esigns/contracts/apps';
import { TEMPLATE_EXCEL_MAX_COLUMNS } from '@esigns/contracts/form-templates';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { validationError } from '../../platform/http/app-error';
import { cellToText, sheetRows, sheetsOf, type SheetCell } from '../../platform/storage/spreadsheet-rows';
import { inferFields } from '../form-templates';

/*
 * Create from Excel, the server half: every sheet of a workbook (CSV: one) with rows becomes an
 * entity to review, its fields inferred the way templates' create-from-Excel infers them, its
 * first APP_EXCEL_MAX_ROWS rows as values by field key. Nothing is written: the review screen
 * turns the (edited) sheets into a manifest for `POST /create-application`.
 */

const fileError = (message: string) => validationError([{ key: 'file', message, path: ['file'] }], message);

function valueOf(cell: SheetCell, field: TFormField): unknown {
  if (cell === null || cell === '') return undefined;
  switch (field.type) {
    case 'NUMBER':
    case 'CURRENCY':
    case 'PERCENTAGE': {
      if (typeof cell === 'number') return cell;
      const n = Number(cellToText(cell).replace(/[^0-9.+-]/g, ''));
      return Number.isFinite(n) ? n : undefined;
    }
    case 'YES_OR_NO':
    case 'CHECKBOX': {
      if (typeof cell === 'boolean') return cell;
      const text = cellToText(cell).toLowerCase();
      return ['yes', 'y', 'true', '1'].includes(text)
        ? true
        : ['no', 'n', 'false', '0'].includes(text)
          ? false
          : undefined;
    }
    case 'MULTI_SELECT':
      return cellToText(cell)
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
    case 'DATE_TIME':
      return cell instanceof Date ? cell.toISOString() : cellToText(cell);
    default:
      return cellToText(cell);
  }
}

export async function excelSheets(
  bytes: Buffer,
  fileName: string | undefined,
): Promise<TExcelSheetPreview[]> {
  const csvName = (fileName ?? 'Sheet 1').replace(/\.(csv|txt|xlsx)$/i, '') || 'Sheet 1';
  const sheets = (await sheetsOf(bytes, APP_EXCEL_MAX_ROWS + 1, csvName)).filter((s) => s.rows > 1);
  if (sheets.length === 0) throw fileError('No sheet has a header row and at least one row below it');
  if (sheets.length > APP_EXCEL_MAX_SHEETS) throw fileError(`At most ${APP_EXCEL_MAX_SHEETS} sheets`);
  const single = sheets.length === 1 && sheets[0]!.name === csvName;
  const previews: TExcelSheetPreview[] = [];
  for (const sheet of sheets) {
    const rows: SheetCell[][] = [];
    for await (const row of sheetRows(bytes, {
      limit: APP_EXCEL_MAX_ROWS + 1,
      sheet: single ? undefined : sheet.name,
    }))
      rows.push(row.cells);
    const [headerCells = [], ...body] = rows;
    const header = headerCells.map((cell) => cellToText(cell));
    const parsed = ZFormFields.safeParse(inferFields(header, body));
    if (!parsed.success || parsed.data.length === 0) continue;
    const fields = parsed.data as TFormField[];
    // The columns inferFields kept, in order (it skips unnamed empty ones).
    const width = Math.min(Math.max(header.length, ...body.map((r) => r.length)), TEMPLATE_EXCEL_MAX_COLUMNS);
    const columns: number[] = [];
    for (let c = 0; c < width; c += 1)
      if ((header[c] ?? '').trim() || body.some((r) => (r[c] ?? null) !== null)) columns.push(c);
    previews.push({
      sheet: sheet.name,
      name: sheet.name.slice(0, 100),
      fields: fields as unknown as Record<string, unknown>[],
      rows: body.map((cells) =>
        Object.fromEntries(
          fields.flatMap((field, i) => {
            const value = valueOf(cells[columns[i]!] ?? null, field);
            return value === undefined ? [] : [[field.key, value]];
          }),
        ),
      ),
      row_count: Math.max(0, sheet.rows - 1),
    });
  }
  if (previews.length === 0) throw fileError('No sheet has columns to turn into fields');
  return previews;
}
