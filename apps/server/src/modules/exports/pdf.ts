import { PDFDocument, rgb, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { formatDateTimeIn, type TZone } from '@esigns/contracts/dates';
import { PageContent, imageContent, rectContent, segmentContent } from '../../platform/pdf/content-ops';
import { PdfText, layoutLines, lineHeightOf, textContent, type TextStyle } from '../../platform/pdf/pdf-text';
import type { Db } from '../../platform/db/database';
import { findPeople } from '../auth';
import { columnText, creatorIds, type ExportColumn, type RowContext } from './columns';
import type { SheetSource } from './sources';
import { EXPORT_PAGE } from './xlsx';

/*
 * Records as a PDF table: the company's name, logo and colour on top of the first page, the
 * export's title and time, then per sheet (an entity; a view has one per entity) a table whose
 * header row is drawn again on every page. A4, landscape beyond six columns; column widths by the
 * kind of value; long text wrapped to three lines and cut with `…`; page numbers at the foot.
 */

export type PdfBranding = { companyName: string; color: string | undefined; logo: Uint8Array | null };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const SIZE = 8;
const HEADER_SIZE = 8;
const MAX_LINES = 3;
const PAD = 3;
const WEIGHT: Record<ExportColumn['kind'], number> = {
  text: 3,
  number: 1.6,
  currency: 1.8,
  percent: 1.6,
  date: 1.6,
  datetime: 2.2,
  boolean: 1.5,
};
const BODY: TextStyle = { family: 'Helvetica' };
const BOLD: TextStyle = { family: 'Helvetica', weight: 'bold' };
const GRID = rgb(0.82, 0.84, 0.87);
const STRIPE = rgb(0.965, 0.97, 0.975);

/** `#RRGGBB` as a pdf-lib colour (the default grey-blue when not one). */
function colorOf(hex: string | undefined): RGB {
  const match = hex ? /^#?([0-9a-f]{6})$/i.exec(hex.trim()) : null;
  if (!match) return rgb(0.2, 0.3, 0.45);
  const n = parseInt(match[1]!, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

async function embedLogo(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 4) return null;
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return doc.embedPng(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return doc.embedJpg(bytes);
  return null; // WebP: pdf-lib cannot embed it; the name alone brands the page.
}

class TableWriter {
  readonly doc: PDFDocument;
  private readonly text: PdfText;
  private page!: PDFPage;
  private content!: PageContent;
  private y = 0;
  private size = A4;
  private widths: number[] = [];
  private columns: ExportColumn[] = [];
  private striped = false;

  constructor(doc: PDFDocument) {
    this.doc = doc;
    this.text = new PdfText(doc);
  }

  private newPage(): void {
    this.content?.flush();
    this.page = this.doc.addPage([this.size.width, this.size.height]);
    this.content = new PageContent(this.page);
    this.y = this.size.height - MARGIN;
  }

  /** Draws `text` in a box; answers the height it took. */
  private async cell(
    value: string,
    x: number,
    top: number,
    width: number,
    style: TextStyle,
    size: number,
    color?: RGB,
    maxLines = MAX_LINES,
  ): Promise<number> {
    if (!value) return size * 1.3;
    const shaped = await this.text.shape(value, style);
    let lines = layoutLines(shaped, size, width, true);
    if (lines.length > maxLines) {
      const cut = await this.text.shape(`${lineText(lines.slice(maxLines - 1, maxLines))}…`, style);
      lines = [...lines.slice(0, maxLines - 1), ...layoutLines(cut, size, width, false)];
      const lineHeight = lineHeightOf(shaped);
      this.content.add(
        textContent(this.page, shaped, lines.slice(0, maxLines - 1), {
          x,
          top,
          width,
          size,
          lineHeight,
          ...(color ? { color } : {}),
        }),
      );
      const lastTop = top - (maxLines - 1) * lineHeight * size;
      this.content.add(
        textContent(this.page, cut, layoutLines(cut, size, width, false), {
          x,
          top: lastTop,
          width,
          size,
          lineHeight,
          ...(color ? { color } : {}),
        }),
      );
      return maxLines * lineHeight * size;
    }
    const lineHeight = lineHeightOf(shaped);
    this.content.add(
      textContent(this.page, shaped, lines, { x, top, width, size, lineHeight, ...(color ? { color } : {}) }),
    );
    return lines.length * lineHeight * size;
  }

  /** The company's band and the title, on the first page. */
  async heading(branding: PdfBranding, title: string, subtitle: string, landscape: boolean): Promise<void> {
    this.size = landscape ? { width: A4.height, height: A4.width } : A4;
    this.newPage();
    const color = colorOf(branding.color);
    const logo = await embedLogo(this.doc, branding.logo);
    const band = 34;
    this.content.add(
      rectContent({ x: 0, y: this.size.height - band, width: this.size.width, height: band }, color),
    );
    let x = MARGIN;
    if (logo) {
      const scale = Math.min(24 / logo.height, 80 / logo.width);
      const box = {
        x,
        y: this.size.height - band + (band - logo.height * scale) / 2,
        width: logo.width * scale,
        height: logo.height * scale,
      };
      this.content.add(imageContent(this.page, logo, box));
      x += box.width + 8;
    }
    await this.cell(
      branding.companyName,
      x,
      this.size.height - 10,
      this.size.width - x - MARGIN,
      BOLD,
      12,
      rgb(1, 1, 1),
      1,
    );
    this.y = this.size.height - band - 16;
    this.y -= await this.cell(title, MARGIN, this.y, this.size.width - 2 * MARGIN, BOLD, 16, undefined, 2);
    this.y -= await this.cell(
      subtitle,
      MARGIN,
      this.y - 2,
      this.size.width - 2 * MARGIN,
      BODY,
      9,
      rgb(0.4, 0.4, 0.4),
      1,
    );
    this.y -= 10;
  }

  /** Starts a sheet's table (its name when the export has several). */
  async startTable(columns: ExportColumn[], name: string | null): Promise<void> {
    this.columns = columns;
    const room = this.size.width - 2 * MARGIN;
    const total = columns.reduce((sum, c) => sum + WEIGHT[c.kind], 0) || 1;
    this.widths = columns.map((c) => (WEIGHT[c.kind] / total) * room);
    if (this.y < MARGIN + 80) this.newPage();
    if (name) this.y -= (await this.cell(name, MARGIN, this.y, room, BOLD, 11, undefined, 1)) + 4;
    await this.headerRow();
  }

  private async headerRow(): Promise<void> {
    const heights = await this.measure(
      this.columns.map((c) => c.header),
      BOLD,
      HEADER_SIZE,
    );
    const height = Math.max(...heights, HEADER_SIZE * 1.3) + 2 * PAD;
    this.content.add(
      rectContent(
        { x: MARGIN, y: this.y - height, width: this.size.width - 2 * MARGIN, height },
        rgb(0.9, 0.92, 0.95),
      ),
    );
    let x = MARGIN;
    for (const [i, column] of this.columns.entries()) {
      await this.cell(column.header, x + PAD, this.y - PAD, this.widths[i]! - 2 * PAD, BOLD, HEADER_SIZE);
      x += this.widths[i]!;
    }
    this.y -= height;
    this.line();
    this.striped = false;
  }

  private line(): void {
    this.content.add(
      segmentContent({ x: MARGIN, y: this.y }, { x: this.size.width - MARGIN, y: this.y }, GRID, 0.5),
    );
  }

  private async measure(values: string[], style: TextStyle, size: number): Promise<number[]> {
    return Promise.all(
      values.map(async (value, i) => {
        if (!value) return size * 1.3;
        const shaped = await this.text.shape(value, style);
        const lines = Math.min(MAX_LINES, layoutLines(shaped, size, this.widths[i]! - 2 * PAD, true).length);
        return lines * lineHeightOf(shaped) * size;
      }),
    );
  }

  async row(values: string[]): Promise<void> {
    const height = Math.max(...(await this.measure(values, BODY, SIZE)), SIZE * 1.3) + 2 * PAD;
    if (this.y - height < MARGIN + 14) {
      this.newPage();
      await this.headerRow();
    }
    if (this.striped)
      this.content.add(
        rectContent({ x: MARGIN, y: this.y - height, width: this.size.width - 2 * MARGIN, height }, STRIPE),
      );
    this.striped = !this.striped;
    let x = MARGIN;
    for (const [i, value] of values.entries()) {
      await this.cell(value, x + PAD, this.y - PAD, this.widths[i]! - 2 * PAD, BODY, SIZE);
      x += this.widths[i]!;
    }
    this.y -= height;
    this.line();
  }

  async note(value: string): Promise<void> {
    this.y -=
      6 +
      (await this.cell(
        value,
        MARGIN,
        this.y - 6,
        this.size.width - 2 * MARGIN,
        BODY,
        SIZE,
        rgb(0.4, 0.4, 0.4),
        1,
      ));
  }

  /** Page numbers on every page, then the bytes. */
  async finish(): Promise<Uint8Array> {
    this.content.flush();
    const pages = this.doc.getPages();
    for (const [index, page] of pages.entries()) {
      this.page = page;
      this.content = new PageContent(page);
      const { width } = page.getSize();
      await this.cell(
        `Page ${index + 1} of ${pages.length}`,
        width - MARGIN - 120,
        MARGIN - 8,
        120,
        BODY,
        8,
        rgb(0.45, 0.45, 0.45),
        1,
      );
      this.content.flush();
    }
    return this.doc.save();
  }
}

const lineText = (lines: ReturnType<typeof layoutLines>): string =>
  lines.map((l) => l.words.map((w) => w.pieces.map((p) => p.text).join('')).join('')).join(' ');

/** Writes `sheets` as one PDF table document (the caller checked the row limit). */
export async function writePdf(
  db: Db,
  sheets: readonly SheetSource[],
  input: { title: string; zone: TZone; branding: PdfBranding; total: number },
): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setCreator(input.branding.companyName);
  const writer = new TableWriter(doc);
  const landscape = sheets.some((s) => s.columns.length > 6);
  const when = formatDateTimeIn(new Date(), { zone: input.zone, withZone: true });
  await writer.heading(input.branding, input.title, `Exported ${when} · ${input.total} records`, landscape);
  for (const sheet of sheets) {
    await writer.startTable(sheet.columns, sheets.length > 1 ? sheet.name : null);
    let rows = 0;
    for await (const page of sheet.reader.pages(EXPORT_PAGE)) {
      const people = new Map<string, string>();
      const ids = creatorIds(sheet.columns, page.rows);
      if (ids.length > 0)
        for (const [id, p] of await findPeople(db, ids))
          people.set(id, `${p.firstName} ${p.lastName}`.trim() || p.email);
      const context: RowContext = { zone: input.zone, linkedTitles: page.linkedTitles, people };
      for (const row of page.rows) await writer.row(sheet.columns.map((c) => columnText(c, row, context)));
      rows += page.rows.length;
    }
    if (rows === 0) await writer.note('No records');
  }
  const bytes = await writer.finish();
  return { bytes, pages: doc.getPageCount() };
}
