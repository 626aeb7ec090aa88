import { createHash } from 'node:crypto';
import {
  rgb,
  StandardFontEmbedder,
  StandardFonts,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { FIELD_FONTS } from '@esigns/contracts/documents';
import {
  fallbackFontFor,
  loadFont,
  sharedFontkit,
  withWeight,
  type FontkitFont,
  type LoadedFont,
  type Weight,
} from './fonts';
import { fontName, num, rgbColor } from './content-ops';

/*
 * Unicode text on PDF pages: picks a font per grapheme (the requested one when it has the glyphs,
 * else a Noto font for the script), shapes with fontkit (Devanagari conjuncts, Arabic joining),
 * wraps, shrinks to fit a box, orders right-to-left words, and draws. A character no font has is
 * drawn as the font's missing-glyph box (or `?` in the standard fonts): never an exception.
 */

export type FontFamily = (typeof FIELD_FONTS)[number];
export type TextStyle = { family: FontFamily; weight?: Weight };

const STANDARD: Record<string, { regular: StandardFonts; bold: StandardFonts }> = {
  Helvetica: { regular: StandardFonts.Helvetica, bold: StandardFonts.HelveticaBold },
  'Times-Roman': { regular: StandardFonts.TimesRoman, bold: StandardFonts.TimesRomanBold },
  Courier: { regular: StandardFonts.Courier, bold: StandardFonts.CourierBold },
};
const NOTO_FILES: Record<string, string> = {
  NotoSans: 'NotoSans-Regular.ttf',
  NotoSansDevanagari: 'NotoSansDevanagari-Regular.ttf',
};

type FaceSource =
  { id: string; kind: 'standard'; name: StandardFonts } | { id: string; kind: 'file'; loaded: LoadedFont };

type Face = {
  id: string;
  /** Ascender and descender (negative) per unit of font size. */
  ascent: number;
  descent: number;
  /** Width of `text` at size 1. */
  measure: (text: string) => number;
  pdfFont: PDFFont | null;
  /** `text` as a PDF string operand for `Tj` in `pdfFont` (for a subset font, adds its glyphs). */
  encode: (text: string) => string;
  outlines: FontkitFont | null;
};

/** A run of text in one face, measured at size 1. */
type Piece = { text: string; face: Face; width: number };
type Direction = 'ltr' | 'rtl' | 'neutral';
/** A unit of line breaking: a word or the whitespace between words. */
type Word = { pieces: Piece[]; width: number; space: boolean; dir: Direction };
export type ShapedText = { paragraphs: Word[][]; ascent: number; descent: number };
export type TextLine = { words: Word[]; width: number; rtl: boolean };

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG = /\p{L}/u;
/** Joiners, variation selectors and soft hyphens: no glyph of their own, they ride with their cluster. */
const isIgnorable = (cp: number) =>
  cp === 0x200c || cp === 0x200d || cp === 0xad || (cp >= 0xfe00 && cp <= 0xfe0f);
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

let winAnsi: Set<number> | null = null;

/** The code points of WinAnsi, the encoding of the standard fonts. */
function winAnsiCodePoints(): Set<number> {
  // (pdf-lib types the font name with its standard-fonts package's own enum, of the same strings.)
  const helvetica = StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0];
  winAnsi ??= new Set(StandardFontEmbedder.for(helvetica).encoding.supportedCodePoints);
  return winAnsi;
}

/**
 * True when every character of `text` (whitespace aside) is in WinAnsi, the encoding of the
 * standard PDF fonts: such text can be drawn in Helvetica & co. without embedding a font.
 */
export function isWinAnsiText(text: string): boolean {
  const ansi = winAnsiCodePoints();
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (!ansi.has(cp) && !/\s/u.test(char)) return false;
  }
  return true;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SPACES = /( +)/;
const ASCII_LETTER = /[A-Za-z]/;
const asciiCoverage = new WeakMap<LoadedFont, boolean>();

