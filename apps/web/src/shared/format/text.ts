export const ELLIPSIS = '...';

/**
 * Shortens `text` to at most `maxLength` characters, ending with '...' when cut. Counts
 * characters, not UTF-16 units, so an emoji is never split. A limit shorter than the ellipsis
 * gives a cut of the ellipsis itself; a limit below 1 gives ''.
 */
export function truncateText(
  text: string | null | undefined,
  maxLength: number,
  ellipsis: string = ELLIPSIS,
): string {
  const chars = Array.from(text ?? '');
  if (!Number.isFinite(maxLength) || maxLength < 1) return '';
  const limit = Math.floor(maxLength);
  if (chars.length <= limit) return chars.join('');
  if (limit <= ellipsis.length) return ellipsis.slice(0, limit);
  return (
    chars
      .slice(0, limit - ellipsis.length)
      .join('')
      .trimEnd() + ellipsis
  );
}

/** Joins the non-empty items with ', ' (or `separator`), skipping null, undefined and blanks. */
export function joinList(
  items: ReadonlyArray<string | number | null | undefined> | null | undefined,
  separator = ', ',
): string {
  if (!items) return '';
  return items
    .map((item) => (item === null || item === undefined ? '' : String(item).trim()))
    .filter(Boolean)
    .join(separator);
}
