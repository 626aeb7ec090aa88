import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  readSheetGrid,
  sheetRows,
  sheetRowsOfStream,
  sheetsOf,
  sheetsOfFile,
  type SheetRow,
} from './spreadsheet-rows';

describe('readSheetGrid', () => {
  it('keeps each CSV row at its place below the header, empty rows empty', async () => {
    const grid = [['Email', 'Name'], ['a@example.com', 'Ann'], [], [], ['b@example.com', 'Bo']];
    for (const eol of ['\r\n', '\n']) {
      const csv = Buffer.from(
        ['', 'Email,Name', 'a@example.com, Ann ', ',,', '', 'b@example.com,Bo', ''].join(eol),
      );
      expect(await readSheetGrid(csv, 10), JSON.stringify(eol)).toEqual(grid);
    }
  });

  it('reads XLSX by its bytes, whatever it is called, with dates as their day and numbers as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['Email', 'Start', 'Rent']);
    sheet.addRow(['a@example.com', new Date(Date.UTC(2026, 0, 31)), 1250.5]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readSheetGrid(bytes, 10)).toEqual([
      ['Email', 'Start', 'Rent'],
      ['a@example.com', '2026-01-31', '1250.5'],
    ]);
  });

  it('stops after `limit` non-empty rows and answers nothing for an empty sheet', async () => {
    const csv = Buffer.from('h\n1\n2\n3\n');
    expect(await readSheetGrid(csv, 2)).toEqual([['h'], ['1']]);
    expect(await readSheetGrid(Buffer.from(' \n'), 2)).toEqual([]);
  });
});

/** A new stream of `bytes` at each call, in chunks of `size` (characters and lines cut anywhere). */
const chunked = (bytes: Buffer, size: number) => ({
  open: async () => {
    const parts: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
    return Readable.from(parts);
  },
});

const rowsOf = async (rows: AsyncIterable<SheetRow>) => {
  const all: SheetRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
};

describe('sheetRowsOfStream', () => {
  const text = 'Name;City\nZoë;Köln\n\n"Ann\nMarie";Paris\n;;\nBo;Oslo\n';

  it('reads a CSV as sheetRows does, in chunks cut anywhere, UTF-8 or Windows-1252', async () => {
    for (const bytes of [Buffer.from(`\uFEFF${text}`), Buffer.from(text, 'latin1')]) {
      const whole = await rowsOf(sheetRows(bytes, { limit: 100 }));
      expect(whole.map((r) => r.cells[0])).toEqual(['Name', 'Zoë', 'Ann\nMarie', 'Bo']);
      for (const size of [1, 3, 64 * 1024]) {
        expect(await rowsOf(sheetRowsOfStream(chunked(bytes, size).open, { limit: 100 }))).toEqual(whole);
      }
    }
  });

  it('reads the chosen sheet of an XLSX, percentages as shown, and stops at `limit`', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notes').addRow(['Read me']);
    const sheet = workbook.addWorksheet('Listings');
    sheet.addRows([
      ['Title', 'Share'],
      ['Flat', 0.25],
      ['Villa', 0.5],
    ]);
    sheet.getColumn(2).numFmt = '0%';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const rows = await rowsOf(sheetRowsOfStream(chunked(bytes, 4096).open, { limit: 2, sheet: 'Listings' }));
    expect(rows).toEqual([
      { row: 1, cells: ['Title', 'Share'] },
      { row: 2, cells: ['Flat', 25] },
    ]);
  });

  it('passes on an error of the stream and closes the stream when left early', async () => {
    const failing = async () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('a,b\n1,2\n');
          throw new Error('storage went away');
        })(),
      );
    await expect(rowsOf(sheetRowsOfStream(failing, { limit: 10 }))).rejects.toThrow(/storage went away/);
    const streams: Readable[] = [];
    const open = async () => {
      const stream = Readable.from([Buffer.from('h\n1\n2\n3\n')]);
      streams.push(stream);
      return stream;
    };
    for await (const row of sheetRowsOfStream(open, { limit: 10 })) if (row.row === 2) break;
    expect(streams.at(-1)!.destroyed).toBe(true);
  });
});

describe('sheetsOf', () => {
  it('counts the rows of a CSV as the reader reads them, with or without quotes', async () => {
    const files = [
      'a,b\n1,2\n\n,,\n 3 ,4\n',
      'a;b\r\n1;2\r\n;;\r\n\r\nx;y',
      'a,b\r1,2\r\r3,4\r',
      'a,"b\nc"\n1,2\n',
      'a\tb\n1\t2\n\t\t\n',
    ];
    for (const file of files) {
      const bytes = Buffer.from(file);
      const read = (await rowsOf(sheetRows(bytes, { limit: 100 }))).length;
      expect(await sheetsOf(bytes, 100, 'data'), JSON.stringify(file)).toEqual([
        { name: 'data', rows: read },
      ]);
    }
  });
});

describe('sheetsOfFile', () => {
  it('counts a file on disk as sheetsOf counts its bytes (CSV by lines or by the parser, XLSX per sheet)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sheets-of-file-'));
    try {
      const long = Array.from({ length: 30_000 }, (_, n) => `row ${n},é ${n},${n % 7 === 0 ? '' : n}`);
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('First').addRows([['a', 'b'], [1, 2], [], [3, 4]]);
      workbook.addWorksheet('Second').addRows([['x'], ['y']]);
      const files: [string, Buffer][] = [
        ['lf', Buffer.from('a,b\n1,2\n\n,,\n 3 ,4\n')],
        ['crlf', Buffer.from('a;b\r\n1;2\r\n;;\r\n\r\nx;y')],
        ['cr', Buffer.from('a,b\r1,2\r\r3,4\r')],
        ['quoted', Buffer.from('a,"b\nc"\n1,2\n')],
        // Over a read chunk (64 KB): lines cut between chunks, UTF-8 and Windows-1252.
        ['long', Buffer.from(`${['a,b,c', ...long].join('\r\n')}\r\n`)],
        ['cp1252', Buffer.from(`${['a,b,c', ...long].join('\n')}`, 'latin1')],
        ['xlsx', Buffer.from(await workbook.xlsx.writeBuffer())],
      ];
      for (const [name, bytes] of files) {
        const file = path.join(dir, name);
        writeFileSync(file, bytes);
        const counted = await sheetsOfFile(file, 100_000, 'data');
        expect(counted.sheets, name).toEqual(await sheetsOf(bytes, 100_000, 'data'));
        expect(counted.kind, name).toBe(name === 'xlsx' ? 'xlsx' : 'csv');
      }
      const empty = path.join(dir, 'empty');
      writeFileSync(empty, '');
      await expect(sheetsOfFile(empty, 10, 'data')).rejects.toThrow('The file is empty');
      const binary = path.join(dir, 'binary');
      writeFileSync(binary, Buffer.from([0x61, 0x2c, 0x00, 0x62, 0x0a]));
      await expect(sheetsOfFile(binary, 10, 'data')).rejects.toMatchObject({ status: 415 });
      // A NUL byte past the first 64 KB (the head the kind is told by) is binary data too.
      writeFileSync(binary, Buffer.concat([Buffer.from('a,b\n'.repeat(20_000)), Buffer.from([0])]));
      await expect(sheetsOfFile(binary, 10, 'data')).rejects.toMatchObject({ status: 415 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