/** True when the source has a glyph for every printable ASCII character (the standard fonts do). */
function coversPrintableAscii(source: FaceSource): boolean {
  if (source.kind === 'standard') return true;
  let covers = asciiCoverage.get(source.loaded);
  if (covers === undefined) {
    covers = true;
    for (let cp = 0x20; cp <= 0x7e && covers; cp++) covers = source.loaded.font.hasGlyphForCodePoint(cp);
    asciiCoverage.set(source.loaded, covers);
  }
  return covers;
}

function sourceCovers(source: FaceSource, codePoint: number, ansi: Set<number>): boolean {
  return source.kind === 'standard'
    ? ansi.has(codePoint)
    : source.loaded.font.hasGlyphForCodePoint(codePoint);
}

const STANDARD_WIDTHS_CACHED = 20_000;
const standardWidths = new Map<StandardFonts, Map<string, number>>();

/**
 * Widths in the standard fonts (fixed metrics), cached per process: the certificate's labels and
 * the same values come back in every document, and pdf-lib measures glyph by glyph with kerning.
 */
function standardWidth(font: StandardFonts, text: string, measure: () => number): number {
  let widths = standardWidths.get(font);
  if (!widths) {
    widths = new Map();
    standardWidths.set(font, widths);
  }
  let width = widths.get(text);
  if (width === undefined) {
    width = measure();
    if (widths.size >= STANDARD_WIDTHS_CACHED) widths.delete(widths.keys().next().value!);
    widths.set(text, width);
  }
  return width;
}

const winAnsiStrings = new Map<string, string>();

/**
 * Text in the standard fonts' WinAnsi encoding as a hex string (all three families share it),
 * cached per process like the widths.
 */
function winAnsiString(text: string, encode: () => string): string {
  let encoded = winAnsiStrings.get(text);
  if (encoded === undefined) {
    encoded = encode();
    if (winAnsiStrings.size >= STANDARD_WIDTHS_CACHED)
      winAnsiStrings.delete(winAnsiStrings.keys().next().value!);
    winAnsiStrings.set(text, encoded);
  }
  return encoded;
}

