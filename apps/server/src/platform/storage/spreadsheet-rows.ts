import { createReadStream } from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError, validationError } from '../http/app-error';
import { isText, sniffContentType } from './sniff';
import { declaredUnpackedSize, MAX_XLSX_UNPACKED_BYTES } from './zip-size';
import { eventLoopTurns } from '../event-loop-turns';

/*
 * The rows of an uploaded CSV or XLSX file (the first sheet, or one by name: `sheetRows`, and the
 * sheets with their row counts: `sheetsOf`): the one spreadsheet reader of the
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

/** Which sheet and how many rows `sheetRows` reads. */
export type SheetChoice = {
  /** The non-empty rows to read at most (the rest is never parsed). */
  limit: number;
  /** An XLSX sheet by name (default: the first; a CSV file has one sheet, whatever the name). */
  sheet?: string | undefined;
};

/** The first `limit` non-empty rows of the file's first sheet (the rest is never parsed). */
export async function readSheetRows(bytes: Buffer, limit: number): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(bytes, { limit })) rows.push(row);
  return rows;
}

/** Tells CSV from XLSX by the bytes: 415 for Excel 97-2003 and other kinds of file. */
async function kindOf(bytes: Buffer): Promise<'xlsx' | 'csv'> {
  if (bytes.length === 0) throw fileError('The file is empty');
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return 'xlsx';
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
  return 'csv';
}

/** The CSV text: UTF-8, else Windows-1252 (Excel saves CSV in the system's code page). */
const csvText = (bytes: Buffer): string =>
  (isText(bytes) ? bytes.toString('utf8') : new TextDecoder('windows-1252').decode(bytes)).replace(
    /^\uFEFF/,
    '',
  );

/**
 * The non-empty rows of one sheet, one at a time (nothing kept: a million-row file costs the
 * memory of its bytes and one row). XLSX cells formatted as percentages arrive as shown (0-100:
 * 25 for 25 %, where the file stores 0.25). An XLSX sheet not in the workbook: 422 keyed `sheet`.
 */
export async function* sheetRows(bytes: Buffer, choice: SheetChoice): AsyncGenerator<SheetRow> {
  if ((await kindOf(bytes)) === 'csv') {
    const text = csvText(bytes);
    yield* csvRows(slicesOf(text), delimiterOf(text), choice.limit);
    return;
  }
  await checkUnpackedSize(bytes);
  yield* chosenSheetRows(xlsxSheets(Readable.from([bytes])), choice);
}

/** What `sheetRowsOfStream` reads: a new stream of the same stored bytes at each call. */
export type OpenBytes = () => Promise<Readable>;

/** The bytes the format is told by (and a CSV's delimiter). */
const HEAD_BYTES = 64 * 1024;

/**
 * `sheetRows` of a file read as a stream (a stored upload of any size: memory stays that of a
 * chunk and a row, not the file's). The file is opened twice: once for its kind and, for a CSV,
 * its encoding (UTF-8 when every byte is, else Windows-1252, as `sheetRows` decides), then for
 * its rows. For files already read whole once (`sheetRows`/`sheetsOf` at upload): the XLSX
 * unpacked-size check is not repeated.
 */
export async function* sheetRowsOfStream(open: OpenBytes, choice: SheetChoice): AsyncGenerator<SheetRow> {
  const { head, utf8 } = await headAndEncoding(open);
  const csv = (await kindOf(head)) === 'csv';
  const stream = await open();
  try {
    if (csv) {
      const headText = decodeText(head, utf8).replace(/^\uFEFF/, '');
      yield* csvRows(decodedChunks(stream, utf8), delimiterOf(headText), choice.limit);
    } else {
      yield* chosenSheetRows(xlsxSheets(stream), choice);
    }
  } finally {
    // Read to the end, or left early (a sample, a stopped job): the file is closed either way.
    stream.destroy();
  }
}

/**
 * The first HEAD_BYTES of the file, and whether the whole file is UTF-8 text (read through while
 * it is; a file that is not, an XLSX for one, is read no further than its head).
 */
async function headAndEncoding(open: OpenBytes): Promise<{ head: Buffer; utf8: boolean; nul: boolean }> {
  const parts: Buffer[] = [];
  let size = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  let nul = false;
  const stream = await open();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size < HEAD_BYTES) parts.push(chunk.subarray(0, HEAD_BYTES - size));
    size += chunk.length;
    if (!utf8) {
      if (size >= HEAD_BYTES) break;
      continue;
    }
    try {
      decoder.decode(chunk, { stream: true });
      if (chunk.includes(0)) {
        utf8 = false;
        nul = true;
      }
    } catch {
      utf8 = false;
    }
  }
  if (utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  return { head: Buffer.concat(parts), utf8, nul };
}

const decodeText = (bytes: Buffer, utf8: boolean): string =>
  new TextDecoder(utf8 ? 'utf-8' : 'windows-1252').decode(bytes);

