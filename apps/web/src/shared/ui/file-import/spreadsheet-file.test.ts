import { describe, expect, it } from 'vitest';
import { checkSpreadsheet, describeRowProblem } from './spreadsheet-file';

describe('checkSpreadsheet', () => {
  it('takes a CSV or XLSX that is neither empty nor too large', () => {
    expect(checkSpreadsheet({ name: 'people.CSV', size: 10 })).toBeNull();
    expect(checkSpreadsheet({ name: 'people.xlsx', size: 10 })).toBeNull();
    expect(checkSpreadsheet({ name: 'people.pdf', size: 10 })).toBe('Choose a CSV or XLSX file.');
    expect(checkSpreadsheet({ name: 'people.csv', size: 0 })).toBe('This file is empty.');
    expect(checkSpreadsheet({ name: 'people.csv', size: 11 * 1024 * 1024 })).toBe(
      'This file is larger than 10 MB.',
    );
    expect(checkSpreadsheet({ name: 'people.csv', size: 3 * 1024 * 1024 }, 2 * 1024 * 1024)).toBe(
      'This file is larger than 2 MB.',
    );
  });
});

describe('describeRowProblem', () => {
  it('names the row and column of a row problem', () => {
    expect(describeRowProblem('rows.3.Buyer Email', 'Enter a valid email')).toBe(
      'Row 3, Buyer Email: Enter a valid email',
    );
    expect(describeRowProblem('rows.4', 'Duplicate row')).toBe('Row 4: Duplicate row');
    expect(describeRowProblem('rows.4', 'Row 4 is a duplicate')).toBe('Row 4 is a duplicate');
    expect(describeRowProblem('file', 'The file is damaged')).toBe('The file is damaged');
  });
});
