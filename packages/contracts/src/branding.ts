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
});
// The schema and the plain type describe the same object, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof ZBranding>, TBranding> = true;
void sameShape;

export { DEFAULT_BRANDING, formatTitle, type TBranding } from './branding-defaults';
