import { PDFArray, PDFDict, PDFName, rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { TField, TFieldType } from '@esigns/contracts/documents';
import { validationError } from '../http/app-error';
import { appendContent, imageContent, num, rgbColor } from './content-ops';
import { fitImage, ImageCache, isImageDataUrl } from './images';
import { loadPdf, OBJECTS_PER_TICK } from './load-pdf';
import { renderedFrame, toRenderedRect, type RenderedFrame } from './page-geometry';
import { fitText, PdfText, textContent } from './pdf-text';

/** What a recipient entered, by field key: text, a chosen option, a checkbox state, an image. */
export type FieldValue = string | number | boolean | null | undefined;
export type FieldValues = Record<string, FieldValue>;

const IMAGE_TYPES: readonly TFieldType[] = ['SIGNATURE', 'INITIAL', 'IMAGE'];
const INK = rgb(0.05, 0.05, 0.1);
const CHECKED = /^(true|1|yes|on|checked|x)$/i;

/**
 * Draws every field's value onto its page (flattened page content, no form fields) and returns
 * the new PDF. See `stampFieldsInto` for the rules.
 */
export async function stampFields(
  pdfBytes: Uint8Array,
  fields: TField[],
  values: FieldValues,
): Promise<Uint8Array> {
  const doc = await loadPdf(pdfBytes);
  await stampFieldsInto(doc, fields, values);
  return doc.save({ objectsPerTick: OBJECTS_PER_TICK });
}

export type StampTools = { text: PdfText; images: ImageCache };

/**
 * Stamps values into an open document:
 * - boxes are top-left-origin points on the page as rendered; `/Rotate` is honoured, so a stamp
 *   sits upright where the editor showed it;
 * - text types (and RADIO/DROPDOWN's chosen option) in the field's font and size, shrunk until
 *   they fit, wrapped when the box is tall enough, clipped to the box; any script via Noto fonts;
 * - CHECKBOX: a box with a tick when checked (`true`, "true", "1", "yes", "on", "checked", "x");
 * - SIGNATURE / INITIAL / IMAGE: PNG or JPEG data URL drawn fitted with its aspect kept
 *   (SIGNATURE / INITIAL also accept typed text);
 * - a missing value falls back to the field's `default_value`; empty values draw nothing;
 * - form fields already in the file are flattened into the page (or dropped when they cannot be).
 * Throws a 422 (`fields.<i>.page`, `values.<key>`) for a page that does not exist or an image
 * value that is not a PNG/JPEG data URL.
 */
export async function stampFieldsInto(
  doc: PDFDocument,
  fields: TField[],
  values: FieldValues,
  tools: StampTools = { text: new PdfText(doc), images: new ImageCache(doc) },
): Promise<void> {
  removeFormFields(doc);
  const pages = doc.getPages();
  const problems = fields.flatMap((field, i) =>
    pages[field.page - 1]
      ? []
      : [
          {
            key: `fields.${i}.page`,
            message: `Page ${field.page} does not exist`,
            path: ['fields', i, 'page'],
          },
        ],
  );
  if (problems.length > 0) throw validationError(problems);

  const byPage = new Map<number, TField[]>();
  for (const field of fields) byPage.set(field.page, [...(byPage.get(field.page) ?? []), field]);
  for (const [pageNumber, pageFields] of byPage) {
    const page = pages[pageNumber - 1]!;
    const frame = renderedFrame(page);
    // All of a page's stamps in one `q cm ... Q`, pushed at once.
    const parts: string[] = [];
    for (const field of pageFields) {
      const value = valueOf(field, values);
      if (value === null && field.type !== 'CHECKBOX') continue;
      const content = await stampField(page, frame, field, value, tools);
      if (content) parts.push(content);
    }
    if (parts.length > 0) {
      appendContent(page, `q\n${frame.matrix.map(num).join(' ')} cm\n${parts.join('\n')}\nQ`);
    }
  }
}

function valueOf(field: TField, values: FieldValues): string | null {
  const given = values[field.key];
  const value = given === undefined || given === null ? field.default_value : String(given);
  return value.trim() === '' ? null : value;
}

/** The content that draws one field's value (empty when there is nothing to draw). */
async function stampField(
  page: PDFPage,
  frame: RenderedFrame,
  field: TField,
  value: string | null,
  tools: StampTools,
): Promise<string> {
  const rect = toRenderedRect(frame, field);
  if (field.type === 'CHECKBOX') return checkboxContent(rect, value !== null && CHECKED.test(value.trim()));
  if (value === null) return '';
  if (IMAGE_TYPES.includes(field.type) && (field.type === 'IMAGE' || isImageDataUrl(value))) {
    const decoded = tools.images.decode(value);
    const invalid = () =>
      validationError([
        {
          key: `values.${field.key}`,
          message: 'Expected a PNG or JPEG image (data URL)',
          path: ['values', field.key],
        },
      ]);
    if (!decoded) throw invalid();
    const image = await tools.images.embed(decoded).catch(() => {
      throw invalid();
    });
    const pad = Math.min(2, rect.height * 0.05);
    const box = fitImage(image, {
      x: rect.x + pad,
      y: rect.y + pad,
      width: rect.width - 2 * pad,
      height: rect.height - 2 * pad,
    });
    return imageContent(page, image, box);
  }
  return textInBox(page, rect, value, field, tools.text);
}

async function textInBox(
  page: PDFPage,
  rect: { x: number; y: number; width: number; height: number },
  value: string,
  field: TField,
  text: PdfText,
): Promise<string> {
  const padX = Math.min(2, rect.width * 0.05);
  const padY = Math.min(1, rect.height * 0.05);
  const inner = {
    x: rect.x + padX,
    y: rect.y + padY,
    width: rect.width - 2 * padX,
    height: rect.height - 2 * padY,
  };
  const shaped = await text.shape(value, { family: field.font.family });
  const fitted = fitText(shaped, inner, field.font.size);
  const blockHeight = fitted.lines.length * fitted.lineHeight * fitted.size;
  const top = inner.y + inner.height - Math.max(0, (inner.height - blockHeight) / 2);
  const content = textContent(page, shaped, fitted.lines, {
    x: inner.x,
    top,
    width: inner.width,
    size: fitted.size,
    lineHeight: fitted.lineHeight,
    color: INK,
    align: 'auto',
  });
  if (!content) return '';
  // Clipped to the field's box.
  const box = `${num(rect.x)} ${num(rect.y)} ${num(rect.width)} ${num(rect.height)} re`;
  return `q\n${box}\nW\nn\n${content}\nQ`;
}

function checkboxContent(
  rect: { x: number; y: number; width: number; height: number },
  checked: boolean,
): string {
  const side = Math.min(rect.width, rect.height) * 0.9;
  const x = rect.x + (rect.width - side) / 2;
  const y = rect.y + (rect.height - side) / 2;
  let content =
    `q\n${rgbColor(INK, 'RG')}\n${num(Math.max(0.5, side * 0.05))} w\n` +
    `${num(x)} ${num(y)} ${num(side)} ${num(side)} re\nS\n`;
  if (checked) {
    const at = (u: number, v: number) => `${num(x + u * side)} ${num(y + v * side)}`;
    // A tick: round caps and joins.
    content +=
      `${num(Math.max(1, side * 0.12))} w\n1 J\n1 j\n` +
      `${at(0.2, 0.52)} m\n${at(0.42, 0.28)} l\n${at(0.8, 0.76)} l\nS\n`;
  }
  return `${content}Q`;
}

/**
 * Flattens the file's own form fields into page content so that no fillable field remains; when
 * pdf-lib cannot (broken or exotic fields), their widgets and the form are removed instead.
 */
export function removeFormFields(doc: PDFDocument): void {
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!acroForm) return;
  for (const updateFieldAppearances of [true, false]) {
    try {
      doc.getForm().flatten({ updateFieldAppearances });
      break;
    } catch {
      // try the next way
    }
  }
  // Whatever flattening did, no widget may stay behind (pdf-lib also leaves references to the
  // widgets it deleted in /Annots).
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = annots.lookup(i);
      const isWidget = annot instanceof PDFDict && annot.get(PDFName.of('Subtype'))?.toString() === '/Widget';
      if (annot === undefined || isWidget) annots.remove(i);
    }
  }
  doc.catalog.delete(PDFName.of('AcroForm'));
}