/** Text drawing for one PDF document: fonts are embedded (subset) once, on first use. */
export class PdfText {
  private readonly faces = new Map<string, Promise<Face>>();
  private readonly shapes = new Map<string, Promise<ShapedText>>();
  /** The faces embedded so far, to skip an await on the common path. */
  private readonly ready = new Map<string, Face>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(sharedFontkit);
  }

  /** Splits `text` into measured words, each piece in a font that has its glyphs. */
  shape(text: string, style: TextStyle): Promise<ShapedText> {
    // The same strings come back within a document (labels, dates, names in the certificate):
    // shaped once. Shaped text is never changed after it is made.
    const key = `${style.family}\u0000${style.weight ?? 'regular'}\u0000${text}`;
    let shaped = this.shapes.get(key);
    if (!shaped) {
      shaped = this.shapeText(text, style);
      this.shapes.set(key, shaped);
    }
    return shaped;
  }

  private async shapeText(text: string, style: TextStyle): Promise<ShapedText> {
    const ansi = winAnsiCodePoints();
    const weight = style.weight ?? 'regular';
    const primary = this.primarySource(style.family, weight);
    const clean = text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ');
    // Fast path (labels, dates, most values): printable ASCII in a font that has all of it: one
    // piece per word, no segmentation, no fallback.
    if (PRINTABLE_ASCII.test(clean) && coversPrintableAscii(primary)) {
      const face = this.ready.get(primary.id) ?? (await this.face(primary));
      const words: Word[] = [];
      for (const token of clean.split(SPACES)) {
        if (token === '') continue;
        const width = face.measure(token);
        const space = token.charCodeAt(0) === 0x20;
        const dir = !space && ASCII_LETTER.test(token) ? 'ltr' : 'neutral';
        words.push({ pieces: [{ text: token, face, width }], width, space, dir });
      }
      return { paragraphs: [words], ascent: face.ascent, descent: face.descent };
    }
    const paragraphs: { text: string; source: FaceSource; space: boolean }[][][] = [];
    for (const paragraph of clean.split('\n')) {
      const words: { text: string; source: FaceSource; space: boolean }[][] = [];
      for (const token of paragraph.split(/(\s+)/u)) {
        if (token === '') continue;
        const space = /^\s+$/u.test(token);
        // Fast path (most text): printable ASCII the requested font has.
        if (
          /^[\x20-\x7e]+$/.test(token) &&
          [...token].every((c) => sourceCovers(primary, c.charCodeAt(0), ansi))
        ) {
          words.push([{ text: token, source: primary, space }]);
          continue;
        }
        const pieces: { text: string; source: FaceSource; space: boolean }[] = [];
        let current: FaceSource | null = null;
        for (const { segment } of graphemes.segment(space ? ' '.repeat(token.length) : token)) {
          const codePoints = [...segment].map((c) => c.codePointAt(0)!).filter((cp) => !isIgnorable(cp));
          if (codePoints.length === 0) {
            if (pieces.length > 0) pieces.at(-1)!.text += segment;
            continue;
          }
          const coversAll = (s: FaceSource) => codePoints.every((cp) => sourceCovers(s, cp, ansi));
          let source: FaceSource;
          let piece = segment;
          if (current && coversAll(current)) source = current;
          else if (coversAll(primary)) source = primary;
          else {
            const fallback = fallbackFontFor(codePoints[0]!);
            const loaded = fallback ? loadFont(withWeight(fallback, weight)) : null;
            if (loaded) source = { id: loaded.id, kind: 'file', loaded };
            else if (primary.kind === 'file') source = primary;
            else {
              source = primary;
              piece = '?';
            }
            // A cluster must not mix strings the chosen font lacks into a standard font.
            if (source.kind === 'standard' && !coversAll(source)) piece = '?';
          }
          if (current?.id === source.id && pieces.length > 0) pieces.at(-1)!.text += piece;
          else pieces.push({ text: piece, source, space });
          current = source;
        }
        if (pieces.length > 0) words.push(pieces);
      }
      paragraphs.push(words);
    }
    const primaryFace = await this.face(primary);
    const shaped: ShapedText = { paragraphs: [], ascent: primaryFace.ascent, descent: primaryFace.descent };
    for (const words of paragraphs) {
      const measured: Word[] = [];
      for (const raw of words) {
        const pieces: Piece[] = [];
        for (const p of raw) {
          const face = await this.face(p.source);
          pieces.push({ text: p.text, face, width: face.measure(p.text) });
          shaped.ascent = Math.max(shaped.ascent, face.ascent);
          shaped.descent = Math.min(shaped.descent, face.descent);
        }
        const text = raw.map((p) => p.text).join('');
        measured.push({
          pieces,
          width: pieces.reduce((sum, p) => sum + p.width, 0),
          space: raw[0]?.space ?? false,
          dir: RTL.test(text) ? 'rtl' : STRONG.test(text) ? 'ltr' : 'neutral',
        });
      }
      shaped.paragraphs.push(measured);
    }
    return shaped;
  }

  private primarySource(family: FontFamily, weight: Weight): FaceSource {
    const noto = NOTO_FILES[family];
    if (noto) {
      const loaded =
        loadFont(withWeight(noto, weight)) ?? loadFont(withWeight('NotoSans-Regular.ttf', weight));
      if (loaded) return { id: loaded.id, kind: 'file', loaded };
    }
    const standard = STANDARD[family] ?? STANDARD.Helvetica!;
    const name = weight === 'bold' ? standard.bold : standard.regular;
    return { id: `std:${name}`, kind: 'standard', name };
  }

  private face(source: FaceSource): Promise<Face> {
    let face = this.faces.get(source.id);
    if (!face) {
      face = this.embed(source).then((embedded) => {
        this.ready.set(source.id, embedded);
        return embedded;
      });
      this.faces.set(source.id, face);
    }
    return face;
  }

  private async embed(source: FaceSource): Promise<Face> {
    if (source.kind === 'standard') {
      const pdfFont = this.doc.embedStandardFont(source.name);
      const courier = source.name.startsWith('Courier');
      return {
        id: source.id,
        ascent: courier ? 0.63 : 0.72,
        descent: courier ? -0.16 : -0.21,
        measure: (t) => standardWidth(source.name, t, () => pdfFont.widthOfTextAtSize(t, 1)),
        pdfFont,
        encode: (t) => winAnsiString(t, () => pdfFont.encodeText(t).toString()),
        outlines: null,
      };
    }
    const { font } = source.loaded;
    const unitsPerEm = font.unitsPerEm || 1000;
    const metrics = { ascent: font.ascent / unitsPerEm, descent: font.descent / unitsPerEm };
    if (source.loaded.outlines) {
      return {
        id: source.id,
        ...metrics,
        measure: (t) => font.layout(t).advanceWidth / unitsPerEm,
        pdfFont: null,
        encode: () => '<>',
        outlines: font,
      };
    }
    // A subset's name carries a six-letter tag (ISO 32000 9.6.4), derived from the font so that
    // the output stays reproducible.
    const tag = [...createHash('sha256').update(source.id).digest()]
      .slice(0, 6)
      .map((b) => String.fromCharCode(65 + (b % 26)))
      .join('');
    const postscriptName = (font.postscriptName || 'Font').replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, '');
    const pdfFont = await this.doc.embedFont(source.loaded.bytes, {
      subset: true,
      customName: `${tag}+${postscriptName}`,
    });
    return {
      id: source.id,
      ...metrics,
      measure: (t) => pdfFont.widthOfTextAtSize(t, 1),
      pdfFont,
      encode: (t) => pdfFont.encodeText(t).toString(),
      outlines: null,
    };
  }
}

