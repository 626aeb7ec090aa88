import sanitizeHtml from 'sanitize-html';

/*
 * The rich text of the template editor (Tiptap HTML) cut down to a kept list of tags, attributes
 * and styles that mail clients show: everything else goes (scripts, event handlers, frames, forms,
 * `javascript:` links, CSS that positions or loads things). Templates are stored sanitised; a
 * rendered mail whose merge fields sit inside a tag is sanitised again (a value cannot add tags:
 * it is escaped, but it could be a `javascript:` link).
 */

/** A whole attribute value that is one merge field (`href="{{record.url}}"`): checked after rendering. */
const MERGE_FIELD_ONLY = /^\{\{\s*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){0,2}\s*\}\}$/;
const LINK = /^(https?:|mailto:)/i;
const IMAGE_SOURCE = /^(https?:\/\/|data:image\/(png|jpe?g|gif|webp);base64,)/i;

const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i,
  /^[a-z]{3,20}$/i,
];
const TEXT_STYLES: Record<string, RegExp[]> = {
  color: COLOUR,
  'background-color': COLOUR,
  'text-align': [/^(left|right|center|justify)$/i],
  'font-size': [/^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/i],
};
const STYLED = ['span', 'p', 'h1', 'h2', 'h3', 'td', 'th', 'li', 'blockquote'];
const TABLE_CELL = ['colspan', 'rowspan', 'style', 'width', 'align', 'valign'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'h1',
    'h2',
    'h3',
    'ul',
    'ol',
    'li',
    'blockquote',
    'img',
    'hr',
    'span',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'style'],
    td: TABLE_CELL,
    th: TABLE_CELL,
    col: ['span', 'width'],
    ...Object.fromEntries(
      STYLED.filter((tag) => tag !== 'td' && tag !== 'th').map((tag) => [tag, ['style']]),
    ),
  },
  allowedStyles: {
    ...Object.fromEntries(STYLED.map((tag) => [tag, TEXT_STYLES])),
    table: { ...TEXT_STYLES, width: [/^\d{1,4}(px|%)$/] },
  },
  // Schemes are checked by the tag transforms below (merge fields may stand for a link).
  allowedSchemes: ['http', 'https', 'mailto', 'data'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text of dropped tags whose content is code, not words.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'title',
    'head',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const kept: Record<string, string> = {};
      if (LINK.test(href) || MERGE_FIELD_ONLY.test(href)) {
        kept.href = href;
        kept.target = '_blank';
        kept.rel = 'noopener noreferrer';
      }
      if (attribs.title) kept.title = attribs.title;
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const { src: _dropped, ...rest } = attribs;
      return {
        tagName,
        attribs: IMAGE_SOURCE.test(src) || MERGE_FIELD_ONLY.test(src) ? { src, ...rest } : rest,
      };
    },
  },
  // An image without a source shows nothing but a broken frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Rich text from the editor (or a rendered mail body) with only the kept tags, attributes and styles. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether merge fields stand inside a tag (an attribute): the rendered HTML must be sanitised again. */
export function hasMergeFieldInTag(html: string): boolean {
  return /<[^>]*\{\{[^>]*>/.test(html);
}
