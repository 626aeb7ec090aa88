/**
 * Colour contrast (WCAG 2.x) for the company's branding: the server checks saved colours with it,
 * the web app picks button text and warns with it, mails pick their link and button text with it.
 * No zod: the web app's first script carries it (the theme).
 */

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Text on a colour when black reads better than white (pure black: the one that always reaches 4.5:1). */
export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

/** A full `#rrggbb` colour. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` (hash optional) as 0-255 channels; null for anything else. */
export function hexToRgb(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  let digits = match[1] ?? '';
  if (digits.length === 3) digits = digits.replace(/./g, (c) => c + c);
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function channel(value: number): number {
  const s = value / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance, 0 (black) to 1 (white); null for a value that is not a hex colour. */
export function relativeLuminance(hex: string): number | null {
  const rgb = hexToRgb(hex);
  if (!rgb) return null;
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/** The contrast ratio of two colours, 1 to 21 (rounded down to 2 decimals); null if either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const ratio = (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  return Math.floor(ratio * 100) / 100;
}

/** White or black, whichever reads better on `background` (always at least 4.5:1). */
export function readableTextOn(background: string): string {
  const white = contrastRatio(LIGHT_TEXT, background) ?? 21;
  const black = contrastRatio(DARK_TEXT, background) ?? 0;
  return white >= black ? LIGHT_TEXT : DARK_TEXT;
}

function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => (color[i] ?? 0) + ((target[i] ?? 0) - (color[i] ?? 0)) * amount) as Rgb;
}

/**
 * The colour nearest to `foreground` (same hue, mixed towards black or white in steps of 1%) that
 * reaches `min` against `background`: darker on a light background, lighter on a dark one (the
 * other way when that direction cannot reach it). `foreground` itself when it already does.
 */
export function adjustForContrast(foreground: string, background: string, min = MIN_TEXT_CONTRAST): string {
  const fg = hexToRgb(foreground);
  const bg = hexToRgb(background);
  if (!fg || !bg) return foreground;
  const start = rgbToHex(fg);
  if ((contrastRatio(start, background) ?? 0) >= min) return start;
  const bgIsLight = (relativeLuminance(background) ?? 0) > 0.179;
  const towards: Rgb[] = bgIsLight
    ? [
        [0, 0, 0],
        [255, 255, 255],
      ]
    : [
        [255, 255, 255],
        [0, 0, 0],
      ];
  for (const target of towards) {
    for (let step = 1; step <= 100; step += 1) {
      const candidate = rgbToHex(mix(fg, target, step / 100));
      if ((contrastRatio(candidate, background) ?? 0) >= min) return candidate;
    }
  }
  return readableTextOn(background);
}

/**
 * The other way round: the background nearest to `background` on which `text` reaches `min` (a
 * primary colour darkened until white button text reads on it).
 */
export function adjustBackgroundFor(text: string, background: string, min = MIN_TEXT_CONTRAST): string {
  return adjustForContrast(background, text, min);
}

/** The white of a mail's body, where links stand. */
export const MAIL_BACKGROUND = '#ffffff';

/** Links in mails: the company's link colour, else its primary darkened until it reads on white. */
export function mailLinkColour(branding: { primary_color: string; link_color?: string | undefined }): string {
  const own = branding.link_color?.trim();
  if (own && HEX_COLOUR_PATTERN.test(own)) return own;
  return adjustForContrast(branding.primary_color, MAIL_BACKGROUND);
}

/** A colour pair of the branding whose text must read on its background. */
export type TContrastIssue = {
  /** The branding field to change (the text colour of the pair). */
  key: 'dialog_header_text_color' | 'link_color';
  ratio: number;
  /** The nearest colour that reaches 4.5:1. */
  suggestion: string;
  message: string;
};

/**
 * The pairs of a branding whose text does not reach 4.5:1: dialog header text on the dialog
 * header, the mail link colour on white. Text on the primary and secondary colours is never an
 * issue: it is chosen (`readableTextOn`). Colours that are not `#rrggbb` are left to validation.
 */
export function brandingContrastIssues(branding: {
  dialog_header_color: string;
  dialog_header_text_color: string;
  link_color?: string | undefined;
}): TContrastIssue[] {
  const issues: TContrastIssue[] = [];
  const check = (key: TContrastIssue['key'], text: string, background: string, what: string) => {
    const ratio = contrastRatio(text, background);
    if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return;
    const suggestion = adjustForContrast(text, background);
    issues.push({
      key,
      ratio,
      suggestion,
      message: `${what} is ${ratio.toFixed(2)}:1, below the 4.5:1 that makes text readable; ${suggestion} is the nearest colour that is`,
    });
  };
  check(
    'dialog_header_text_color',
    branding.dialog_header_text_color,
    branding.dialog_header_color,
    'Dialog header text on its background',
  );
  if (branding.link_color?.trim())
    check('link_color', branding.link_color, MAIL_BACKGROUND, 'The link colour on white');
  return issues;
}
