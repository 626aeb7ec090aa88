import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../../platform/db/database';
import { findPeople } from '../auth';
import { columnCell, creatorIds, type RowContext } from './columns';
import type { SheetSource } from './sources';

/*
 * Workbooks written as rows arrive (exceljs' streaming writer): each sheet's rows are read by
 * keyset pages and committed row by row, so the process holds one page at a time whatever the
 * size. Header bold and frozen, column widths and number formats per column, inline strings
 * (no shared-string table growing with the rows).
 */

/** Records a page reads. */
export const EXPORT_PAGE = 2_000;

const INVALID_SHEET_CHARS = /[[\]:*?/\\]/g;

/** Sheet names Excel accepts: no `[]:*?/\`, at most 31 characters, not empty, unique in the workbook. */
export function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const clean =
      raw
        .replace(INVALID_SHEET_CHARS, ' ')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f]/g, '')
        .replace(/^'+|'+$/g, '')
        .trim()
        .slice(0, 31)
        .trim() || 'Sheet';
    let name = clean;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      name = `${clean.slice(0, 31 - suffix.length).trim()}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

export type WriteProgress = {
  /** After each page: records written so far. May pause (a job gives way to requests). */
  onPage?: (written: number) => Promise<void>;
  /** Aborts between pages (a job handed back). */
  signal?: AbortSignal;
};

/** Writes `sheets` as one workbook into `out` (ended when done); answers the records written. */
export async function writeWorkbook(
  db: Db,
  out: Writable,
  sheets: readonly SheetSource[],
  zone: RowContext['zone'],
  progress: WriteProgress = {},
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const names = sheetNames(sheets.map((s) => s.name));
  let written = 0;
  for (const [index, sheet] of sheets.entries()) {
    const worksheet = workbook.addWorksheet(names[index], {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    worksheet.columns = sheet.columns.map((column, at) => ({
      key: String(at),
      width: column.width,
      ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
    }));
    const header = worksheet.addRow(sheet.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const page of sheet.reader.pages(EXPORT_PAGE)) {
      const ids = creatorIds(sheet.columns, page.rows);
      const people = new Map<string, string>();
      if (ids.length > 0) {
        for (const [id, p] of await findPeople(db, ids))
          people.set(id, `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email);
      }
      const context: RowContext = { zone, linkedTitles: page.linkedTitles, people };
      for (const row of page.rows) {
        worksheet.addRow(sheet.columns.map((column) => columnCell(column, row, context))).commit();
      }
      written += page.rows.length;
      await progress.onPage?.(written);
      progress.signal?.throwIfAborted();
    }
    worksheet.commit();
  }
  if (sheets.length === 0) {
    // Excel refuses a workbook without sheets (a company without entities).
    const empty = workbook.addWorksheet('Export');
    empty.addRow(['Nothing to export']).commit();
    empty.commit();
  }
  await workbook.commit();
  return written;
}
