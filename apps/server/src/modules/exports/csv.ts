/*
 * CSV lines of exported text (the form submissions' export): RFC 4180 quoting, CRLF, and text a
 * spreadsheet would run as a formula kept as text.
 */

/** One CSV cell: quoted when needed; text a spreadsheet would run as a formula starts with `'`. */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line (CRLF-terminated). */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvText).join(',')}\r\n`;

/** The byte-order mark that makes spreadsheets read a CSV as UTF-8. */
export const CSV_BOM = '\uFEFF';
