import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from './security-headers';
import {
  STATIC_PAGE_SCRIPT,
  STATIC_PAGE_SCRIPT_HASH,
  encodePage,
  loadSpaShell,
  pickEncoding,
} from './spa-shell';

const INDEX =
  '<!doctype html><html><head><title>e-Signs</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/react.js">\n' +
  '<link rel="stylesheet" href="/assets/index.css">' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function webDist(preloads?: unknown, staticPages?: unknown): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'spa-shell-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (preloads !== undefined) writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(preloads));
  if (staticPages !== undefined)
    writeFileSync(path.join(dir, 'static-pages.json'), JSON.stringify(staticPages));
  return dir;
}

const SIGNIN_FORM =
  '<form><input name="email" type="email"><input name="password" type="password">' +
  '<button type="submit">Sign in</button></form>';
const DRAWN = { pages: [{ path: '/signin', variesWith: ['company'], markup: SIGNIN_FORM }] };

describe("the app's page with a screen's scripts named in it", () => {
  it('names the listed scripts and styles for a matching address, nothing elsewhere', () => {
    const shell = loadSpaShell(
      webDist({
        routes: [
          { pattern: '^/signin/?$', scripts: ['assets/signin-1.js'], styles: ['assets/signin-2.css'] },
        ],
      }),
    );
    const page = shell.pageFor('/signin?redirect_url=%2Fdocuments');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/signin-1.js">');
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/signin-2.css">');
    expect(page!.indexOf('signin-1.js')).toBeLessThan(page!.indexOf('</head>'));
    expect(shell.pageFor('/signup')).toBeNull();
    expect(shell.pageFor('/signin/oauth')).toBeNull();
  });

  it('serves index.html as built when the build listed nothing', () => {
    expect(loadSpaShell(webDist()).pageFor('/signin')).toBeNull();
  });

  it('refuses a list naming anything but a built script or style (never echoed into the page)', () => {
    const bad = { routes: [{ pattern: '^/$', scripts: ['"><script>alert(1)</script>'], styles: [] }] };
    expect(() => loadSpaShell(webDist(bad))).toThrow();
  });
});