/** The text of a byte stream, chunk by chunk (a character split between chunks kept whole), BOM left out. */
async function* decodedChunks(chunks: Readable, utf8: boolean): AsyncGenerator<string> {
  const decoder = new TextDecoder(utf8 ? 'utf-8' : 'windows-1252');
  for await (const chunk of chunks as AsyncIterable<Buffer>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The rows of the chosen sheet (by name, else the first) of a workbook's sheets. */
async function* chosenSheetRows(
  sheets: AsyncGenerator<XlsxSheet>,
  choice: SheetChoice,
): AsyncGenerator<SheetRow> {
  let found = false;
  for await (const sheet of sheets) {
    const wanted = choice.sheet === undefined ? !found : sheet.name === choice.sheet;
    if (!wanted) {
      await drain(sheet.rows);
      continue;
    }
    found = true;
    let count = 0;
    for await (const row of sheet.rows) {
      yield row;
      count += 1;
      // The rest of the file is never parsed.
      if (count >= choice.limit) return;
    }
    if (choice.sheet === undefined) break;
  }
  if (!found && choice.sheet !== undefined) {
    const message = `The workbook has no sheet named ${JSON.stringify(choice.sheet)}`;
    throw validationError([{ key: 'sheet', message, path: ['sheet'] }], message);
  }
}

/**
 * Every sheet of the file with its non-empty rows (at most `limit` counted per sheet): a CSV
 * file is one sheet named `csvName`.
 */
export async function sheetsOf(
  bytes: Buffer,
  limit: number,
  csvName: string,
): Promise<{ name: string; rows: number }[]> {
  if ((await kindOf(bytes)) === 'csv') {
    const text = csvText(bytes);
    const delimiter = delimiterOf(text);
    let rows = unquotedCsvRows(text, delimiter, limit);
    if (rows === null) {
      rows = 0;
      for await (const _ of csvRows(slicesOf(text), delimiter, limit)) rows += 1;
    }
    return [{ name: csvName, rows }];
  }
  await checkUnpackedSize(bytes);
  const sheets: { name: string; rows: number }[] = [];
  for await (const sheet of xlsxSheets(Readable.from([bytes]))) {
    let rows = 0;
    for await (const _ of sheet.rows) rows = Math.min(limit, rows + 1);
    sheets.push({ name: sheet.name, rows });
  }
  return sheets;
}

/**
 * `sheetsOf` of a file on disk (an upload received as a stream), read as streams, never whole: its
 * kind (and for a CSV its encoding) from a first pass, then its rows counted (a CSV without a quote
 * by its lines, else by the parser; an XLSX after its unpacked-size check, from its directory).
 */
export async function sheetsOfFile(
  path: string,
  limit: number,
  csvName: string,
): Promise<{ kind: 'xlsx' | 'csv'; sheets: { name: string; rows: number }[] }> {
  const open = () => Promise.resolve<Readable>(createReadStream(path));
  const { head, utf8, nul } = await headAndEncoding(open);
  const kind = await kindOf(head);
  if (kind === 'csv') {
    if (nul) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        message: 'Upload a CSV or XLSX file (this file is binary data)',
      });
    }
    const delimiter = delimiterOf(decodeText(head, utf8).replace(/^\uFEFF/, ''));
    let rows = await unquotedCsvRowsOf(decodedChunks(await open(), utf8), delimiter, limit);
    if (rows === null) {
      rows = 0;
      for await (const _ of csvRows(decodedChunks(await open(), utf8), delimiter, limit)) rows += 1;
    }
    return { kind, sheets: [{ name: csvName, rows }] };
  }
  await checkUnpackedSize({ path });
  const sheets: { name: string; rows: number }[] = [];
  for await (const sheet of xlsxSheets(await open())) {
    let rows = 0;
    for await (const _ of sheet.rows) rows = Math.min(limit, rows + 1);
    sheets.push({ name: sheet.name, rows });
  }
  return { kind, sheets };
}

/**
 * `unquotedCsvRows` of a text in chunks (a line cut between chunks counted once): null as soon as
 * a quote or a line over the parser's longest shows.
 */
async function unquotedCsvRowsOf(
  chunks: AsyncIterable<string>,
  delimiter: string,
  limit: number,
): Promise<number | null> {
  const blank = new RegExp(`^[\\s${delimiter}]*$`);
  let eol: string | null = null;
  let carry = '';
  let rows = 0;
  for await (const chunk of chunks) {
    if (chunk.includes('"')) return null;
    const text = carry + chunk;
    if (eol === null) {
      // The line break the parser takes: the file's first (a final \r may be the start of \r\n).
      const at = text.search(/[\r\n]/);
      if (at < 0 || (text[at] === '\r' && at === text.length - 1)) {
        carry = text;
        if (carry.length > MAX_CSV_RECORD) return null;
        continue;
      }
      eol = text[at] === '\n' ? '\n' : text[at + 1] === '\n' ? '\r\n' : '\r';
    }
    const lines = text.split(eol);
    carry = lines.pop()!;
    for (const line of lines) {
      if (line.length > MAX_CSV_RECORD) return null;
      if (!blank.test(line)) rows += 1;
      if (rows >= limit) return rows;
    }
    if (carry.length > MAX_CSV_RECORD) return null;
  }
  if (carry.length > MAX_CSV_RECORD) return null;
  if (!blank.test(carry)) rows += 1;
  return rows;
}

