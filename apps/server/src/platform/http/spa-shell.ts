import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The app's page for a screen address, as the web build prepared it:
 * - the scripts of that screen named in it (`route-preloads.json`, written by
 *   apps/web/build/route-preloads.ts for the pages a first visit lands on: sign-in, sign-up, a
 *   signing link): `<link rel="modulepreload">` lets the browser fetch and compile the screen's
 *   code while the entry script runs, instead of learning of it once the router has matched it;
 * - for a static page (`static-pages.json`, apps/web/src/static-pages/pages.ts: sign-in, sign-up),
 *   the screen itself, drawn by the build, inside `#root`, with the page's early script and no
 *   script preloads but the entry's: the page shows and can be typed into before the app's
 *   scripts have run, and the app (started once the page is painted) takes it over.
 *   Not when the address carries a parameter that changes what the page shows (`variesWith`).
 * Other addresses get index.html as built.
 */
export type SpaShell = {
  /** The page for `url`'s screen, or null when it has nothing of its own (serve index.html). */
  pageFor(url: string): string | null;
  /**
   * The page with `markup` drawn by the server for this request (drawn-pages.ts: a signing link's
   * landing), treated as a static page; null when the build's page has no place for it.
   */
  withMarkup(pathname: string, markup: string): string | null;
};

const ZRoutePreloads = z.object({
  routes: z.array(
    z.object({
      pattern: z.string(),
      scripts: z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)),
      styles: z.array(z.string().regex(/^assets\/[\w.-]+\.css$/)),
    }),
  ),
});

const ZStaticPages = z.object({
  pages: z.array(
    z.object({
      path: z.string().regex(/^\/[\w/-]*$/),
      variesWith: z.array(z.string()),
      markup: z.string(),
    }),
  ),
});

const ROOT = '<div id="root"></div>';

/**
 * A static page's own script, first in its <head> (inline: no request, and not held up by the
 * style sheet):
 * - until the app takes the page over, submitting its form does not send the browser to the
 *   form's address (the password would land in the address bar); the form is marked and its
 *   button shows it is busy, and the app submits it once it has the page (static-pages/hand-over.ts);
 *   a button the app acts on (`data-early-action`, e.g. the signing landing's "Review and sign") is
 *   marked and shown busy the same way, and pressed by the app once it has the page; what the page
 *   holds for that action (`data-early-view`, hidden: the landing's first page of the document) is
 *   shown at once, and kept by the app until its own screen shows the same (hand-over.ts);
 * - the app's entry (fetched at once: `<link rel="modulepreload" data-app-entry>`) is run once the
 *   page has been painted, not before its first frame (a slow phone painted the page 0.2-0.3 s
 *   later when the entry ran first), or after 1 s in a tab that paints nothing.
 */
export const STATIC_PAGE_SCRIPT =
  "document.addEventListener('submit',function(e){var f=e.target;" +
  "if(!(f instanceof HTMLFormElement)||!f.closest('[data-static-page]'))return;" +
  "e.preventDefault();f.setAttribute('data-submit-pending','');" +
  'var b=f.querySelector(\'button[type="submit"]\');' +
  "if(b){b.setAttribute('aria-busy','true');b.setAttribute('data-loading','true');}},true);" +
  // The same for a button the app acts on (`data-early-action`): marked, done once the app has the page.
  "document.addEventListener('click',function(e){var t=e.target;" +
  "var b=t instanceof Element?t.closest('[data-static-page] [data-early-action]'):null;if(!b)return;" +
  "e.preventDefault();b.setAttribute('data-action-pending','');" +
  "b.setAttribute('aria-busy','true');b.setAttribute('data-loading','true');" +
  // What the page holds for that action (`data-early-view`, hidden) is shown, its images marked once loaded.
  "var a=b.getAttribute('data-early-action'),v=document.querySelectorAll('[data-static-page] [data-early-view]');" +
  "for(var i=0;i<v.length;i++){if(v[i].getAttribute('data-early-view')!==a)continue;v[i].hidden=false;" +
  "var m=v[i].querySelectorAll('img');for(var j=0;j<m.length;j++)loaded(m[j]);}},true);" +
  "function loaded(m){var y=function(){m.setAttribute('data-loaded','true');};" +
  "if(m.complete&&m.naturalWidth>0)y();else m.addEventListener('load',y);}" +
  // The app's entry runs once the page is painted (or after 1 s in a tab that paints nothing).
  'var started=false;function start(){if(started)return;started=true;' +
  "var l=document.querySelector('link[data-app-entry]');if(!l)return;" +
  "var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=l.href;" +
  'document.head.appendChild(s);}' +
  'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0);});});' +
  'setTimeout(start,1000);';