/** Line height per unit of font size. */
export function lineHeightOf(shaped: ShapedText): number {
  return Math.min(1.6, Math.max(1.2, shaped.ascent - shaped.descent));
}

/**
 * Greedy line breaking at `maxWidth` (points) for `size`; words wider than a line are broken
 * between graphemes. `wrap: false` keeps everything on one line (paragraphs joined by a space).
 */
export function layoutLines(shaped: ShapedText, size: number, maxWidth: number, wrap = true): TextLine[] {
  const limit = maxWidth / size;
  const lines: TextLine[] = [];
  const paragraphs = wrap ? shaped.paragraphs : [joinParagraphs(shaped.paragraphs)];
  for (const words of paragraphs) {
    let line: Word[] = [];
    let width = 0;
    const flush = () => {
      while (line.length > 0 && line.at(-1)!.space) width -= line.pop()!.width;
      lines.push(finishLine(line, width));
      line = [];
      width = 0;
    };
    for (const word of words) {
      if (word.space && line.length === 0 && lines.length > 0 && wrap) continue;
      if (!wrap || width + word.width <= limit || (line.length === 0 && word.width <= limit)) {
        line.push(word);
        width += word.width;
        continue;
      }
      if (word.space) {
        flush();
        continue;
      }
      if (line.length > 0) flush();
      if (word.width <= limit) {
        line.push(word);
        width += word.width;
        continue;
      }
      for (const part of splitWord(word, limit)) {
        if (line.length > 0) flush();
        line.push(part);
        width += part.width;
      }
    }
    flush();
  }
  return lines;
}

function joinParagraphs(paragraphs: Word[][]): Word[] {
  const joined: Word[] = [];
  paragraphs.forEach((words, i) => {
    if (i > 0 && words.length > 0 && joined.length > 0) {
      const first = joined.find((w) => !w.space)?.pieces[0];
      if (first) {
        const width = first.face.measure(' ');
        joined.push({ pieces: [{ text: ' ', face: first.face, width }], width, space: true, dir: 'neutral' });
      }
    }
    joined.push(...words);
  });
  return joined;
}

/** Breaks an over-long word into parts of at most `limit` (at size 1), between graphemes. */
function splitWord(word: Word, limit: number): Word[] {
  const parts: Word[] = [];
  let pieces: Piece[] = [];
  let width = 0;
  for (const piece of word.pieces) {
    for (const { segment } of graphemes.segment(piece.text)) {
      const w = piece.face.measure(segment);
      if (width + w > limit && width > 0) {
        parts.push({ pieces, width, space: false, dir: word.dir });
        pieces = [];
        width = 0;
      }
      const last = pieces.at(-1);
      if (last && last.face === piece.face) {
        last.text += segment;
        last.width += w;
      } else pieces.push({ text: segment, face: piece.face, width: w });
      width += w;
    }
  }
  if (pieces.length > 0) parts.push({ pieces, width, space: false, dir: word.dir });
  return parts;
}

