import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError, validationError } from '../http/app-error';
import { isText, sniffContentType } from './sniff';
import { declaredUnpackedSize, MAX_XLSX_UNPACKED_BYTES } from './zip-size';
import { eventLoopTurns } from '../event-loop-turns';

/*
 * The rows of an uploaded CSV or XLSX file (the first sheet): the one spreadsheet reader of the
 * server, for `template/create-from-excel` (a sample), the record and contact imports and bulk
 * send (`readSheetGrid`). The
 * bytes decide the format, never the name. XLSX is read with exceljs's streaming reader and cells
 * keep their types (numbers, booleans, dates); CSV cells are text. Empty rows are left out; every
 * row keeps its number in the sheet (what a person sees in Excel). Problems with the file are 422
 * keyed `file`; an Excel 97-2003 or any other kind of file is 415.
 */

export type SheetCell = string | number | boolean | Date | null;
export type SheetRow = { row: number; cells: SheetCell[] };

const fileError = (message: string): AppError =>
  validationError([{ key: 'file', message, path: ['file'] }], message);

const XLS_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The first `limit` non-empty rows of the file's first sheet (the rest is never parsed). */
export async function readSheetRows(bytes: Buffer, limit: number): Promise<SheetRow[]> {
  if (bytes.length === 0) throw fileError('The file is empty');
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return readXlsx(bytes, limit);
  if (bytes.subarray(0, 8).equals(XLS_SIGNATURE)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'Excel 97-2003 (.xls) files are not supported: save the sheet as .xlsx or .csv',
    });
  }
  const type = bytes.includes(0) ? 'binary data' : await sniffContentType(bytes);
  if (type !== undefined && type !== 'text/plain') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `Upload a CSV or XLSX file (this file is ${type})`,
    });
  }
  // Excel saves CSV in the system's code page: text that is not UTF-8 is read as Windows-1252.
  const text = isText(bytes) ? bytes.toString('utf8') : new TextDecoder('windows-1252').decode(bytes);
  return readCsv(text.replace(/^\uFEFF/, ''), limit);
}

/** The cells of an empty row of `readSheetGrid` (one shared array: a sparse sheet costs no more). */
const NO_CELLS: string[] = [];

/**
 * `readSheetRows` as text cells (`cellToText`: dates as their day, numbers as written), from the
 * first non-empty row (a header) on, each row at its place below it (index = sheet row - the
 * first row's; the empty rows between are empty), for a caller that numbers rows by position
 * (bulk send's `rows.{sheet row}.{column}`).
 */
export async function readSheetGrid(bytes: Buffer, limit: number): Promise<string[][]> {
  const rows = await readSheetRows(bytes, limit);
  const first = rows[0]?.row ?? 1;
  const last = rows.at(-1)?.row ?? 0;
  const grid = new Array<string[]>(Math.max(0, last - first + 1)).fill(NO_CELLS);
  for (const { row, cells } of rows) grid[row - first] = cells.map(cellToText);
  return grid;
}

/** A cell as text (dates as their day). */
export function cellToText(cell: SheetCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0]!.n > 0 ? counts[0]!.d : ',';
}

/** CSV text fed to the parser per slice (about 1,500 rows of a short sheet). */
const CSV_SLICE = 64 * 1024;

/** The text in slices, the event loop given a turn between two when a slice took long. */
async function* slicesOf(text: string): AsyncGenerator<string> {
  const turn = eventLoopTurns();
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + CSV_SLICE);
    // Never between the two halves of a character outside the BMP (an emoji).
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    await turn();
    yield text.slice(at, end);
    at = end;
  }
}

async function readCsv(text: string, limit: number): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  // In slices: parsed in one piece, a 20,000-row file held the event loop for a third of a second.
  const parser = Readable.from(slicesOf(text)).pipe(
    parseCsv({
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      max_record_size: 64 * 1024,
      to_line: limit * 4,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (record.some((cell) => cell !== '')) {
        rows.push({ row: info.lines, cells: record.map((cell) => (cell === '' ? null : cell)) });
      }
      if (rows.length >= limit) break;
    }
  } catch (err) {
    throw fileError(`The CSV file could not be read: ${(err as Error).message}`);
  } finally {
    parser.destroy();
  }
  return rows;
}

function xlsxCell(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'object') {
    if ('richText' in value)
      return (
        value.richText
          .map((part) => part.text)
          .join('')
          .trim() || null
      );
    if ('text' in value) return String(value.text).trim() || null;
    if ('result' in value)
      return value.result === undefined ? null : xlsxCell(value.result as ExcelJS.CellValue);
  }
  return null;
}

async function readXlsx(bytes: Buffer, limit: number): Promise<SheetRow[]> {
  let size: number;
  try {
    size = await declaredUnpackedSize(bytes);
  } catch {
    throw fileError('The spreadsheet could not be read: the file is damaged');
  }
  if (size > MAX_XLSX_UNPACKED_BYTES) throw fileError('The spreadsheet is too large once unpacked');
  const rows: SheetRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles tell dates from numbers.
      styles: 'cache',
      entries: 'ignore',
    });
    const turn = eventLoopTurns();
    for await (const sheet of reader) {
      for await (const row of sheet) {
        await turn();
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from(values, (value) => xlsxCell(value as ExcelJS.CellValue));
        if (cells.some((cell) => cell !== null)) rows.push({ row: row.number, cells });
        if (rows.length >= limit) break;
      }
      // Only the first sheet is read.
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fileError('The spreadsheet could not be read: the file is damaged or not an XLSX workbook');
  }
  return rows;
}
