import type { ExportColumn } from './columns';

/*
 * The fixed parts of an xlsx package (SpreadsheetML), written as text: content types, relations,
 * the workbook (sheet names), the styles (a bold header and one cell format per number format of
 * the columns) and a worksheet's head and tail (frozen header row, column widths). Rows are the
 * only part that grows (xlsx-cells.ts writes them).
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// eslint-disable-next-line no-control-regex
const XML_UNSAFE = /[<>&"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text for an XML element or attribute: `<>&"` escaped, characters XML cannot hold dropped. */
export function xmlText(text: string): string {
  if (!XML_UNSAFE.test(text)) return text;
  return text
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The style index (`s`) of the bold header cells. */
export const HEADER_STYLE = 1;

/** Cell formats: 0 default, 1 bold header, then one per distinct number format (`styleOf`). */
export type StyleTable = { formats: string[]; styleOf: (numFmt: string | undefined) => number };

export function styleTable(columns: readonly ExportColumn[]): StyleTable {
  const formats = [...new Set(columns.map((c) => c.numFmt).filter((f): f is string => !!f))];
  const index = new Map(formats.map((format, at) => [format, at + 2]));
  return { formats, styleOf: (numFmt) => (numFmt ? (index.get(numFmt) ?? 0) : 0) };
}

export function stylesXml(table: StyleTable): string {
  const font = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
  const numFmts = table.formats
    .map((format, at) => `<numFmt numFmtId="${164 + at}" formatCode="${xmlText(format)}"/>`)
    .join('');
  const xfs = table.formats
    .map(
      (_, at) =>
        `<xf numFmtId="${164 + at}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    )
    .join('');
  return (
    `${HEAD}<styleSheet xmlns="${MAIN}">` +
    (table.formats.length > 0 ? `<numFmts count="${table.formats.length}">${numFmts}</numFmts>` : '') +
    `<fonts count="2"><font>${font}</font><font><b/>${font}</font></fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${2 + table.formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** The package's fixed parts for `names` (sheet i is `xl/worksheets/sheet<i+1>.xml`), path -> XML. */
export function packageParts(names: readonly string[], styles: string): [string, string][] {
  const sheetTypes = names
    .map(
      (_, at) =>
        `<Override PartName="/xl/worksheets/sheet${at + 1}.xml" ContentType="${OFFICE}.worksheet+xml"/>`,
    )
    .join('');
  const sheets = names
    .map((name, at) => `<sheet name="${xmlText(name)}" sheetId="${at + 1}" r:id="rId${at + 1}"/>`)
    .join('');
  const sheetRels = names
    .map(
      (_, at) =>
        `<Relationship Id="rId${at + 1}" Type="${RELS}/worksheet" Target="worksheets/sheet${at + 1}.xml"/>`,
    )
    .join('');
  return [
    [
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${OFFICE}.sheet.main+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${OFFICE}.styles+xml"/>${sheetTypes}</Types>`,
    ],
    [
      '_rels/.rels',
      `${HEAD}<Relationships xmlns="${PACKAGE_RELS}">` +
        `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><bookViews><workbookView/></bookViews>` +
        `<sheets>${sheets}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${HEAD}<Relationships xmlns="${PACKAGE_RELS}">${sheetRels}` +
        `<Relationship Id="rId${names.length + 1}" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', styles],
  ];
}

/** A worksheet up to its first data row: frozen header view, column widths and formats, the bold header. */
export function sheetHead(
  headers: readonly string[],
  cols: readonly { width: number; style: number }[],
): string {
  const widths = cols
    .map(
      (col, at) =>
        `<col min="${at + 1}" max="${at + 1}" width="${col.width}" customWidth="1"${col.style ? ` style="${col.style}"` : ''}/>`,
    )
    .join('');
  const header = headers
    .map(
      (text, at) =>
        `<c r="${columnLetters(at)}1" s="${HEADER_STYLE}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`,
    )
    .join('');
  return (
    `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols.length > 0 ? `<cols>${widths}</cols>` : '') +
    `<sheetData><row r="1" s="${HEADER_STYLE}" customFormat="1">${header}</row>`
  );
}

export const SHEET_TAIL = '</sheetData></worksheet>';

/** `A`, `B`, ... `Z`, `AA`, ... for a 0-based column index. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
