import { DEFAULT_BRANDING, type TBranding } from '@esigns/contracts/branding';
import { mailLinkColour, readableTextOn } from '@esigns/contracts/contrast';

export type TMailButton = { label: string; url: string };

/**
 * A company's header and footer (its default header/footer template): sanitised HTML from the
 * email-templates module, shown above the heading and below the body of every product mail.
 */
export type TMailFrame = { header_html: string; footer_html: string };

export type TMailLayoutInput = {
  /** Missing fields fall back to the product defaults. */
  branding?: Partial<TBranding>;
  heading: string;
  /** Trusted HTML produced by our own code: interpolated as is, never escaped. */
  bodyHtml: string;
  button?: TMailButton;
  /** The line most clients show after the subject in the inbox list. */
  preheader?: string;
  /** Turns a relative `logo_url` into the absolute URL every mail client needs. */
  publicUrl?: string;
  /** The email log's rendering: the button keeps its label but its link reads `[redacted link]`. */
  redactButtonLink?: boolean;
  /** The company's header and footer (trusted, already sanitised HTML); none: as without. */
  frame?: TMailFrame | null;
};

/** What stands in the email log for a link (they carry the recipient's token) and for a one-time code. */
export const REDACTED_LINK = '[redacted link]';
export const REDACTED_CODE = '[redacted code]';

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * The branded frame of every product mail: logo, coloured header bar, heading, body, optional
 * call-to-action and the powered-by footer. Table layout with inline styles and a 600 px
 * column, because that is what Outlook, Gmail and mobile clients all render the same way.
 */
