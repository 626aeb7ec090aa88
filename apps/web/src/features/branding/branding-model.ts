import { ZBrandingOverride, type TBranding, type TBrandingOverride } from '@esigns/contracts/branding';
import {
  adjustBackgroundFor,
  brandingContrastIssues,
  contrastRatio,
  LIGHT_TEXT,
  MIN_TEXT_CONTRAST,
  readableTextOn,
} from '@esigns/contracts/contrast';

/** The colours of the branding screen, in its order. */
export const COLOUR_FIELDS = [
  'primary_color',
  'secondary_color',
  'dialog_header_color',
  'dialog_header_text_color',
  'link_color',
] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];
export type BrandingValues = Record<ColourField, string>;

export const COLOUR_LABELS: Record<ColourField, string> = {
  primary_color: 'Primary colour',
  secondary_color: 'Secondary colour',
  dialog_header_color: 'Dialog header background',
  dialog_header_text_color: 'Dialog header text',
  link_color: 'Mail link colour',
};

/** A full `#rrggbb` from what was saved (the spec's defaults are short: `#eee`). */
export function fullHex(value: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value.trim());
  return short
    ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase()
    : value.trim();
}

export function valuesOf(branding: TBranding): BrandingValues {
  return {
    primary_color: fullHex(branding.primary_color),
    secondary_color: fullHex(branding.secondary_color),
    dialog_header_color: fullHex(branding.dialog_header_color),
    dialog_header_text_color: fullHex(branding.dialog_header_text_color),
    link_color: branding.link_color ? fullHex(branding.link_color) : '',
  };
}

/** What differs from the saved branding (case aside): the body of `PATCH /company`'s `branding`. */
export function brandingChanges(values: BrandingValues, saved: TBranding): TBrandingOverride {
  const before = valuesOf(saved);
  const changes: TBrandingOverride = {};
  for (const key of COLOUR_FIELDS) {
    if (values[key].trim().toLowerCase() !== before[key].toLowerCase()) changes[key] = values[key].trim();
  }
  return changes;
}

/** Field errors of the form: not `#rrggbb` (the API's own schema), keyed by field. */
export function colourErrors(values: BrandingValues): Partial<Record<ColourField, string>> {
  const parsed = ZBrandingOverride.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<ColourField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as ColourField;
    errors[key] ??= key === 'link_color' ? 'Use a colour like #1a2b3c, or leave it empty' : issue.message;
  }
  return errors;
}

/** A contrast warning of the form, with the colour its "Adjust" action sets. */
export type ContrastWarning = {
  field: ColourField;
  message: string;
  /** The field's value that fixes it. */
  adjusted: string;
  /** Saving is refused by the server until it is fixed (the company's own pairs). */
  blocking: boolean;
};

const ratioText = (ratio: number | null) => `${(ratio ?? 0).toFixed(2)}:1`;

/**
 * What does not read with these colours: the dialog header text and the mail link colour (the
 * server refuses them: blocking), and white text on the primary or secondary colour (the app then
 * uses black text, so it is readable either way: the warning offers a darker colour that keeps
 * white text). Colours that are not valid yet give no warning.
 */
export function contrastWarnings(values: BrandingValues): ContrastWarning[] {
  const errors = colourErrors(values);
  const warnings: ContrastWarning[] = [];
  for (const field of ['primary_color', 'secondary_color'] as const) {
    if (errors[field]) continue;
    const colour = values[field];
    if (readableTextOn(colour) === LIGHT_TEXT) continue;
    warnings.push({
      field,
      message: `White text is ${ratioText(contrastRatio(LIGHT_TEXT, colour))} on the ${COLOUR_LABELS[field].toLowerCase()} (at least ${MIN_TEXT_CONTRAST}:1 reads): buttons will use black text. Adjust darkens the colour so that white text reads.`,
      adjusted: adjustBackgroundFor(LIGHT_TEXT, colour),
      blocking: false,
    });
  }
  if (!errors.dialog_header_color && !errors.dialog_header_text_color && !errors.link_color) {
    for (const issue of brandingContrastIssues(values)) {
      warnings.push({ field: issue.key, message: issue.message, adjusted: issue.suggestion, blocking: true });
    }
  }
  return warnings;
}
