export type PercentageBounds = { min?: number; max?: number };

/**
 * Reads a typed percentage (spec 1 §5): every character except digits and dots is removed, a
 * comma counts as the decimal mark, the value is clamped to [min, max] (0 and 100 by default)
 * and anything non-numeric falls back to the minimum. Only the first decimal mark counts.
 */
export function parsePercentage(
  raw: string | number | null | undefined,
  { min = 0, max = 100 }: PercentageBounds = {},
): number {
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  if (typeof raw === 'number') return Number.isFinite(raw) ? clamp(raw, low, high) : low;
  const cleaned = sanitisePercentageText(raw ?? '');
  const value = Number.parseFloat(cleaned);
  return Number.isFinite(value) ? clamp(value, low, high) : low;
}

/** Digits and at most one dot, with a comma read as the dot. Used while the user types. */
export function sanitisePercentageText(raw: string): string {
  const digitsAndDots = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const firstDot = digitsAndDots.indexOf('.');
  if (firstDot === -1) return digitsAndDots;
  return digitsAndDots.slice(0, firstDot + 1) + digitsAndDots.slice(firstDot + 1).replace(/\./g, '');
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** '12.5%': the value with a trailing percent sign. */
export function formatPercentage(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value}%` : '';
}
