import { rgb, type PDFDocument, type PDFPage, type RGB } from 'pdf-lib';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding';
import { formatDateTimeIn, offsetLabel, toDate, UTC_STYLE, type TDateStyle } from '@esigns/contracts/dates';
import type { TRecipientType } from '@esigns/contracts/documents';
import type { TVerificationMethod } from '@esigns/contracts/signing';
import { imageContent, PageContent, rectContent, segmentContent } from './content-ops';
import { fitImage, ImageCache } from './images';
import { loadPdf, OBJECTS_PER_TICK } from './load-pdf';
import {
  textContent,
  isWinAnsiText,
  layoutLines,
  lineHeightOf,
  PdfText,
  type ShapedText,
  type TextLine,
  type TextStyle,
} from './pdf-text';

type DateLike = Date | string;

export type CertificateRecipient = {
  name: string;
  email: string;
  role: TRecipientType;
  /** Template role ("Buyer"), shown beside the role when given. */
  role_name?: string | null;
  status: string;
  sent_at?: DateLike | null;
  viewed_at?: DateLike | null;
  /** When they signed, approved, declined or rejected. */
  finished_at?: DateLike | null;
  ip?: string | null;
  user_agent?: string | null;
  /** How they proved who they were; empty: nothing beyond holding the link. */
  verification: TVerificationMethod[];
  /** `IN_PERSON`: who hosted the signing (`Name <email>` of the sender who handed over the link). */
  hosted_by?: string | null;
  /** PNG/JPEG data URL of their adopted signature. */
  signature?: string | null;
};

export type CertificateEvent = { at: DateLike; action: string; actor?: string | null; ip?: string | null };

/**
 * What the certificate of completion says. Times are printed in `dates` (the company's date format
 * and time zone, the zone named; UTC and MM-DD-YYYY when absent).
 */
export type CompletionCertificate = {
  document: {
    id: string;
    name: string;
    /** SHA-256 (hex) of the original, unsigned PDF. */
    original_sha256: string;
    page_count?: number | null;
    status?: string;
    sent_at?: DateLike | null;
    completed_at?: DateLike | null;
  };
  sender: { name: string; email: string; company?: string | null };
  recipients: CertificateRecipient[];
  /** The audit trail, oldest first. */
  events: CertificateEvent[];
  brand?: { name?: string; color?: string };
  dates?: TDateStyle;
};

const VERIFICATION_LABELS: Record<TVerificationMethod, string> = {
  LINK: 'Email link',
  EMAIL_CODE: 'Email code',
  REPRESENTATIVE_PASSWORD: 'Representative password',
  ACCOUNT: 'Signed-in account',
  IN_PERSON: 'In person',
};

/** "In person, hosted by Ann Lee <ann@acme.test>", "Email code", ... */
function verificationLabel(method: TVerificationMethod, recipient: CertificateRecipient): string {
  const label = VERIFICATION_LABELS[method] ?? method;
  return method === 'IN_PERSON' && recipient.hosted_by ? `${label}, hosted by ${recipient.hosted_by}` : label;
}