/**
 * The rows `csvRows` would read, counted by lines for a CSV without a quote (a line is then a
 * row; one of only blanks and delimiters is empty), several times faster than the parser: null
 * for a file with a quote or a line over the parser's longest (the parser counts it, or refuses it).
 */
function unquotedCsvRows(text: string, delimiter: string, limit: number): number | null {
  if (text.includes('"')) return null;
  const blank = new RegExp(`^[\\s${delimiter}]*$`);
  // The line break the parser takes: the file's first (it detects it so).
  const at = text.search(/[\r\n]/);
  const eol = at < 0 || text[at] === '\n' ? '\n' : text[at + 1] === '\n' ? '\r\n' : '\r';
  let rows = 0;
  for (const line of text.split(eol)) {
    if (line.length > MAX_CSV_RECORD) return null;
    if (!blank.test(line)) rows += 1;
    if (rows >= limit) break;
  }
  return rows;
}

async function drain(rows: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of rows) {
    // Read past: the workbook's sheets come one after another in one stream.
  }
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

/** The longest CSV row read (the parser refuses a longer one). */
const MAX_CSV_RECORD = 64 * 1024;

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

async function* csvRows(
  text: AsyncIterable<string>,
  delimiter: string,
  limit: number,
): AsyncGenerator<SheetRow> {
  // In slices: parsed in one piece, a 20,000-row file held the event loop for a third of a second.
  // A pipeline: an error of the source (a stored file's read) reaches the parser's reader below,
  // and the parser destroyed (the reader left early) destroys the source; the callback has
  // nothing to add (the reader sees every error that matters).
  const parser = pipeline(
    Readable.from(text),
    parseCsv({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      max_record_size: MAX_CSV_RECORD,
      to_line: limit * 4,
    }),
    () => undefined,
  );
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (record.some((cell) => cell !== '')) {
        count += 1;
        yield { row: info.lines, cells: record.map((cell) => (cell === '' ? null : cell)) };
      }
      if (count >= limit) break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fileError(`The CSV file could not be read: ${(err as Error).message}`);
  } finally {
    parser.destroy();
  }
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

/** A number shown as a percentage (`0%`, `0.00%`) is read as shown: 0.25 -> 25. */
const isPercentFormat = (format: string | undefined): boolean =>
  format !== undefined && /%/.test(format.replace(/"[^"]*"|\\./g, ''));
const percentOf = (value: number): number => Number((value * 100).toPrecision(15));

async function checkUnpackedSize(bytes: Buffer | { path: string }): Promise<void> {
  let size: number;
  try {
    size = await declaredUnpackedSize(bytes);
  } catch {
    throw fileError('The spreadsheet could not be read: the file is damaged');
  }
  if (size > MAX_XLSX_UNPACKED_BYTES) throw fileError('The spreadsheet is too large once unpacked');
}

type XlsxSheet = { name: string; rows: AsyncGenerator<SheetRow> };

/** The workbook's sheets in order, each with its non-empty rows (read before the next sheet). */
async function* xlsxSheets(bytes: Readable): AsyncGenerator<XlsxSheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(bytes, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell dates from numbers, and percentages.
    styles: 'cache',
    entries: 'ignore',
  });
  const turn = eventLoopTurns();
  try {
    for await (const sheet of reader) {
      const rows = async function* (): AsyncGenerator<SheetRow> {
        try {
          for await (const row of sheet) {
            await turn();
            const values = Array.isArray(row.values) ? row.values.slice(1) : [];
            const cells = Array.from(values, (value, index) => {
              const cell = xlsxCell(value as ExcelJS.CellValue);
              return typeof cell === 'number' && isPercentFormat(row.getCell(index + 1).numFmt)
                ? percentOf(cell)
                : cell;
            });
            if (cells.some((cell) => cell !== null)) yield { row: row.number, cells };
          }
        } catch (err) {
          throw damaged(err);
        }
      };
      yield { name: (sheet as unknown as { name: string }).name, rows: rows() };
    }
  } catch (err) {
    throw damaged(err);
  }
}

const damaged = (err: unknown): unknown =>
  err instanceof AppError
    ? err
    : fileError('The spreadsheet could not be read: the file is damaged or not an XLSX workbook');
