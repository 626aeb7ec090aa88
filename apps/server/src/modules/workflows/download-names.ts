/*
 * File names inside the packet ZIP and of the ZIP itself: safe on every OS (no `/ \ : * ? " < > |`,
 * no control characters, no trailing dot or space, no reserved Windows device name), short enough
 * for every file system, and unique within the archive without regard to case.
 */

const FORBIDDEN = /[/\\:*?"<>|\p{Cc}\u2028\u2029]/gu;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** Characters of a base name (before the extension); long names are cut on a code point. */
const MAX_BASE = 120;

/** `name` made safe as one path segment (never empty: `fallback` when nothing is left). */
export function safeFileName(name: string, fallback = 'file'): string {
  let clean = name
    // Lone surrogates would not encode.
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(FORBIDDEN, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  if (clean === '' || /^[._ ]+$/.test(clean)) clean = fallback;
  if (RESERVED.test(clean)) clean = `_${clean}`;
  return [...clean].slice(0, MAX_BASE).join('').trim();
}

/** The extension of a stored file (`.pdf`), from its name, else its type; '' when neither says. */
export function extensionOf(name: string, mimeType: string | null | undefined): string {
  const fromName = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1];
  if (fromName) return `.${fromName.toLowerCase()}`;
  const byType: Record<string, string> = {
    'application/pdf': '.pdf',
    'image/png': '.png',
    'image/jpeg': '.jpg',
    'image/gif': '.gif',
    'image/webp': '.webp',
  };
  return byType[mimeType ?? ''] ?? '';
}

/** Names handed out once each: a second `Lease.pdf` becomes `Lease (2).pdf` (case ignored). */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(base: string, extension: string): string {
    for (let n = 1; ; n++) {
      const name = `${n === 1 ? base : `${base} (${n})`}${extension}`;
      const key = name.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return name;
      }
    }
  }
}

/** `01`, `02`... as wide as the count needs (at least two digits). */
export const stepNumber = (position: number, count: number): string =>
  String(position).padStart(Math.max(2, String(count).length), '0');