/** Resolves word directions and puts the words in visual (left-to-right drawing) order. */
function finishLine(words: Word[], width: number): TextLine {
  const strong = words.find((w) => w.dir !== 'neutral');
  const base: 'ltr' | 'rtl' = strong?.dir === 'rtl' ? 'rtl' : 'ltr';
  const resolved = words.map((word, i) => {
    if (word.dir !== 'neutral') return word.dir;
    const before = words
      .slice(0, i)
      .reverse()
      .find((w) => w.dir !== 'neutral')?.dir;
    const after = words.slice(i + 1).find((w) => w.dir !== 'neutral')?.dir;
    return before && before === after ? before : base;
  });
  // Runs of the non-base direction keep their internal order reversed relative to the base.
  const runs: { dir: 'ltr' | 'rtl'; words: Word[] }[] = [];
  words.forEach((word, i) => {
    const dir = resolved[i] as 'ltr' | 'rtl';
    const last = runs.at(-1);
    if (last && last.dir === dir) last.words.push(word);
    else runs.push({ dir, words: [word] });
  });
  if (base === 'rtl') runs.reverse();
  const visual = runs.flatMap((run) => (run.dir === 'rtl' ? [...run.words].reverse() : run.words));
  return { words: visual, width, rtl: base === 'rtl' };
}

export type FittedText = { size: number; lines: TextLine[]; lineHeight: number };

/**
 * The largest size from `size` down to `minSize` at which the text fits `width` x `height`
 * (wrapping when the box has room for two lines or more); at `minSize` it may still overflow,
 * and the caller clips.
 */
export function fitText(
  shaped: ShapedText,
  box: { width: number; height: number },
  size: number,
  minSize = 4,
): FittedText {
  const lineHeight = lineHeightOf(shaped);
  let current = Math.min(size, box.height / lineHeight);
  for (;;) {
    const wrap = box.height >= 2 * lineHeight * current;
    const lines = layoutLines(shaped, current, box.width, wrap);
    const widest = Math.max(0, ...lines.map((l) => l.width)) * current;
    const tall = lines.length * lineHeight * current;
    if ((widest <= box.width + 0.01 && tall <= box.height + 0.01) || current <= minSize) {
      return { size: Math.max(current, Math.min(minSize, size)), lines, lineHeight };
    }
    current = Math.max(minSize, Math.round((current * 0.92 - 0.05) * 100) / 100);
  }
}

export type DrawTextOptions = {
  /** Left edge and top of the first line, in the page's current coordinate system (y up). */
  x: number;
  top: number;
  width: number;
  size: number;
  lineHeight: number;
  color?: RGB;
  align?: 'left' | 'center' | 'right' | 'auto';
};

/**
 * The content-stream text that draws laid-out lines (`align: 'auto'` is left for left-to-right
 * lines, right for right-to-left): one `q ... Q` with the colour for the whole
 * block, text runs in `BT ... ET` (one `Tm` + `Tj` each, `Tf` when the font changes), outline
 * runs (CJK) as filled paths in between. Empty when there is nothing to draw.
 */
