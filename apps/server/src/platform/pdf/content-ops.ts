import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFStream,
  type PDFFont,
  type PDFPage,
  type PDFPageLeaf,
  type PDFRef,
  type RGB,
} from 'pdf-lib';
import { SMALL_CONTENT_STREAM } from './load-pdf';

/*
 * Page content written directly, for the many small drawings of a seal (a few hundred text runs,
 * boxes and images). pdf-lib's `drawText` / `drawImage` add a new resource name to the page for
 * every call (`/Helvetica-7098480789`, `/Image-12...`: dozens of entries for one font), and its
 * operators are objects (an operator, an array and a number or name object per operand) printed
 * one by one when the file is written. Here a page names each font and image once, a drawing is
 * its content-stream text, built as a string, and what is drawn on a page is appended to it as one
 * content stream (`PageContent`, `appendContent`); numbers are printed with at most three
 * decimals (1/1000 pt, far below what shows).
 */

/** A number for a content stream: at most three decimals, never exponent notation. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 || !Number.isFinite(rounded) ? '0' : String(rounded);
}

/** `r g b rg` (fill) or `r g b RG` (stroke). */
export function rgbColor(color: RGB, operator: 'rg' | 'RG'): string {
  return `${num(color.red)} ${num(color.green)} ${num(color.blue)} ${operator}`;
}

/** What an image is drawn from: pdf-lib's `PDFImage` or one of `ImageCache`'s. */
type ImageXObject = { ref: PDFRef };

const fontNames = new WeakMap<PDFPageLeaf, Map<PDFFont, PDFName>>();
const imageNames = new WeakMap<PDFPageLeaf, Map<ImageXObject, PDFName>>();

/** The page's resource name for `font`, added on first use. */
export function fontName(page: PDFPage, font: PDFFont): PDFName {
  let names = fontNames.get(page.node);
  if (!names) {
    names = new Map();
    fontNames.set(page.node, names);
  }
  let name = names.get(font);
  if (!name) {
    name = addResource(page, 'Font', 'ESF', font.ref);
    names.set(font, name);
  }
  return name;
}

/** The page's resource name for `image`, added on first use. */
export function imageName(page: PDFPage, image: ImageXObject): PDFName {
  let names = imageNames.get(page.node);
  if (!names) {
    names = new Map();
    imageNames.set(page.node, names);
  }
  let name = names.get(image);
  if (!name) {
    name = addResource(page, 'XObject', 'ESIm', image.ref);
    names.set(image, name);
  }
  return name;
}

/**
 * Names `ref` in the page's `/Resources /<category>` dictionary (`/ESF1`, `/ESIm2`...: the first
 * free number), creating what is missing. Resources inherited from the page tree are taken over
 * by the page, as pdf-lib does (names are only added, so pages sharing them are unaffected).
 * pdf-lib's `newFontDictionary` does the same through its full page normalisation and a
 * random-suffix search, several times the cost.
 */
function addResource(page: PDFPage, category: 'Font' | 'XObject', prefix: string, ref: PDFRef): PDFName {
  const leaf = page.node;
  const context = leaf.context;
  let resources = leaf.lookupMaybe(PDFName.Resources, PDFDict);
  if (!resources) {
    let inherited: PDFDict | undefined;
    let node = leaf.lookupMaybe(PDFName.Parent, PDFDict);
    for (let depth = 0; node && !inherited && depth < 64; depth++) {
      inherited = node.lookupMaybe(PDFName.Resources, PDFDict);
      node = node.lookupMaybe(PDFName.Parent, PDFDict);
    }
    resources = inherited ?? context.obj({});
    leaf.set(PDFName.Resources, resources);
  }
  const key = PDFName.of(category);
  let dict = resources.lookupMaybe(key, PDFDict);
  if (!dict) {
    dict = context.obj({});
    resources.set(key, dict);
  }
  let n = 1;
  while (dict.has(PDFName.of(`${prefix}${n}`))) n++;
  const name = PDFName.of(`${prefix}${n}`);
  dict.set(name, ref);
  return name;
}

const wrapped = new WeakSet<PDFPageLeaf>();

/**
 * Appends `content` to the page as a new content stream. The page's existing content is first
 * wrapped in `q ... Q` (once, unless pdf-lib already did), so that a page leaving its graphics
 * state dirty cannot move what is drawn after it. This is what `page.pushOperators` does, without
 * pdf-lib's page normalisation (empty `/XObject`, `/ExtGState` and `/Annots` entries).
 */
export function appendContent(page: PDFPage, content: string): void {
  if (!content) return;
  const leaf = page.node;
  const context = leaf.context;
  const contents = leaf.get(PDFName.Contents);
  const existing = contents === undefined ? undefined : context.lookup(contents);
  let array: PDFArray;
  if (existing instanceof PDFArray) array = existing;
  else {
    array = context.obj(existing instanceof PDFStream ? [contents!] : []);
    leaf.set(PDFName.Contents, array);
  }
  const normalizedByPdfLib = (leaf as unknown as { normalized?: boolean }).normalized === true;
  if (!wrapped.has(leaf) && !normalizedByPdfLib && array.size() > 0) {
    array.insert(0, context.getPushGraphicsStateContentStream());
    array.push(context.getPopGraphicsStateContentStream());
  }
  wrapped.add(leaf);
  const bytes = Buffer.from(content, 'latin1');
  const stream = bytes.length < SMALL_CONTENT_STREAM ? context.stream(bytes) : context.flateStream(bytes);
  array.push(context.register(stream));
}

/**
 * The content drawn on one page, appended to it as one content stream by `flush()` (a few hundred
 * small drawings, one stream).
 */
export class PageContent {
  private parts: string[] = [];

  constructor(readonly page: PDFPage) {}

  add(content: string): void {
    if (content) this.parts.push(content);
  }

  flush(): void {
    if (this.parts.length === 0) return;
    appendContent(this.page, this.parts.join('\n'));
    this.parts = [];
  }
}

/** `image` scaled into `box` (what `page.drawImage(image, box)` draws). */
export function imageContent(
  page: PDFPage,
  image: ImageXObject,
  box: { x: number; y: number; width: number; height: number },
): string {
  const { x, y, width, height } = box;
  return `q\n${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm\n${imageName(page, image).toString()} Do\nQ`;
}

/** A filled rectangle, optionally with a border (what `page.drawRectangle` draws, without rotation). */
export function rectContent(
  box: { x: number; y: number; width: number; height: number },
  fill: RGB,
  border?: { color: RGB; width: number },
): string {
  const stroke = border ? `${rgbColor(border.color, 'RG')}\n${num(border.width)} w\n` : '';
  return (
    `q\n${rgbColor(fill, 'rg')}\n${stroke}${num(box.x)} ${num(box.y)} ${num(box.width)} ${num(box.height)} re\n` +
    `${border ? 'B' : 'f'}\nQ`
  );
}

/** A straight line (what `page.drawLine` draws). */
export function segmentContent(
  from: { x: number; y: number },
  to: { x: number; y: number },
  color: RGB,
  thickness: number,
): string {
  return (
    `q\n${rgbColor(color, 'RG')}\n${num(thickness)} w\n${num(from.x)} ${num(from.y)} m\n` +
    `${num(to.x)} ${num(to.y)} l\nS\nQ`
  );
}
