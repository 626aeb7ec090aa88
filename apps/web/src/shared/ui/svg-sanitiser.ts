const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Drawing elements an icon may use. Anything else (script, foreignObject, animate...) is removed. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'defs',
  'clippath',
  'mask',
  'lineargradient',
  'radialgradient',
  'stop',
  'symbol',
  'use',
  'title',
  'desc',
  'text',
  'tspan',
  'pattern',
]);

/** Browsers ignore spaces and control characters inside a scheme (`java\tscript:`). */
function withoutSpaceOrControl(value: string): string {
  let out = '';
  for (const char of value) if (char.charCodeAt(0) > 0x20) out += char;
  return out;
}

function isUnsafeAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return true;
  const compact = withoutSpaceOrControl(value).toLowerCase();
  if (compact.includes('javascript:') || compact.includes('vbscript:') || compact.includes('data:text/html'))
    return true;
  // Links may only point inside the icon (`#gradient`), never to another document.
  if ((lower === 'href' || lower === 'xlink:href') && !value.trim().startsWith('#')) return true;
  if (lower === 'style' && /url\s*\(\s*['"]?\s*(?!#)/i.test(value)) return true;
  return false;
}

function cleanElement(element: Element): void {
  for (const child of Array.from(element.children)) {
    if (!ALLOWED_ELEMENTS.has(child.localName.toLowerCase()) || child.namespaceURI !== SVG_NAMESPACE) {
      child.remove();
      continue;
    }
    cleanElement(child);
  }
  for (const attribute of Array.from(element.attributes)) {
    if (isUnsafeAttribute(attribute.name, attribute.value)) element.removeAttribute(attribute.name);
  }
}

/**
 * Makes icon markup safe to place in the page. Only markup that parses as a single `<svg>`
 * element is accepted (anything else gives null); scripts, foreign content, event handler
 * attributes (`on*`), `javascript:` values and links leaving the icon are stripped.
 */
export function sanitiseSvg(markup: string | null | undefined): string | null {
  if (!markup || typeof DOMParser === 'undefined') return null;
  const doc = new DOMParser().parseFromString(markup.trim(), 'text/html');
  const body = doc.body;
  const elements = Array.from(body.children);
  const hasStrayText = Array.from(body.childNodes).some(
    (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
  );
  const svg = elements[0];
  if (
    elements.length !== 1 ||
    hasStrayText ||
    !svg ||
    svg.localName !== 'svg' ||
    svg.namespaceURI !== SVG_NAMESPACE
  ) {
    return null;
  }
  cleanElement(svg);
  for (const attribute of Array.from(svg.attributes)) {
    if (isUnsafeAttribute(attribute.name, attribute.value)) svg.removeAttribute(attribute.name);
  }
  return svg.outerHTML;
}
