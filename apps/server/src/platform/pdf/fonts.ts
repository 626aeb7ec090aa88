import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkitModule from '@pdf-lib/fontkit';

/*
 * Font files for stamping and the certificate: Noto fonts from the system (Debian's fonts-noto*
 * packages), found by file name, parsed once per process and picked by Unicode script.
 */

// @pdf-lib/fontkit's Indic/Universal shapers (Devanagari, Bengali, Tamil...) were compiled with
// Babel's regenerator and call a global `regeneratorRuntime` that nothing provides. Its only use is
// one generator (dfa's StateMachine.match, whose compiled body yields with `_context.next = n;
// return value` and ends with `return _context.stop()`); this is the minimal runtime that drives it.
type RegeneratorContext = { prev: number; next: number | string; sent: unknown; stop: () => undefined };
const globals = globalThis as { regeneratorRuntime?: unknown };
if (globals.regeneratorRuntime === undefined) {
  globals.regeneratorRuntime = {
    mark: <T>(fn: T): T => fn,
    wrap: (inner: (context: RegeneratorContext) => unknown) => {
      let done = false;
      const context: RegeneratorContext = {
        prev: 0,
        next: 0,
        sent: undefined,
        stop: () => {
          done = true;
          return undefined;
        },
      };
      const iterator = {
        next: () => {
          if (done) return { done: true, value: undefined };
          const value = inner(context);
          return done ? { done: true, value: undefined } : { done: false, value };
        },
        [Symbol.iterator]: () => iterator,
      };
      return iterator;
    },
  };
}

export type FontkitFont = fontkitModule.Font;

// The package's types declare named exports; at run time (CommonJS) everything is on the default.
type Fontkit = { create: (bytes: Uint8Array, postscriptName?: string) => FontkitFont };
export const fontkit: Fontkit =
  (fontkitModule as unknown as { default?: Fontkit }).default ?? (fontkitModule as unknown as Fontkit);

const FONT_DIRS = [
  '/usr/share/fonts/truetype/noto',
  '/usr/share/fonts/opentype/noto',
  '/usr/share/fonts/noto',
  '/usr/share/fonts/noto-cjk',
  '/usr/share/fonts/google-noto',
  '/usr/share/fonts/google-noto-cjk',
  '/usr/local/share/fonts/noto',
];

let fontDirs = FONT_DIRS;
const fileCache = new Map<string, string | null>();
const fontCache = new Map<string, LoadedFont | null>();

/** Tests point the lookup elsewhere (or nowhere, to exercise the no-fonts path). */
export function setFontDirectories(dirs: string[] | null): void {
  fontDirs = dirs ?? FONT_DIRS;
  fileCache.clear();
  fontCache.clear();
  fallbackCache.clear();
  allFilesCache = null;
}

function findFile(fileName: string): string | null {
  const cached = fileCache.get(fileName);
  if (cached !== undefined) return cached;
  const found = fontDirs.map((dir) => path.join(dir, fileName)).find((p) => existsSync(p)) ?? null;
  fileCache.set(fileName, found);
  return found;
}

/**
 * A font a face can be built from. `id` is `<file name>` or `<collection file>#<postscript name>`
 * for one font of a TrueType/OpenType collection (the CJK fonts ship as `.ttc`).
 */
export type LoadedFont = {
  id: string;
  bytes: Uint8Array;
  font: FontkitFont;
  /**
   * CFF outlines (the CJK fonts): pdf-lib cannot subset CID-keyed CFF correctly (poppler rejects
   * the result), so such text is drawn as vector outlines instead of embedded.
   */
  outlines: boolean;
};

/** The font with this id, parsed once per process; null when the system does not have it. */
export function loadFont(id: string): LoadedFont | null {
  const cached = fontCache.get(id);
  if (cached !== undefined) return cached;
  let loaded: LoadedFont | null = null;
  try {
    const [fileName = '', postscriptName] = id.split('#');
    const file = findFile(fileName);
    if (file) {
      const raw = readFileSync(file);
      const bytes = postscriptName ? extractFromCollection(raw, postscriptName) : new Uint8Array(raw);
      if (bytes) {
        const font = fontkit.create(bytes);
        const tables = (font as unknown as { directory?: { tables?: object } }).directory?.tables;
        if (tables && !('fonts' in font)) {
          memoizeLayout(font);
          loaded = { id, bytes, font, outlines: 'CFF ' in tables };
          sharedFonts.set(bytes, font);
        }
      }
    }
  } catch {
    loaded = null;
  }
  fontCache.set(id, loaded);
  return loaded;
}

