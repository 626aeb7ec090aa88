import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { offsetMinutesAt } from '@esigns/contracts/dates';
import type { TValueField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import type { RecordRow } from '../entity-data';
import type { ExportColumn } from './columns';
import type { SheetSource } from './sources';
import { writeWorkbook } from './xlsx';
import { textOf } from './cell-values';
import { fieldText, zoneOffsets } from './xlsx-cells';
import { columnLetters, xmlText } from './xlsx-parts';

/*
 * The streaming xlsx writer without a database: a sheet of fake records read back with exceljs
 * (text XML cannot hold, more than 26 columns, empty values, several sheets), the zone offsets
 * around a daylight-saving change, column letters.
 */

const text = (key: string): ExportColumn => ({
  header: key,
  kind: 'text',
  numFmt: undefined,
  width: 10,
  field: { key, label: key, type: 'SINGLE_LINE_TEXT' } as unknown as TValueField,
  system: null,
  templateId: 't',
});

const record = (values: Record<string, unknown>): RecordRow =>
  ({
    id: 'r',
    title: 'T',
    values: { t: values },
    createdAt: new Date(0),
    updatedAt: new Date(0),
  }) as unknown as RecordRow;

function source(name: string, columns: ExportColumn[], rows: RecordRow[]): SheetSource {
  return {
    name,
    columns,
    reader: {
      count: () => Promise.resolve({ total: rows.length, capped: false }),
      async *pages(size) {
        for (let at = 0; at < rows.length; at += size)
          yield { rows: rows.slice(at, at + size), linkedTitles: {} };
      },
    },
  };
}

async function roundTrip(sheets: SheetSource[]): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeWorkbook({} as Db, out, sheets, 'UTC');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

describe('the streaming xlsx writer', () => {
  it('writes text XML cannot hold, 30 columns, empty values and several sheets', async () => {
    const wide = Array.from({ length: 30 }, (_, i) => text(`c${i}`));
    const odd = 'a < b & "c" > d\u0001 é 😀';
    const rows = [
      record({ c0: odd, c29: 'last', c5: '' }),
      record({ c1: '  spaced  ', c28: 'x'.repeat(40_000) }),
    ];
    const workbook = await roundTrip([source('Wide', wide, rows), source('Other', [text('c0')], [])]);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Wide', 'Other']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(30).value).toBe('c29');
    expect(sheet.getRow(2).getCell(1).value).toBe('a < b & "c" > d é 😀');
    expect(sheet.getRow(2).getCell(30).value).toBe('last');
    expect(sheet.getRow(2).getCell(6).value).toBeNull();
    expect(sheet.getRow(3).getCell(2).value).toBe('  spaced  ');
    // Excel keeps at most 32,767 characters in a cell.
    expect(String(sheet.getRow(3).getCell(29).value)).toHaveLength(32_767);
    expect(workbook.worksheets[1]!.rowCount).toBe(1);
  });

  it('knows the offset of a zone at every minute around a daylight-saving change', () => {
    const offsetAt = zoneOffsets('Europe/Paris');
    const change = Date.UTC(2026, 2, 29, 1, 0, 0);
    for (let ms = change - 3 * 3_600_000; ms < change + 3 * 3_600_000; ms += 60_000)
      expect(offsetAt(ms), new Date(ms).toISOString()).toBe(offsetMinutesAt(new Date(ms), 'Europe/Paris'));
    expect(zoneOffsets({ offsetMinutes: 330 })(0)).toBe(330);
  });

  it("writes a field's text as textOf does", () => {
    const options = [
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: '' },
      { value: 'a', label: 'Second a' },
    ];
    const cases: [Record<string, unknown>, unknown[]][] = [
      [{ type: 'SINGLE_LINE_TEXT' }, ['text', 12, ['x']]],
      [{ type: 'EMAIL' }, ['a@b.c']],
      [{ type: 'SELECT', options }, ['a', 'b', 'c', 3]],
      [{ type: 'RADIO', options }, ['a', 'z']],
      [{ type: 'MULTI_SELECT', options }, [['a', 'b', 'q'], [], 'a']],
      [{ type: 'ENTITY' }, ['6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b']],
      [{ type: 'RICH_TEXT' }, ['<p>Hi <b>there</b></p>']],
    ];
    const context = {
      zone: 'UTC',
      linkedTitles: { '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b': 'Linked' },
      people: new Map(),
    };
    for (const [shape, values] of cases) {
      const f = { key: 'f', label: 'F', ...shape } as unknown as TValueField;
      const text = fieldText(f);
      for (const value of values)
        expect(text(value, context), `${f.type} ${JSON.stringify(value)}`).toBe(textOf(f, value, context));
    }
  });

  it('names columns as Excel does and escapes XML', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
    expect(xmlText('plain')).toBe('plain');
    expect(xmlText('<a href="x">&\u0000</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });
});
