/**
 * White-label branding (spec 1 §1): its shape and defaults, without zod, so that the web app's
 * first script does not carry the validation library (`branding.ts` holds the schema the API
 * validates with). A company overrides any value through its settings; the web app and every
 * mail read the merged result.
 */
export type TBranding = {
  app_name: string;
  app_version: string;
  slogan: string;
  about_heading: string;
  powered_by: string;
  /** `#rrggbb` */
  primary_color: string;
  /** `#rrggbb` */
  secondary_color: string;
  logo_url: string;
  title_template: string;
  lang: string;
  robots: string;
  dialog_header_color: string;
  dialog_header_text_color: string;
  /**
   * `#rrggbb` of links in mails (on white). Empty: the primary colour, darkened until it reaches
   * 4.5:1 on white (`mailLinkColour`).
   */
  link_color: string;
};

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
  // The spec's #808080 on #eee reads at 3.4:1; the nearest grey that reaches WCAG AA's 4.5:1.
  dialog_header_text_color: '#6c6c6c',
  link_color: '',
};

/** Fills the spec's title template: `%s` is the page, `{host}` the site's host name. */
export function formatTitle(template: string, page: string, host: string): string {
  return template.replace('%s', page).replace('{host}', host);
}
