import { Readable } from 'node:stream';
import type { Db } from '../../platform/db/database';
import { rejectedPage } from './jobs';
import type { JobRow } from './presenters';

/*
 * `GET /imports/{id}/rejected`: the rows an import left out, as CSV (the file's columns, then
 * `Row` and `Problems`), read 1,000 rows at a time by row number. A cell a spreadsheet would run
 * as a formula starts with `'`.
 */

const PAGE = 1_000;

function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (cells: string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export function rejectedCsv(db: Db, job: JobRow): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(['Row', ...job.headers, 'Problems'])}`;
    let after = 0;
    for (;;) {
      const page = await rejectedPage(db, job.id, after, PAGE);
      if (page.length === 0) return;
      yield page.map((r) => csvLine([String(r.row), ...r.cells, r.problems])).join('');
      after = page.at(-1)!.row;
      if (page.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
