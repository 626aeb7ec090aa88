import { z } from 'zod';

/**
 * White-label branding (spec 1 §1). These are the defaults; a company overrides any of them
 * through its settings, and the web app and every mail read the merged result.
 */
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
export type TBranding = z.infer<typeof ZBranding>;

export const DEFAULT_BRANDING: TBranding = {
  app_name: 'e-Signs',
  app_version: '1.0',
  slogan: 'You Select, We Protect',
  about_heading: 'Sign, track and automate your documents',
  powered_by: 'Powered By e-Signs@v1.0',
  primary_color: '#F27E0C',
  secondary_color: '#EF2333',
  logo_url: '/logo.svg',
  title_template: '%s | {host}',
  lang: 'en',
  robots: 'index,follow',
  dialog_header_color: '#eee',
  dialog_header_text_color: '#808080',
};

/** Fills the spec's title template: `%s` is the page, `{host}` the site's host name. */
export function formatTitle(template: string, page: string, host: string): string {
  return template.replace('%s', page).replace('{host}', host);
}
