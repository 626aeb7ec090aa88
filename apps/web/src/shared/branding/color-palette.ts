/** Ten shades, lightest first, as Mantine expects for `theme.colors[name]`. */
export type Palette = [string, string, string, string, string, string, string, string, string, string];

/** Index of the given colour in the generated palette (Mantine's `primaryShade`). */
export const BASE_SHADE = 6 as const;

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  let digits = match[1] ?? '';
  if (digits.length === 3) digits = digits.replace(/./g, (c) => c + c);
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => (color[i] ?? 0) + ((target[i] ?? 0) - (color[i] ?? 0)) * amount) as Rgb;
}

/** How much white is mixed in for shades 0..5 and black for 7..9; shade 6 is the colour itself. */
const TINTS = [0.92, 0.8, 0.64, 0.46, 0.3, 0.14];
const SHADES = [0.12, 0.24, 0.36];

/**
 * A 10-shade palette around a brand colour: tints towards white, the colour itself at shade 6
 * and shades towards black. Invalid input gives a neutral grey palette rather than throwing, so
 * a bad company setting cannot break the app.
 */
export function generatePalette(hex: string): Palette {
  const base = parseHex(hex) ?? ([134, 142, 150] as Rgb);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  return [
    ...TINTS.map((amount) => toHex(mix(base, white, amount))),
    toHex(base),
    ...SHADES.map((amount) => toHex(mix(base, black, amount))),
  ] as Palette;
}

/** Relative luminance (WCAG) of a hex colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
