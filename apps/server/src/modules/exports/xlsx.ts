import type { Writable } from 'node:stream';
import type { Db } from '../../platform/db/database';
import type { RecordExportPage } from '../entity-data';
import { findPeople } from '../auth';
import { creatorIds, type RowContext } from './columns';
import type { SheetSource } from './sources';
import { rowWriter, type RowWriter } from './xlsx-cells';
import { packageParts, sheetHead, SHEET_TAIL, styleTable, stylesXml } from './xlsx-parts';
import { ZipWriter, type ZipTextEntry } from './zip-writer';

/*
 * Workbooks written as rows arrive, in constant memory: the sheet XML is written here as text
 * (xlsx-parts.ts, xlsx-cells.ts) into a streamed zip entry (zip-writer.ts: reused buffers,
 * deflated at level 1 off the main thread, sizes in a data descriptor), and a write waits only
 * while the zip and the output are behind. A page's rows become XML as soon as the page arrives,
 * so they die young (a page kept across waits is promoted to V8's old generation, which then grows
 * by hundreds of MB before a full collection). exceljs' streaming WorkbookWriter is not used: it
 * keeps the whole zip in memory until commit (exceljs #1894, #2916). Header bold and frozen, column
 * widths and number formats per column, inline strings (no shared-string table growing with the rows).
 */

/**
 * Records a page reads. Memory follows it (two pages live: one written, the next read): pages
 * must die in V8's young generation (a few MB), else the server's peak grows (bench/export).
 */
export const EXPORT_PAGE = 250;
/** Deflate level of the sheets: level 1 is several times faster than 6 for ~15% more bytes. */
const SHEET_COMPRESSION = 1;

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

/** The names of a page's creators (only when a column shows them). */
async function pagePeople(db: Db, sheet: SheetSource, rows: Parameters<typeof creatorIds>[1]) {
  const people = new Map<string, string>();
  const ids = creatorIds(sheet.columns, rows);
  if (ids.length > 0) {
    for (const [id, p] of await findPeople(db, ids))
      people.set(id, `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email);
  }
  return people;
}

type SheetJob = {
  db: Db;
  sheet: SheetSource;
  entry: ZipTextEntry;
  styleOf: (numFmt: string | undefined) => number;
  zone: RowContext['zone'];
  progress: WriteProgress;
  /** Records of the sheets before this one. */
  before: number;
};

/** A page's rows as XML into the entry (waiting only while the zip is behind); answers how many. */
async function writeRows(job: SheetJob, page: RecordExportPage, toRow: RowWriter, first: number) {
  const people = await pagePeople(job.db, job.sheet, page.rows);
  const context: RowContext = { zone: job.zone, linkedTitles: page.linkedTitles, people };
  let n = first;
  for (const row of page.rows) {
    const wait = job.entry.write(toRow(row, context, n));
    n += 1;
    if (wait) await wait;
  }
  return page.rows.length;
}

/**
 * One sheet's XML into its zip entry, page by page; answers the records written. The next page
 * is read while this one is written (the database and the writer work at the same time).
 */
async function writeSheet(job: SheetJob): Promise<number> {
  const { sheet, entry } = job;
  const cols = sheet.columns.map((c) => ({ width: c.width, style: job.styleOf(c.numFmt) }));
  await entry.write(
    sheetHead(
      sheet.columns.map((c) => c.header),
      cols,
    ),
  );
  const toRow = rowWriter(sheet.columns, job.styleOf, job.zone);
  const pages = sheet.reader.pages(EXPORT_PAGE);
  let ahead = pages.next();
  let written = 0;
  try {
    for (;;) {
      let page: IteratorResult<RecordExportPage> | null = await ahead;
      if (page.done) break;
      ahead = pages.next();
      const count = await writeRows(job, page.value, toRow, written + 2);
      // The written page is not held while the next one is read (rows kept longer are promoted).
      page = null;
      written += count;
      await job.progress.onPage?.(job.before + written);
      job.progress.signal?.throwIfAborted();
    }
  } catch (err) {
    // The page read ahead is awaited and dropped: the error thrown is the first one.
    await ahead.then(
      () => pages.return(undefined),
      () => undefined,
    );
    throw err;
  }
  await entry.write(SHEET_TAIL);
  return written;
}

/** The only sheet of a workbook with nothing to export (Excel refuses a workbook without sheets). */
const EMPTY_SHEET: SheetSource = {
  name: 'Export',
  columns: [
    {
      header: 'Nothing to export',
      kind: 'text',
      numFmt: undefined,
      width: 20,
      field: null,
      system: 'title',
      templateId: null,
    },
  ],
  reader: { count: () => Promise.resolve({ total: 0, capped: false }), pages: async function* () {} },
};

/** Writes `sheets` as one workbook into `out` (ended when done); answers the records written. */
export async function writeWorkbook(
  db: Db,
  out: Writable,
  sheets: readonly SheetSource[],
  zone: RowContext['zone'],
  progress: WriteProgress = {},
): Promise<number> {
  const list = sheets.length > 0 ? sheets : [EMPTY_SHEET];
  const names = sheetNames(list.map((s) => s.name));
  const styles = styleTable(list.flatMap((s) => s.columns));
  const zip = new ZipWriter(out, SHEET_COMPRESSION);
  try {
    for (const [path, xml] of packageParts(names, stylesXml(styles))) await zip.addFile(path, xml);
    let written = 0;
    for (const [index, sheet] of list.entries()) {
      const entry = await zip.openText(`xl/worksheets/sheet${index + 1}.xml`);
      written += await writeSheet({
        db,
        sheet,
        entry,
        styleOf: styles.styleOf,
        zone,
        progress,
        before: written,
      });
      await entry.end();
    }
    await zip.finish();
    return written;
  } catch (err) {
    if (!out.destroyed) out.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}
