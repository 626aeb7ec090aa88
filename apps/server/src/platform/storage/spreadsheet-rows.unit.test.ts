import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheetGrid } from './spreadsheet-rows';

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
