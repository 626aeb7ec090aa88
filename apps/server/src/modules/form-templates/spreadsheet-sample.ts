import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError, validationError } from '../../platform/http/app-error';
import { declaredUnpackedSize, MAX_XLSX_UNPACKED_BYTES } from '../../platform/storage/zip-size';
import { isText, sniffContentType } from '../../platform/storage/sniff';

/*
 * The header row and the first rows of a CSV or XLSX file, for create-from-Excel. Only a sample
 * is read (the rest of the file is never parsed), and XLSX cells keep their types (numbers,
 * booleans, dates), which is what the type inference needs.
 */

export type SampleCell = string | number | boolean | Date | null;
export type SpreadsheetSample = { header: string[]; rows: SampleCell[][] };

const fileError = (message: string): AppError =>
  validationError([{ key: 'file', message, path: ['file'] }], message);

const XLS_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Most bytes the unpacked parts of one XLSX may declare (a guard against zip bombs). */

/** Reads the header and up to `maxRows` non-empty rows below it; the bytes decide the format. */
export async function readSpreadsheetSample(bytes: Buffer, maxRows: number): Promise<SpreadsheetSample> {
  if (bytes.length === 0) throw fileError('The file is empty');
  let rows: SampleCell[][];
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))
    rows = await readXlsx(bytes, maxRows + 1);
  else if (bytes.subarray(0, 8).equals(XLS_SIGNATURE)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'Excel 97-2003 (.xls) files are not supported: save the sheet as .xlsx or .csv',
    });
  } else {
    const type = bytes.includes(0) ? 'binary data' : await sniffContentType(bytes);
    if (type !== undefined && type !== 'text/plain') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        message: `Upload a CSV or XLSX file (this file is ${type})`,
      });
    }
    // Excel saves CSV in the system's code page: text that is not UTF-8 is read as Windows-1252.
    const text = isText(bytes) ? bytes.toString('utf8') : new TextDecoder('windows-1252').decode(bytes);
    rows = await readCsv(text.replace(/^\uFEFF/, ''), maxRows + 1);
  }
  const [header, ...body] = rows;
  if (!header) throw fileError('The file is empty');
  return { header: header.map((cell) => cellToText(cell)), rows: body };
}

function cellToText(cell: SampleCell): string {
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

async function readCsv(text: string, limit: number): Promise<SampleCell[][]> {
  const rows: SampleCell[][] = [];
  const parser = Readable.from([text]).pipe(
    parseCsv({
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 64 * 1024,
      to_line: limit * 4,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (record.some((cell) => cell !== '')) rows.push(record.map((cell) => (cell === '' ? null : cell)));
      if (rows.length >= limit) break;
    }
  } catch (err) {
    throw fileError(`The CSV file could not be read: ${(err as Error).message}`);
  } finally {
    parser.destroy();
  }
  return rows;
}

function xlsxCell(value: ExcelJS.CellValue): SampleCell {
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

async function readXlsx(bytes: Buffer, limit: number): Promise<SampleCell[][]> {
  let size: number;
  try {
    size = await declaredUnpackedSize(bytes);
  } catch {
    throw fileError('The spreadsheet could not be read: the file is damaged');
  }
  if (size > MAX_XLSX_UNPACKED_BYTES) throw fileError('The spreadsheet is too large once unpacked');
  const rows: SampleCell[][] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from(values, (value) => xlsxCell(value as ExcelJS.CellValue));
        if (cells.some((cell) => cell !== null)) rows.push(cells);
        if (rows.length >= limit) break;
      }
      // The first sheet describes the template.
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fileError('The spreadsheet could not be read: the file is damaged or not an XLSX workbook');
  }
  return rows;
}