export function textContent(
  page: PDFPage,
  shaped: ShapedText,
  lines: TextLine[],
  options: DrawTextOptions,
): string {
  const color = options.color ?? rgb(0, 0, 0);
  const { size } = options;
  const leading = options.lineHeight * size;
  const contentHeight = (shaped.ascent - shaped.descent) * size;
  const firstBaseline = options.top - (leading - contentHeight) / 2 - shaped.ascent * size;
  let out = '';
  let inText = false;
  let currentFont: PDFFont | null = null;
  lines.forEach((line, index) => {
    const align =
      options.align === 'auto' || options.align === undefined ? (line.rtl ? 'right' : 'left') : options.align;
    const lineWidth = line.width * size;
    let x =
      align === 'left'
        ? options.x
        : align === 'right'
          ? options.x + options.width - lineWidth
          : options.x + (options.width - lineWidth) / 2;
    const y = firstBaseline - index * leading;
    for (const piece of mergePieces(line.words)) {
      // As pdf-lib's drawText: tabs and line separators are spaces, backspace and vertical tab go.
      const text = CONTROL.test(piece.text)
        ? piece.text.replace(/\t|\u0085|\u2028|\u2029/g, '    ').replace(/[\b\v]/g, '')
        : piece.text;
      const font = piece.face.pdfFont;
      if (text.trim() === '') {
        // nothing to draw
      } else if (font) {
        if (!inText) {
          out += 'BT\n';
          inText = true;
          currentFont = null;
        }
        if (currentFont !== font) {
          out += `${fontName(page, font).toString()} ${num(size)} Tf\n`;
          currentFont = font;
        }
        out += `1 0 0 1 ${num(x)} ${num(y)} Tm\n${piece.face.encode(text)} Tj\n`;
      } else if (piece.face.outlines) {
        if (inText) {
          out += 'ET\n';
          inText = false;
        }
        out += outlinePaths(piece.face.outlines, text, x, y, size);
      }
      x += piece.width * size;
    }
  });
  if (out === '') return '';
  return `q\n${rgbColor(color, 'rg')}\n${out}${inText ? 'ET\n' : ''}Q`;
}

const CONTROL = /[\t\b\v\u0085\u2028\u2029]/;

/** Adjacent left-to-right pieces in one face are drawn as one string (fewer operators). */
function mergePieces(words: Word[]): Piece[] {
  const merged: Piece[] = [];
  let lastRtl = false;
  for (const word of words) {
    const rtl = word.dir === 'rtl';
    for (const piece of word.pieces) {
      const last = merged.at(-1);
      if (last && last.face === piece.face && !rtl && !lastRtl) {
        last.text += piece.text;
        last.width += piece.width;
      } else merged.push({ ...piece });
      lastRtl = rtl;
    }
  }
  return merged;
}

/** A run in a font drawn as vector outlines (filled in the current colour), as content text. */
function outlinePaths(font: FontkitFont, text: string, x: number, y: number, size: number): string {
  const scale = size / (font.unitsPerEm || 1000);
  const run = font.layout(text);
  let out = '';
  let penX = x;
  let penY = y;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const ox = penX + (position?.xOffset ?? 0) * scale;
    const oy = penY + (position?.yOffset ?? 0) * scale;
    const px = (v: number | undefined) => num(ox + (v ?? 0) * scale);
    const py = (v: number | undefined) => num(oy + (v ?? 0) * scale);
    let cx = 0;
    let cy = 0;
    const { commands } = glyph.path as unknown as { commands: { command: string; args: number[] }[] };
    for (const { command, args } of commands) {
      if (command === 'moveTo') {
        out += `${px(args[0])} ${py(args[1])} m\n`;
        [cx, cy] = [args[0] ?? 0, args[1] ?? 0];
      } else if (command === 'lineTo') {
        out += `${px(args[0])} ${py(args[1])} l\n`;
        [cx, cy] = [args[0] ?? 0, args[1] ?? 0];
      } else if (command === 'bezierCurveTo') {
        out += `${px(args[0])} ${py(args[1])} ${px(args[2])} ${py(args[3])} ${px(args[4])} ${py(args[5])} c\n`;
        [cx, cy] = [args[4] ?? 0, args[5] ?? 0];
      } else if (command === 'quadraticCurveTo') {
        // The quadratic's control point raised to the two of a cubic.
        const [qx, qy, ex, ey] = [args[0] ?? 0, args[1] ?? 0, args[2] ?? 0, args[3] ?? 0];
        out +=
          `${px(cx + (2 / 3) * (qx - cx))} ${py(cy + (2 / 3) * (qy - cy))} ` +
          `${px(ex + (2 / 3) * (qx - ex))} ${py(ey + (2 / 3) * (qy - ey))} ${px(ex)} ${py(ey)} c\n`;
        [cx, cy] = [ex, ey];
      } else if (command === 'closePath') out += 'h\n';
    }
    penX += (position?.xAdvance ?? glyph.advanceWidth) * scale;
    penY += (position?.yAdvance ?? 0) * scale;
  });
  return out === '' ? '' : `${out}f\n`;
}