const sharedFonts = new WeakMap<Uint8Array, FontkitFont>();

/**
 * What `PDFDocument.registerFontkit` gets: for the bytes of a font loaded here it hands back the
 * process's parsed font (with its glyph and layout caches) instead of parsing it again per document.
 * Sharing is safe: pdf-lib only reads from it and creates a subset per document.
 */
export const sharedFontkit: Fontkit = {
  create: (bytes, postscriptName) => sharedFonts.get(bytes) ?? fontkit.create(bytes, postscriptName),
};

const LAYOUT_CACHE_SIZE = 5_000;

/**
 * Shaping (GSUB/GPOS) is most of the cost of drawing text, and the same strings come back for
 * measuring and drawing, and across documents: cache the default-feature layout of each string.
 */
function memoizeLayout(font: FontkitFont): void {
  const layout = font.layout.bind(font);
  const cache = new Map<string, ReturnType<FontkitFont['layout']>>();
  font.layout = ((text: string, features?: unknown, ...rest: unknown[]) => {
    if (features !== undefined || rest.length > 0 || text.length > 200) {
      return (layout as (...args: unknown[]) => ReturnType<FontkitFont['layout']>)(text, features, ...rest);
    }
    let run = cache.get(text);
    if (!run) {
      run = layout(text);
      if (cache.size >= LAYOUT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(text, run);
    }
    return run;
  }) as FontkitFont['layout'];
}

/**
 * One font of a `.ttc` collection as a standalone sfnt: its table directory with the offsets
 * rewritten, followed by copies of its tables.
 */
export function extractFromCollection(collection: Buffer, postscriptName: string): Uint8Array | null {
  if (collection.toString('latin1', 0, 4) !== 'ttcf') return null;
  const parsed = fontkit.create(collection) as unknown as { fonts?: { postscriptName: string }[] };
  const index = parsed.fonts?.findIndex((f) => f.postscriptName === postscriptName) ?? -1;
  if (index < 0) return null;
  const offset = collection.readUInt32BE(12 + 4 * index);
  const numTables = collection.readUInt16BE(offset + 4);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const record = offset + 12 + 16 * i;
    return {
      record,
      checksum: collection.readUInt32BE(record + 4),
      start: collection.readUInt32BE(record + 8),
      length: collection.readUInt32BE(record + 12),
    };
  });
  const headerLength = 12 + 16 * numTables;
  const size = tables.reduce((sum, t) => sum + ((t.length + 3) & ~3), headerLength);
  const out = Buffer.alloc(size);
  collection.copy(out, 0, offset, offset + 12);
  let position = headerLength;
  tables.forEach((t, i) => {
    const record = 12 + 16 * i;
    collection.copy(out, record, t.record, t.record + 8);
    out.writeUInt32BE(position, record + 8);
    out.writeUInt32BE(t.length, record + 12);
    collection.copy(out, position, t.start, t.start + t.length);
    position += (t.length + 3) & ~3;
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

export type Weight = 'regular' | 'bold';

/** The bold sibling of a font id when the system has it, else the id itself. */
export function withWeight(id: string, weight: Weight): string {
  if (weight === 'regular') return id;
  const bold = id.replace(/-Regular(\.ttf|\.otf|\.ttc)/, '-Bold$1').replace(/Regular$/, 'Bold');
  return bold !== id && loadFont(bold) ? bold : id;
}

const CJK = {
  jp: 'NotoSansCJK-Regular.ttc#NotoSansCJKjp-Regular',
  kr: 'NotoSansCJK-Regular.ttc#NotoSansCJKkr-Regular',
  sc: 'NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular',
};

/** Fonts to try first for a character of each script. */
const SCRIPT_FONTS: [RegExp, string[]][] = [
  [/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u, ['NotoSans-Regular.ttf']],
  [/\p{Script=Devanagari}/u, ['NotoSansDevanagari-Regular.ttf', 'NotoSerifDevanagari-Regular.ttf']],
  [/\p{Script=Bengali}/u, ['NotoSansBengali-Regular.ttf', 'NotoSerifBengali-Regular.ttf']],
  [/\p{Script=Gurmukhi}/u, ['NotoSansGurmukhi-Regular.ttf']],
  [/\p{Script=Gujarati}/u, ['NotoSansGujarati-Regular.ttf']],
  [/\p{Script=Oriya}/u, ['NotoSansOriya-Regular.ttf']],
  [/\p{Script=Tamil}/u, ['NotoSansTamil-Regular.ttf']],
  [/\p{Script=Telugu}/u, ['NotoSansTelugu-Regular.ttf']],
  [/\p{Script=Kannada}/u, ['NotoSansKannada-Regular.ttf']],
  [/\p{Script=Malayalam}/u, ['NotoSansMalayalam-Regular.ttf']],
  [/\p{Script=Sinhala}/u, ['NotoSansSinhala-Regular.ttf']],
  [/\p{Script=Arabic}/u, ['NotoSansArabic-Regular.ttf', 'NotoNaskhArabic-Regular.ttf']],
  [/\p{Script=Hebrew}/u, ['NotoSansHebrew-Regular.ttf']],
  [/\p{Script=Thai}/u, ['NotoSansThai-Regular.ttf', 'NotoLoopedThai-Regular.ttf']],
  [/\p{Script=Lao}/u, ['NotoSansLao-Regular.ttf']],
  [/\p{Script=Khmer}/u, ['NotoSansKhmer-Regular.ttf']],
  [/\p{Script=Myanmar}/u, ['NotoSansMyanmar-Regular.ttf']],
  [/\p{Script=Georgian}/u, ['NotoSansGeorgian-Regular.ttf']],
  [/\p{Script=Armenian}/u, ['NotoSansArmenian-Regular.ttf']],
  [/\p{Script=Ethiopic}/u, ['NotoSansEthiopic-Regular.ttf']],
  [/\p{Script=Tibetan}/u, ['NotoSerifTibetan-Regular.ttf']],
  [/\p{Script=Hangul}/u, [CJK.kr]],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, [CJK.jp]],
  [/[\p{Script=Han}\p{Script=Bopomofo}]/u, [CJK.sc]],
];

const GENERAL_FALLBACKS = [
  'NotoSans-Regular.ttf',
  'NotoSansSymbols2-Regular.ttf',
  'NotoSansSymbols-Regular.ttf',
  'NotoSansMath-Regular.ttf',
  CJK.sc,
];

let allFilesCache: { id: string; codePoints: Set<number> }[] | null = null;

/**
 * Every regular-weight Noto font on the system with the code points it covers, for scripts the
 * tables above do not name. Built once (about a second), keeping only the coverage, not the fonts.
 */
function coverageIndex(): { id: string; codePoints: Set<number> }[] {
  if (allFilesCache) return allFilesCache;
  const names = new Set<string>();
  for (const dir of fontDirs) {
    try {
      for (const name of readdirSync(dir)) {
        if (/^Noto.*-Regular\.ttf$/.test(name) && !/Display|Mono|Looped|Unjoined/.test(name)) names.add(name);
      }
    } catch {
      // directory absent
    }
  }
  allFilesCache = [...names].sort().flatMap((id) => {
    try {
      const file = findFile(id);
      if (!file) return [];
      const font = fontkit.create(readFileSync(file));
      return Array.isArray(font.characterSet) ? [{ id, codePoints: new Set(font.characterSet) }] : [];
    } catch {
      return [];
    }
  });
  return allFilesCache;
}

const fallbackCache = new Map<number, string | null>();

/**
 * The regular-weight font that has a glyph for this code point: the script's own fonts first,
 * then general ones, then any Noto font on the system. Null when none has it.
 */
export function fallbackFontFor(codePoint: number): string | null {
  const cached = fallbackCache.get(codePoint);
  if (cached !== undefined) return cached;
  const char = String.fromCodePoint(codePoint);
  const candidates = [
    ...SCRIPT_FONTS.filter(([pattern]) => pattern.test(char)).flatMap(([, ids]) => ids),
    ...GENERAL_FALLBACKS,
  ];
  let found: string | null = null;
  for (const id of candidates) {
    if (loadFont(id)?.font.hasGlyphForCodePoint(codePoint)) {
      found = id;
      break;
    }
  }
  if (!found && /[\p{L}\p{N}\p{S}]/u.test(char)) {
    found = coverageIndex().find((entry) => entry.codePoints.has(codePoint))?.id ?? null;
  }
  fallbackCache.set(codePoint, found);
  return found;
}
