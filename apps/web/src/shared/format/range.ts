function toCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * '1-5 of 20' for page 1 (1-based) of 5 rows in 20. The last page shows its real end
 * ('16-18 of 18'), a page past the end is clamped to the last page, and an empty list gives
 * '0 of 0'.
 */
export function formatPageRange(page: number, limit: number, total: number): string {
  const count = toCount(total);
  const size = toCount(limit);
  if (count === 0 || size === 0) return `0 of ${count}`;
  const lastPage = Math.ceil(count / size);
  const current = Math.min(Math.max(toCount(page), 1), lastPage);
  const start = (current - 1) * size + 1;
  const end = Math.min(current * size, count);
  return `${start}-${end} of ${count}`;
}

/**
 * A numeric range: '1-5'; one value when both ends are equal; '≥ 1' or '≤ 5' with one open
 * end; '' with none. Ends given in the wrong order are swapped.
 */
export function formatNumberRange(
  min: number | null | undefined,
  max: number | null | undefined,
  format: (n: number) => string = String,
): string {
  const hasMin = typeof min === 'number' && Number.isFinite(min);
  const hasMax = typeof max === 'number' && Number.isFinite(max);
  if (hasMin && hasMax) {
    const low = Math.min(min, max);
    const high = Math.max(min, max);
    return low === high ? format(low) : `${format(low)}-${format(high)}`;
  }
  if (hasMin) return `≥ ${format(min)}`;
  if (hasMax) return `≤ ${format(max)}`;
  return '';
}
