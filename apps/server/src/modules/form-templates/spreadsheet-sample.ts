import { validationError } from '../../platform/http/app-error';
import { cellToText, readSheetRows, type SheetCell } from '../../platform/storage/spreadsheet-rows';

/*
 * The header row and the first rows of a CSV or XLSX file, for create-from-Excel. Only a sample
 * is read (the rest of the file is never parsed), and XLSX cells keep their types (numbers,
 * booleans, dates), which is what the type inference needs. The reading itself is
 * `platform/storage/spreadsheet-rows.ts`, shared with the record imports.
 */

export type SampleCell = SheetCell;
export type SpreadsheetSample = { header: string[]; rows: SampleCell[][] };

/** Reads the header and up to `maxRows` non-empty rows below it; the bytes decide the format. */
export async function readSpreadsheetSample(bytes: Buffer, maxRows: number): Promise<SpreadsheetSample> {
  const [header, ...body] = await readSheetRows(bytes, maxRows + 1);
  if (!header) {
    throw validationError(
      [{ key: 'file', message: 'The file is empty', path: ['file'] }],
      'The file is empty',
    );
  }
  return { header: header.cells.map((cell) => cellToText(cell)), rows: body.map((row) => row.cells) };
}