export function renderMailLayout(input: TMailLayoutInput): { html: string; text: string } {
  const branding: TBranding = { ...DEFAULT_BRANDING, ...input.branding };
  // A colour ends up inside style attributes: anything but a plain hex value could add CSS.
  const primary = HEX_COLOUR.test(branding.primary_color)
    ? branding.primary_color
    : DEFAULT_BRANDING.primary_color;
  // Text on the button and links on white reach WCAG AA (4.5:1) whatever the company's colours.
  const buttonText = readableTextOn(primary);
  const link = mailLinkColour({
    primary_color: primary,
    link_color: HEX_COLOUR.test(branding.link_color) ? branding.link_color : '',
  });
  const logoUrl = absoluteUrl(branding.logo_url, input.publicUrl);
  const button = input.button
    ? input.redactButtonLink
      ? { label: input.button.label, url: '#', shown: REDACTED_LINK }
      : { label: input.button.label, url: safeUrl(input.button.url), shown: safeUrl(input.button.url) }
    : undefined;
  const e = escapeHtml;

  const logoRow = logoUrl
    ? `<tr><td align="center" style="padding:28px 32px 4px;"><img src="${e(logoUrl)}" alt="${e(branding.app_name)}" width="160" style="display:block;width:160px;max-width:160px;height:auto;border:0;outline:none;text-decoration:none;"></td></tr>`
    : '';

  const buttonRows = button
    ? `<tr><td class="px" align="center" style="padding:16px 32px 8px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" bgcolor="${primary}" style="border-radius:6px;background-color:${primary};">
<a href="${e(button.url)}" target="_blank" rel="noopener" style="display:inline-block;padding:13px 30px;font-family:${FONT};font-size:16px;font-weight:600;line-height:20px;color:${buttonText};text-decoration:none;border-radius:6px;">${e(button.label)}</a>
</td></tr></table>
</td></tr>
<tr><td class="px" style="padding:12px 32px 4px;font-family:${FONT};font-size:12px;line-height:18px;color:#6b7280;word-break:break-all;">If the button does not work, copy this link into your browser:<br><a href="${e(button.url)}" target="_blank" rel="noopener" style="color:${link};text-decoration:underline;">${e(button.shown)}</a></td></tr>`
    : '';

  const frame = frameRows(input.frame, link);

  const preheader = input.preheader
    ? `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${e(input.preheader)}</div>`
    : '';

  const html = `<!DOCTYPE html>
<html lang="${e(branding.lang)}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${e(input.heading)}</title>
<style>
@media only screen and (max-width: 620px) {
  .container { width: 100% !important; }
  .px { padding-left: 20px !important; padding-right: 20px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;width:100%;background-color:#f3f4f6;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td bgcolor="${primary}" style="background-color:${primary};height:6px;line-height:6px;font-size:6px;">&nbsp;</td></tr>
${logoRow}
${frame.header}
<tr><td class="px" style="padding:20px 32px 4px;font-family:${FONT};">
<h1 style="margin:0;font-size:22px;line-height:30px;font-weight:600;color:#111827;">${e(input.heading)}</h1>
</td></tr>
<tr><td class="px" style="padding:8px 32px 8px;font-family:${FONT};font-size:15px;line-height:24px;color:#374151;">
${input.bodyHtml}
</td></tr>
${buttonRows}
${frame.footer}
<tr><td style="padding:24px 32px 0;"><div style="border-top:1px solid #e5e7eb;line-height:1px;font-size:1px;">&nbsp;</div></td></tr>
<tr><td class="px" align="center" style="padding:12px 32px 24px;font-family:${FONT};font-size:12px;line-height:18px;color:#9ca3af;">
${e(branding.powered_by)}<br>
<span style="color:${link};">${e(branding.slogan)}</span>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;

  const text = [
    ...(frame.headerText ? [frame.headerText, ''] : []),
    input.heading,
    '',
    htmlToText(input.bodyHtml),
    ...(button ? ['', `${button.label}: ${button.shown}`] : []),
    ...(frame.footerText ? ['', frame.footerText] : []),
    '',
    '--',
    branding.powered_by,
    branding.slogan,
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

  return { html, text: `${text}\n` };
}

/**
 * The table rows of a company's header and footer (each in its own full-width cell, so whatever
 * the editor made stays inside the 600 px column) and their text versions. Empty parts add nothing.
 */
function frameRows(
  frame: TMailFrame | null | undefined,
  link: string,
): {
  header: string;
  footer: string;
  headerText: string;
  footerText: string;
} {
  const header = colourLinks(frame?.header_html.trim() ?? '', link);
  const footer = colourLinks(frame?.footer_html.trim() ?? '', link);
  const cell = (html: string, padding: string): string =>
    html
      ? `<tr><td class="px" style="padding:${padding};font-family:${FONT};font-size:14px;line-height:22px;color:#374151;">\n${html}\n</td></tr>`
      : '';
  return {
    header: cell(header, '16px 32px 0'),
    footer: cell(footer, '20px 32px 0'),
    headerText: header ? htmlToText(header) : '',
    footerText: footer ? htmlToText(footer) : '',
  };
}

/**
 * Links of the company's header and footer in its link colour (inline: many clients drop `<style>`),
 * unless the editor gave the link a style of its own. The HTML is sanitised: every tag is well formed.
 */
function colourLinks(html: string, colour: string): string {
  return html.replace(/<a\b(?![^>]*\bstyle\s*=)/gi, `<a style="color:${colour};"`);
}

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The plain-text alternative of an HTML fragment: tags stripped, block ends as line breaks,
 * links kept readable as "label: url" because a text client cannot follow an anchor.
 */
export function htmlToText(html: string): string {
  const withLinks = html
    .replace(/<(head|style|script|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(
      /<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi,
      (...m: unknown[]) => {
        const href = decodeEntities(String(m[2] ?? m[3] ?? m[4] ?? '')).trim();
        const label = collapse(decodeEntities(stripTags(String(m[5] ?? ''))));
        if (!href || href.startsWith('#')) return label;
        if (!label || label === href || `mailto:${label}` === href) return href.replace(/^mailto:/i, '');
        return `${label}: ${href}`;
      },
    );
  const text = withLinks
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|table|ul|ol|blockquote|pre)\s*>/gi, '\n\n')
    .replace(/<\/tr\s*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, ' ');
  return decodeEntities(stripTags(text))
    .split('\n')
    .map((line) => collapse(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

function collapse(text: string): string {
  return text.replace(/[ \t\f\v\u00a0]+/g, ' ').trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function absoluteUrl(url: string, base: string | undefined): string {
  if (!url) return '';
  if (/^(https?:)?\/\//i.test(url) || /^data:image\//i.test(url)) return url;
  if (!base) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** Only links a mail client can open safely; a `javascript:` URL must never become a button. */
function safeUrl(url: string): string {
  return /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : '#';
}