describe("a page drawn ahead of the app (the build's static pages)", () => {
  const shell = () =>
    loadSpaShell(
      webDist({ routes: [{ pattern: '^/signin/?$', scripts: ['assets/signin-1.js'], styles: [] }] }, DRAWN),
    );

  it('is sent inside #root, with its early script first in <head> and no script preloads', () => {
    const page = shell().pageFor('/signin?redirect_url=%2Fdocuments')!;
    expect(page).toContain(`<div id="root"><div data-static-page="/signin">${SIGNIN_FORM}</div></div>`);
    expect(page.indexOf(`<script>${STATIC_PAGE_SCRIPT}</script>`)).toBeGreaterThan(page.indexOf('<head>'));
    expect(page.indexOf(STATIC_PAGE_SCRIPT)).toBeLessThan(page.indexOf('rel="stylesheet"'));
    // The entry is fetched at once but run by the early script once the page is painted.
    expect(page).not.toContain('assets/react.js');
    expect(page).not.toContain('<script type="module"');
    expect(page).toContain('<link rel="modulepreload" crossorigin data-app-entry href="/assets/index.js">');
    expect(shell().pageFor('/signin/')).toBe(page);
  });

  it('is not sent when a parameter changes what the page shows, nor for other addresses', () => {
    const page = shell().pageFor('/signin?company=acme');
    expect(page).toContain('assets/signin-1.js');
    expect(page).not.toContain('data-static-page');
    expect(shell().pageFor('/signin/oauth')).toBeNull();
  });

  it('has its script allowed by the content-security policy by hash, and no other inline script', () => {
    const policy = SECURITY_HEADERS['content-security-policy']!;
    const scriptSrc = policy.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${STATIC_PAGE_SCRIPT_HASH}`);
    expect(policy).not.toContain("unsafe-inline' 'sha");
  });

  it('keeps a submit before the app runs from leaving the page, and marks the form for the app', () => {
    // The script run against the least of a DOM it needs: a submit listener, forms and a button.
    class Element {
      attributes = new Map<string, string>();
      constructor(readonly insideDrawnPage: boolean) {}
      setAttribute(name: string, value: string) {
        this.attributes.set(name, value);
      }
      getAttribute(name: string) {
        return this.attributes.get(name) ?? null;
      }
      hidden = false;
      images: Array<Element & { complete: boolean; naturalWidth: number }> = [];
      querySelectorAll(selector: string) {
        return selector === 'img' ? this.images : [];
      }
      earlyAction: Element | null = null;
      closest(selector: string) {
        if (selector === '[data-static-page] [data-early-action]') return this.earlyAction;
        return selector === '[data-static-page]' && this.insideDrawnPage ? {} : null;
      }
    }
    class HTMLFormElement extends Element {
      button = new Element(this.insideDrawnPage);
      querySelector(selector: string) {
        return selector === 'button[type="submit"]' ? this.button : null;
      }
    }
    const listeners: Array<{ type: string; listener: (event: unknown) => void; capture: unknown }> = [];
    const frames: Array<() => void> = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    const appended: Array<{ type?: string; src?: string }> = [];
    const earlyViews: Element[] = [];
    const document = {
      addEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) =>
        listeners.push({ type, listener, capture }),
      querySelector: (selector: string) =>
        selector === 'link[data-app-entry]' ? { href: 'http://app.test/assets/index.js' } : null,
      querySelectorAll: (selector: string) =>
        selector === '[data-static-page] [data-early-view]' ? earlyViews : [],
      createElement: () => ({}),
      head: { appendChild: (node: { type?: string; src?: string }) => appended.push(node) },
    };
    vm.runInNewContext(STATIC_PAGE_SCRIPT, {
      document,
      Element,
      HTMLFormElement,
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    });
    // The app's entry: started after the page's first frames, once, even when the cap fires too.
    expect(appended).toEqual([]);
    while (frames.length > 0 || timers.length > 0) (frames.shift() ?? timers.shift()!.run)();
    expect(appended).toEqual([{ type: 'module', crossOrigin: '', src: 'http://app.test/assets/index.js' }]);

    expect(listeners).toHaveLength(2);
    expect(listeners[0]).toMatchObject({ type: 'submit', capture: true });
    const submit = (target: unknown) => {
      const event = {
        target,
        defaultPrevented: false,
        preventDefault: () => (event.defaultPrevented = true),
      };
      listeners[0]!.listener(event);
      return event;
    };

    const drawn = new HTMLFormElement(true);
    expect(submit(drawn).defaultPrevented).toBe(true);
    expect(drawn.attributes.has('data-submit-pending')).toBe(true);
    expect(drawn.button.attributes.get('aria-busy')).toBe('true');

    // A form of the app (outside the drawn page) is left to the app.
    const own = new HTMLFormElement(false);
    expect(submit(own).defaultPrevented).toBe(false);
    expect(own.attributes.size).toBe(0);

    // A button the app acts on (`data-early-action`), pressed through its icon: held and marked.
    expect(listeners[1]).toMatchObject({ type: 'click', capture: true });
    const click = (target: unknown) => {
      const event = {
        target,
        defaultPrevented: false,
        preventDefault: () => (event.defaultPrevented = true),
      };
      listeners[1]!.listener(event);
      return event;
    };
    const button = new Element(true);
    button.setAttribute('data-early-action', 'review');
    const icon = new Element(true);
    icon.earlyAction = button;
    // What the page holds for that action is shown, its loaded image marked; another action's is not.
    const view = new Element(true);
    view.setAttribute('data-early-view', 'review');
    view.hidden = true;
    view.images.push(Object.assign(new Element(true), { complete: true, naturalWidth: 1000 }));
    const other = new Element(true);
    other.setAttribute('data-early-view', 'decline');
    other.hidden = true;
    earlyViews.push(view, other);
    expect(click(icon).defaultPrevented).toBe(true);
    expect(button.attributes.has('data-action-pending')).toBe(true);
    expect(button.attributes.get('aria-busy')).toBe('true');
    expect(view.hidden).toBe(false);
    expect(view.images[0]!.getAttribute('data-loaded')).toBe('true');
    expect(other.hidden).toBe(true);
    // Any other click (and one that is not on an element) is left alone.
    expect(click(new Element(true)).defaultPrevented).toBe(false);
    expect(click({}).defaultPrevented).toBe(false);
  });

  it('puts markup drawn for one request in the same page, its name escaped', () => {
    const shell = loadSpaShell(webDist());
    const page = shell.withMarkup('landing"><script>', '<p>Hello</p>')!;
    expect(page).toContain(
      '<div id="root"><div data-static-page="landing&quot;&gt;&lt;script&gt;"><p>Hello</p></div></div>',
    );
    expect(page).toContain(`<script>${STATIC_PAGE_SCRIPT}</script>`);
    expect(page).not.toContain('<script type="module"');
  });

  it('refuses a drawn page whose address is not a plain path', () => {
    const bad = { pages: [{ path: '/x"><script>', variesWith: [], markup: '' }] };
    expect(() => loadSpaShell(webDist(undefined, bad))).toThrow();
  });
});

describe('the page as sent: compressed as the browser accepts', () => {
  it('picks brotli, then gzip, and none that q=0 refuses', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('BR;q=0.5')).toBe('br');
  });

  it('sends the same page, smaller, and the plain text to a client that accepts no encoding', () => {
    const html = `<html><body>${'<p>drawn</p>'.repeat(500)}</body></html>`;
    const br = encodePage(html, 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(html);
    expect((br.body as Buffer).length).toBeLessThan(html.length / 10);
    expect(encodePage(html, 'br').body).toBe(br.body);
    const gzip = encodePage(html, 'gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(html);
    expect(encodePage(html, undefined)).toEqual({ body: html, encoding: null });
  });
});
