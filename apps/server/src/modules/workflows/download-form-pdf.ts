import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { formatDateTimeIn, type TDateStyle } from '@esigns/contracts/dates';
import { PageContent, segmentContent } from '../../platform/pdf/content-ops';
import { useNativeDeflate } from '../../platform/pdf/load-pdf';
import {
  PdfText,
  isWinAnsiText,
  layoutLines,
  lineHeightOf,
  textContent,
  type ShapedText,
  type TextLine,
} from '../../platform/pdf/pdf-text';
import type { SubmissionPacket } from '../form-submissions';

/*
 * A submitted form as a PDF for the packet ZIP: the form's name, who filled it and when, then each
 * step's questions and answers in the form's order. Text in WinAnsi is Helvetica (no embedding);
 * anything else NotoSans with the seal's script fallbacks (`platform/pdf/pdf-text.ts`), so names
 * and answers in any script print. Long answers wrap and continue on the next page.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 50, top: 56, bottom: 56 };
const WIDTH = PAGE.width - 2 * MARGIN.x;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.44, 0.48);
const RULE = rgb(0.85, 0.86, 0.88);

type Block = { shaped: ShapedText; lines: TextLine[]; size: number; lineHeight: number };
type Style = { size: number; bold?: boolean; color: RGB; gapAfter: number };

class FormPdfWriter {
  private page!: PDFPage;
  private content!: PageContent;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly text: PdfText,
  ) {}

  async block(value: string, size: number, bold = false): Promise<Block> {
    const family = isWinAnsiText(value) ? 'Helvetica' : 'NotoSans';
    const shaped = await this.text.shape(value, { family, weight: bold ? 'bold' : 'regular' });
    return {
      shaped,
      lines: layoutLines(shaped, size, WIDTH),
      size,
      lineHeight: Math.max(1.3, lineHeightOf(shaped)),
    };
  }

  newPage(): void {
    this.content?.flush();
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.content = new PageContent(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Draws `value` line by line, continuing on a new page when the lines do not fit. */
  async write(value: string, style: Style, keepWith = 0): Promise<void> {
    const block = await this.block(value === '' ? '-' : value, style.size, style.bold);
    const lineHeight = block.lineHeight * block.size;
    if (this.y - lineHeight - keepWith < MARGIN.bottom) this.newPage();
    let rest = block.lines;
    while (rest.length > 0) {
      const fit = Math.max(1, Math.floor((this.y - MARGIN.bottom) / lineHeight));
      const lines = rest.slice(0, fit);
      this.content.add(
        textContent(this.page, block.shaped, lines, {
          x: MARGIN.x,
          top: this.y,
          width: WIDTH,
          size: block.size,
          lineHeight: block.lineHeight,
          color: style.color,
          align: 'auto',
        }),
      );
      this.y -= lines.length * lineHeight;
      rest = rest.slice(lines.length);
      if (rest.length > 0) this.newPage();
    }
    this.y -= style.gapAfter;
  }

  rule(): void {
    this.content.add(
      segmentContent({ x: MARGIN.x, y: this.y }, { x: PAGE.width - MARGIN.x, y: this.y }, RULE, 0.75),
    );
    this.y -= 12;
  }

  async footers(label: string): Promise<void> {
    this.content.flush();
    for (const [i, page] of this.pages.entries()) {
      const block = await this.block(`${label} · Page ${i + 1} of ${this.pages.length}`, 7.5);
      const content = new PageContent(page);
      content.add(
        textContent(page, block.shaped, block.lines, {
          x: MARGIN.x,
          top: MARGIN.bottom - 20,
          width: WIDTH,
          size: block.size,
          lineHeight: block.lineHeight,
          color: MUTED,
          align: 'auto',
        }),
      );
      content.flush();
    }
  }
}

/** The PDF of one submission (A4); `title` names it in the footer (the step and the packet). */
export async function renderSubmissionPdf(
  submission: SubmissionPacket,
  title: string,
  dates: TDateStyle,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  useNativeDeflate(doc.context);
  const writer = new FormPdfWriter(doc, new PdfText(doc));
  writer.newPage();
  await writer.write(submission.formName, { size: 18, bold: true, color: INK, gapAfter: 6 });
  const filler = [submission.fillerName, submission.fillerEmail ? `<${submission.fillerEmail}>` : '']
    .filter(Boolean)
    .join(' ');
  const when = submission.submittedAt
    ? `Submitted ${formatDateTimeIn(submission.submittedAt, { format: dates.format, zone: dates.zone, withZone: true })}`
    : `Status ${submission.status}`;
  await writer.write([filler || 'Anonymous', when].join(' · '), { size: 9.5, color: MUTED, gapAfter: 10 });
  writer.rule();
  if (submission.sections.length === 0) {
    await writer.write('No answers were given.', { size: 10, color: MUTED, gapAfter: 0 });
  }
  for (const section of submission.sections) {
    await writer.write(section.step, { size: 13, bold: true, color: INK, gapAfter: 8 }, 40);
    for (const { question, answer } of section.answers) {
      await writer.write(question, { size: 9, bold: true, color: MUTED, gapAfter: 2 }, 14);
      await writer.write(answer, { size: 10.5, color: INK, gapAfter: 10 });
    }
    writer.rule();
  }
  await writer.footers(title);
  doc.setTitle(`${submission.formName} - ${title}`);
  doc.setProducer('e-Signs');
  doc.setCreator('e-Signs');
  return Buffer.from(await doc.save());
}
