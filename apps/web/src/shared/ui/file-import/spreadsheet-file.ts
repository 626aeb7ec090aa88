/** What a spreadsheet upload accepts: CSV and Excel's .xlsx. */
export const SPREADSHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;

/** A problem with a chosen spreadsheet that the server would refuse anyway, or null. */
export function checkSpreadsheet(
  file: Pick<File, 'name' | 'size'>,
  maxBytes: number = SPREADSHEET_MAX_BYTES,
): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose a CSV or XLSX file.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > maxBytes) return `This file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
  return null;
}

/** `rows.3.Buyer Email` -> 'Row 3, Buyer Email: message'; other keys give the message alone. */
export function describeRowProblem(key: string, message: string): string {
  const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(key);
  if (!match) return message;
  const where = match[2] ? `Row ${match[1]}, ${match[2]}` : `Row ${match[1]}`;
  return message.startsWith('Row ') ? message : `${where}: ${message}`;
}
