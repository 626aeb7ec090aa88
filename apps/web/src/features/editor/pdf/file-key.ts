/**
 * A PDF's address without its query: storage's signed links carry a new signature each time their
 * record is read, and the file behind them is the same (files are immutable). A screen whose record
 * is read again keeps the document it opened, and a document opened ahead is found by it.
 */
export function pdfFileKey(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