/** Appends the certificate pages to the PDF and returns the new file. */
export async function appendCertificate(
  pdfBytes: Uint8Array,
  certificate: CompletionCertificate,
): Promise<Uint8Array> {
  const doc = await loadPdf(pdfBytes);
  await appendCertificateInto(doc, certificate);
  return doc.save({ objectsPerTick: OBJECTS_PER_TICK });
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 44, top: 46, bottom: 58 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.x;
const COLOR = {
  text: rgb(0.12, 0.16, 0.22),
  muted: rgb(0.42, 0.45, 0.5),
  border: rgb(0.89, 0.9, 0.92),
  zebra: rgb(0.975, 0.978, 0.982),
  white: rgb(1, 1, 1),
};

type Block = { shaped: ShapedText; lines: TextLine[]; size: number; lineHeight: number; height: number };

/**
 * Line height of the certificate's text (per unit of size): NotoSans's, whichever font a string
 * is drawn in, so that the layout does not depend on the script of the names.
 */
const LINE_HEIGHT = 1.36;

/**
 * Appends "Certificate of completion" pages (A4) to an open document: summary, one card per
 * recipient with their signature, and the event log as a table whose header repeats on every
 * page. Paginates as long as needed. Returns the number of pages added.
 */
export async function appendCertificateInto(
  doc: PDFDocument,
  certificate: CompletionCertificate,
  tools: { text: PdfText; images: ImageCache } = { text: new PdfText(doc), images: new ImageCache(doc) },
): Promise<number> {
  const writer = new CertificateWriter(doc, certificate, tools);
  await writer.write();
  return writer.pages.length;
}

class CertificateWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** What is drawn on `page`, pushed to it when the next page starts and at the end. */
  private content!: PageContent;
  private y = 0;
  private readonly brand: RGB;
  private readonly brandTint: RGB;
  private readonly brandName: string;

  constructor(
    private readonly doc: PDFDocument,
    private readonly certificate: CompletionCertificate,
    private readonly tools: { text: PdfText; images: ImageCache },
  ) {
    const hex =
      /^#?([0-9a-f]{6})$/i.exec(certificate.brand?.color ?? '')?.[1] ??
      DEFAULT_BRANDING.primary_color.slice(1);
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
      number,
      number,
      number,
    ];
    this.brand = rgb(r, g, b);
    this.brandTint = rgb(1 - (1 - r) * 0.1, 1 - (1 - g) * 0.1, 1 - (1 - b) * 0.1);
    this.brandName = certificate.brand?.name?.trim() || DEFAULT_BRANDING.app_name;
  }

  async write(): Promise<void> {
    await this.newPage(true);
    await this.summary();
    await this.recipients();
    await this.events();
    this.content.flush();
    await this.footers();
  }

  // ---- text helpers ----

  private async block(
    text: string,
    size: number,
    width: number,
    style: Partial<TextStyle> = {},
  ): Promise<Block> {
    // Text in WinAnsi (labels, dates, most Latin names) uses the standard Helvetica, which needs
    // no embedding; anything else is NotoSans (embedded, subset) with its script fallbacks.
    const family = isWinAnsiText(text) ? 'Helvetica' : 'NotoSans';
    const shaped = await this.tools.text.shape(text, { family, ...style });
    const lines = layoutLines(shaped, size, width);
    const lineHeight = Math.max(LINE_HEIGHT, lineHeightOf(shaped));
    return { shaped, lines, size, lineHeight, height: lines.length * lineHeight * size };
  }

  private draw(
    block: Block,
    x: number,
    top: number,
    width: number,
    color: RGB,
    align: 'left' | 'right' = 'left',
  ): void {
    this.content.add(
      textContent(this.page, block.shaped, block.lines, {
        x,
        top,
        width,
        size: block.size,
        lineHeight: block.lineHeight,
        color,
        align,
      }),
    );
  }

  private async text(
    text: string,
    size: number,
    color: RGB,
    style: Partial<TextStyle> = {},
    gapAfter = 4,
  ): Promise<void> {
    const block = await this.block(text, size, CONTENT_WIDTH, style);
    await this.ensure(block.height);
    this.draw(block, MARGIN.x, this.y, CONTENT_WIDTH, color);
    this.y -= block.height + gapAfter;
  }

  // ---- pages ----

  private async newPage(first = false): Promise<void> {
    this.content?.flush();
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.content = new PageContent(this.page);
    this.pages.push(this.page);
    this.content.add(rectContent({ x: 0, y: PAGE.height - 8, width: PAGE.width, height: 8 }, this.brand));
    this.y = PAGE.height - MARGIN.top;
    const brand = await this.block(this.brandName.toUpperCase(), 9, CONTENT_WIDTH, { weight: 'bold' });
    this.draw(brand, MARGIN.x, this.y, CONTENT_WIDTH, this.brand);
    this.y -= brand.height + 2;
    const title = await this.block(
      first ? 'Certificate of completion' : 'Certificate of completion (continued)',
      first ? 22 : 13,
      CONTENT_WIDTH,
      { weight: 'bold' },
    );
    this.draw(title, MARGIN.x, this.y, CONTENT_WIDTH, COLOR.text);
    this.y -= title.height + 6;
    this.content.add(
      segmentContent({ x: MARGIN.x, y: this.y }, { x: PAGE.width - MARGIN.x, y: this.y }, COLOR.border, 0.75),
    );
    this.y -= 14;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private async ensure(height: number): Promise<boolean> {
    if (this.y - height >= MARGIN.bottom) return false;
    await this.newPage();
    return true;
  }

  private async sectionTitle(title: string, following: number): Promise<void> {
    const block = await this.block(title, 12.5, CONTENT_WIDTH, { weight: 'bold' });
    await this.ensure(block.height + 10 + following);
    this.y -= 6;
    this.draw(block, MARGIN.x, this.y, CONTENT_WIDTH, COLOR.text);
    this.y -= block.height + 3;
    this.content.add(rectContent({ x: MARGIN.x, y: this.y, width: 28, height: 2 }, this.brand));
    this.y -= 10;
  }

  private get dates(): TDateStyle {
    return this.certificate.dates ?? UTC_STYLE;
  }

  /** A time in the certificate's date style, the zone named. */
  private time(value: DateLike | null | undefined): string {
    return formatTime(value, this.dates);
  }

  // ---- sections ----

  private async summary(): Promise<void> {
    const { document, sender } = this.certificate;
    const rows: [string, string, Partial<TextStyle>?][] = [
      ['Document', document.name],
      ['Document ID', document.id],
      ['SHA-256 of the original', document.original_sha256],
      ['Pages', document.page_count ? String(document.page_count) : '—'],
      ['Status', humanize(document.status ?? 'COMPLETED')],
      ['Sent', this.time(document.sent_at)],
      ['Completed', this.time(document.completed_at)],
      [
        'Sender',
        [sender.name, `<${sender.email}>`, sender.company ? `· ${sender.company}` : '']
          .filter(Boolean)
          .join(' '),
      ],
    ];
    const labelWidth = 140;
    for (const [label, value, style] of rows) {
      const labelBlock = await this.block(label, 9, labelWidth - 8);
      const valueBlock = await this.block(value || '—', 10, CONTENT_WIDTH - labelWidth, style);
      const height = Math.max(labelBlock.height, valueBlock.height);
      await this.ensure(height);
      this.draw(labelBlock, MARGIN.x, this.y - 0.5, labelWidth - 8, COLOR.muted);
      this.draw(valueBlock, MARGIN.x + labelWidth, this.y, CONTENT_WIDTH - labelWidth, COLOR.text);
      this.y -= height + 5;
    }
    this.y -= 8;
  }

  private async recipients(): Promise<void> {
    const recipients = this.certificate.recipients;
    await this.sectionTitle(`Recipients (${recipients.length})`, 90);
    for (const recipient of recipients) await this.recipientCard(recipient);
  }

  private async recipientCard(recipient: CertificateRecipient): Promise<void> {
    const pad = 10;
    const signatureWidth = 150;
    const leftWidth = CONTENT_WIDTH - 2 * pad - signatureWidth - 12;
    const name = await this.block(recipient.name || recipient.email || '—', 11.5, leftWidth, {
      weight: 'bold',
    });
    const email = await this.block(recipient.email, 9, leftWidth);
    const role = [humanize(recipient.role), recipient.role_name ? `(${recipient.role_name})` : '']
      .filter(Boolean)
      .join(' ');
    const roleLine = await this.block(`${role} · ${humanize(recipient.status)}`, 9, leftWidth, {
      weight: 'bold',
    });
    const verification =
      recipient.verification.length > 0
        ? recipient.verification.map((m) => verificationLabel(m, recipient)).join(', ')
        : 'None';
    const details: [string, string][] = [
      ['Sent', this.time(recipient.sent_at)],
      ['Viewed', this.time(recipient.viewed_at)],
      [finishedLabel(recipient.status), this.time(recipient.finished_at)],
      ['IP address', recipient.ip || '—'],
      ['Verification', verification],
    ];
    const detailLabelWidth = 78;
    const detailBlocks: [Block, Block][] = [];
    for (const [label, value] of details) {
      detailBlocks.push([
        await this.block(label, 8.5, detailLabelWidth),
        await this.block(value, 8.5, leftWidth - detailLabelWidth),
      ]);
    }
    const agent = await this.block(
      `User agent: ${recipient.user_agent || '—'}`,
      7.5,
      CONTENT_WIDTH - 2 * pad,
    );
    const detailsHeight = detailBlocks.reduce((sum, [l, v]) => sum + Math.max(l.height, v.height) + 2, 0);
    const leftHeight = name.height + email.height + roleLine.height + 8 + detailsHeight;
    const bodyHeight = Math.max(leftHeight, 70);
    const height = pad + bodyHeight + 6 + agent.height + pad;
    await this.ensure(height + 10);

    const top = this.y;
    this.content.add(
      rectContent({ x: MARGIN.x, y: top - height, width: CONTENT_WIDTH, height }, COLOR.white, {
        color: COLOR.border,
        width: 0.75,
      }),
    );
    this.content.add(rectContent({ x: MARGIN.x, y: top - height, width: 3, height }, this.brand));
    let y = top - pad;
    const x = MARGIN.x + pad + 2;
    this.draw(name, x, y, leftWidth, COLOR.text);
    y -= name.height;
    this.draw(email, x, y, leftWidth, COLOR.muted);
    y -= email.height + 2;
    this.draw(roleLine, x, y, leftWidth, this.brand);
    y -= roleLine.height + 6;
    for (const [label, value] of detailBlocks) {
      this.draw(label, x, y, detailLabelWidth, COLOR.muted);
      this.draw(value, x + detailLabelWidth, y, leftWidth - detailLabelWidth, COLOR.text);
      y -= Math.max(label.height, value.height) + 2;
    }
    await this.signatureBox(recipient.signature ?? null, {
      x: MARGIN.x + CONTENT_WIDTH - pad - signatureWidth,
      y: top - pad - 64,
      width: signatureWidth,
      height: 64,
    });
    this.draw(agent, x, top - pad - bodyHeight - 6, CONTENT_WIDTH - 2 * pad, COLOR.muted);
    this.y = top - height - 10;
  }

  private async signatureBox(
    dataUrl: string | null,
    box: { x: number; y: number; width: number; height: number },
  ) {
    this.content.add(rectContent(box, COLOR.zebra, { color: COLOR.border, width: 0.5 }));
    const caption = await this.block('Signature', 7, box.width);
    this.draw(caption, box.x + 4, box.y + box.height - 2, box.width - 8, COLOR.muted);
    const decoded = dataUrl ? this.tools.images.decode(dataUrl) : null;
    const image = decoded ? await this.tools.images.embed(decoded).catch(() => null) : null;
    if (image) {
      this.content.add(
        imageContent(
          this.page,
          image,
          fitImage(image, { x: box.x + 6, y: box.y + 4, width: box.width - 12, height: box.height - 14 }),
        ),
      );
    } else {
      const none = await this.block('—', 10, box.width);
      this.draw(none, box.x, box.y + box.height / 2 + 6, box.width, COLOR.muted);
    }
  }

  private async events(): Promise<void> {
    const events = this.certificate.events;
    await this.sectionTitle(`Event log (${events.length})`, 40);
    const columns = [
      { title: `Time (${zoneName(this.dates.zone)})`, width: 104 },
      { title: 'Action', width: 128 },
      { title: 'By', width: CONTENT_WIDTH - 104 - 128 - 92 },
      { title: 'IP address', width: 92 },
    ];
    const cellPad = 4;
    const size = 8;
    const header = async () => {
      const blocks = await Promise.all(
        columns.map((c) => this.block(c.title, size, c.width - 2 * cellPad, { weight: 'bold' })),
      );
      const height = Math.max(...blocks.map((b) => b.height)) + 2 * cellPad;
      this.content.add(
        rectContent({ x: MARGIN.x, y: this.y - height, width: CONTENT_WIDTH, height }, this.brandTint),
      );
      let x = MARGIN.x;
      blocks.forEach((block, i) => {
        this.draw(block, x + cellPad, this.y - cellPad, columns[i]!.width - 2 * cellPad, COLOR.text);
        x += columns[i]!.width;
      });
      this.y -= height;
    };
    if (events.length === 0) {
      await this.text('No events were recorded.', 9, COLOR.muted);
      return;
    }
    await header();
    for (const [index, event] of events.entries()) {
      const cells = [
        formatTime(event.at, this.dates, false),
        humanize(event.action),
        event.actor || '—',
        event.ip || '—',
      ];
      const blocks: Block[] = [];
      for (const [i, cell] of cells.entries()) {
        blocks.push(await this.block(cell, size, columns[i]!.width - 2 * cellPad));
      }
      const height = Math.max(...blocks.map((b) => b.height)) + 2 * cellPad;
      if (await this.ensure(height)) await header();
      if (index % 2 === 1) {
        this.content.add(
          rectContent({ x: MARGIN.x, y: this.y - height, width: CONTENT_WIDTH, height }, COLOR.zebra),
        );
      }
      let x = MARGIN.x;
      blocks.forEach((block, i) => {
        this.draw(block, x + cellPad, this.y - cellPad, columns[i]!.width - 2 * cellPad, COLOR.text);
        x += columns[i]!.width;
      });
      this.y -= height;
      this.content.add(
        segmentContent(
          { x: MARGIN.x, y: this.y },
          { x: MARGIN.x + CONTENT_WIDTH, y: this.y },
          COLOR.border,
          0.4,
        ),
      );
    }
  }

  private async footers(): Promise<void> {
    const { document } = this.certificate;
    const notice = await this.block(
      `Sealed with a digital signature by ${this.brandName}: any change to this file invalidates it.`,
      7.5,
      CONTENT_WIDTH,
    );
    const left = await this.block(`${document.name} · ${document.id}`, 7.5, CONTENT_WIDTH - 90);
    for (const [i, page] of this.pages.entries()) {
      this.page = page;
      this.content = new PageContent(page);
      this.content.add(
        segmentContent(
          { x: MARGIN.x, y: MARGIN.bottom - 14 },
          { x: PAGE.width - MARGIN.x, y: MARGIN.bottom - 14 },
          COLOR.border,
          0.5,
        ),
      );
      this.draw(
        { ...left, lines: left.lines.slice(0, 1) },
        MARGIN.x,
        MARGIN.bottom - 18,
        CONTENT_WIDTH - 90,
        COLOR.muted,
      );
      const number = await this.block(`Page ${i + 1} of ${this.pages.length}`, 7.5, 90);
      this.draw(number, PAGE.width - MARGIN.x - 90, MARGIN.bottom - 18, 90, COLOR.muted, 'right');
      this.draw(
        { ...notice, lines: notice.lines.slice(0, 1) },
        MARGIN.x,
        MARGIN.bottom - 30,
        CONTENT_WIDTH,
        COLOR.muted,
      );
      this.content.flush();
    }
  }
}

function finishedLabel(status: string): string {
  switch (status.toUpperCase()) {
    case 'APPROVED':
      return 'Approved';
    case 'DECLINED':
      return 'Declined';
    case 'REJECTED':
      return 'Rejected';
    default:
      return 'Signed';
  }
}

/**
 * `12-28-2026 20:30:15 (UTC)` in `dates` (format and zone; zone named unless `withZone` is false);
 * `—` when absent, the text as it is when not a date.
 */
export function formatTime(
  value: DateLike | null | undefined,
  dates: TDateStyle = UTC_STYLE,
  withZone = true,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = toDate(value);
  if (!date) return String(value);
  return formatDateTimeIn(date, { ...dates, withZone });
}

/** The zone as the event table's header names it: `UTC`, `Asia/Kolkata`, `UTC+05:30`. */
function zoneName(zone: TDateStyle['zone']): string {
  return typeof zone === 'string' ? zone : offsetLabel(zone.offsetMinutes);
}

/** `CODE_SENT` / `document.code_sent` -> `Code sent`; free text is kept as it is. */
function humanize(value: string): string {
  if (!/^[A-Za-z0-9_.-]+$/.test(value)) return value;
  const words = value.split('.').at(-1)!.replace(/[_-]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
