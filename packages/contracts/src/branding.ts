import { z } from 'zod';
import type { TBranding } from './branding-defaults';

/** White-label branding (spec 1 §1) as the API validates it; shape and defaults in `branding-defaults.ts`. */
export const ZBranding = z.object({
  app_name: z.string(),
  app_version: z.string(),
  slogan: z.string(),
  about_heading: z.string(),
  powered_by: z.string(),
  primary_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  secondary_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  logo_url: z.string(),
  title_template: z.string(),
  lang: z.string(),
  robots: z.string(),
  dialog_header_color: z.string(),
  dialog_header_text_color: z.string(),
  link_color: z.string(),
});
// The schema and the plain type describe the same object, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof ZBranding>, TBranding> = true;
void sameShape;

const ZHexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a2b3c');

/**
 * What a company may change of its branding (`PATCH /company`, `branding`): the slogan and the
 * colours, each a `#rrggbb` colour; `link_color` also empty (links then follow the primary
 * colour). The logo is uploaded on its own (`POST /company/logo`).
 */
export const ZBrandingOverride = z
  .object({
    slogan: z.string().trim().max(120, 'At most 120 characters'),
    primary_color: ZHexColour,
    secondary_color: ZHexColour,
    dialog_header_color: ZHexColour,
    dialog_header_text_color: ZHexColour,
    link_color: z.union([z.literal(''), ZHexColour]),
  })
  .partial();
export type TBrandingOverride = z.output<typeof ZBrandingOverride>;

export { DEFAULT_BRANDING, formatTitle, type TBranding } from './branding-defaults';