/** The content-security policy's allowance for that script (its hash; no other inline script runs). */
export const STATIC_PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(STATIC_PAGE_SCRIPT).digest('base64')}'`;

function readJson<T>(file: string, schema: z.ZodType<T>): T | null {
  return existsSync(file) ? schema.parse(JSON.parse(readFileSync(file, 'utf8'))) : null;
}

export function loadSpaShell(webDist: string): SpaShell {
  // Read once: the build that wrote them is the one being served.
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  if (!index.includes('</head>')) return { pageFor: () => null, withMarkup: () => null };
  const preloads = readJson(path.join(webDist, 'route-preloads.json'), ZRoutePreloads)?.routes ?? [];
  const drawn = readJson(path.join(webDist, 'static-pages.json'), ZStaticPages);

  const withPreloads = preloads.map((route) => {
    const links = [
      ...route.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...route.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    return {
      pattern: new RegExp(route.pattern),
      page: index.replace('</head>', `${links.join('\n    ')}\n  </head>`),
    };
  });
  const preloaded = (pathname: string) =>
    withPreloads.find((entry) => entry.pattern.test(pathname))?.page ?? null;

  // Without the scripts' preloads: asking for some 40 scripts while the page is parsed took most
  // of a slow phone's first second; the app asks for them once the page is painted.
  const drawnShell = index.includes(ROOT)
    ? index
        .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
        .replace(
          /<script type="module" crossorigin src="([^"]+)"><\/script>/,
          (_tag, src: string) => `<link rel="modulepreload" crossorigin data-app-entry href="${src}">`,
        )
        .replace('<head>', () => `<head>\n    <script>${STATIC_PAGE_SCRIPT}</script>`)
    : null;
  const withMarkup = (pathname: string, markup: string) =>
    drawnShell?.replace(
      ROOT,
      () => `<div id="root"><div data-static-page="${escapeAttribute(pathname)}">${markup}</div></div>`,
    ) ?? null;
  const staticPages = new Map(
    (drawn?.pages ?? []).flatMap((page) => {
      const html = withMarkup(page.path, page.markup);
      return html ? [[page.path, { variesWith: page.variesWith, html }] as const] : [];
    }),
  );

  return {
    withMarkup,
    pageFor(url) {
      const [pathname = '', query = ''] = url.split('#', 1)[0]!.split('?', 2);
      const drawnPage = staticPages.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
      if (drawnPage) {
        const params = new URLSearchParams(query);
        if (!drawnPage.variesWith.some((name) => params.has(name))) return drawnPage.html;
      }
      return preloaded(pathname);
    },
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type Encoding = 'br' | 'gzip';

/** The best encoding an `Accept-Encoding` allows (brotli, then gzip; `;q=0` refuses one), or null. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  const allowed = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip')) return 'gzip';
  return null;
}

const encoded = new Map<string, Partial<Record<Encoding, Buffer>>>();

/**
 * A page as sent: compressed once per page and encoding, then kept (a handful of pages per build;
 * a drawn page is 23 KB of HTML, 6 KB in brotli), as the build's other text assets are.
 */
export function encodePage(
  html: string,
  accept: string | undefined,
  options: { once?: boolean } = {},
): { body: Buffer | string; encoding: Encoding | null } {
  const encoding = pickEncoding(accept);
  if (!encoding) return { body: html, encoding: null };
  // A page drawn for one request (`once`) is not kept, and compressed at a fast level (~1 ms).
  if (options.once) {
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html, { level: 6 });
    return { body, encoding };
  }
  const known = encoded.get(html) ?? {};
  encoded.set(html, known);
  known[encoding] ??= encoding === 'br' ? brotliCompressSync(html) : gzipSync(html);
  return { body: known[encoding], encoding };
}
