import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { TESignRecord } from '@esigns/contracts/signing';
import { landingLinkOf, landingRecordForPage } from './modules/signing';
import type { SpaPage } from './platform/http/error-handler';
import type { SpaShell } from './platform/http/spa-shell';
import type { Platform } from './platform/platform';

/**
 * Pages the server draws for one request with the web app's own components (ARCHITECTURE.md, "A
 * signing link's landing is drawn by the server"): a signing link's landing, from the recipient's record, so that a phone shows who
 * sent what (and the button to go on) as soon as the HTML and the style sheet arrive, seconds before
 * the app's scripts have run; the app then takes the page over as it does the build's static pages.
 * The web build writes the drawing code (apps/web/src/static-pages/drawn-landing.tsx) to
 * `dist-ssr/` beside `dist/`; without it, or when drawing fails, the page is the app's as before.
 */
type Renderer = {
  renderSigningLanding(
    record: TESignRecord,
    url: string,
    extra: { firstPageUrl: string | null },
  ): Promise<string | null>;
};

const RENDERER_FILE = '../dist-ssr/drawn-landing.js';

/** Loads the web build's drawing code once (null when the build has none or it fails to load). */
function rendererLoader(webDist: string, log: FastifyBaseLogger): () => Promise<Renderer | null> {
  const file = path.resolve(webDist, RENDERER_FILE);
  let loading: Promise<Renderer | null> | null = null;
  return () =>
    (loading ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<Renderer>).catch((error: unknown) => {
          log.error({ err: error, file }, 'drawn pages: the web build’s drawing code failed to load');
          return null;
        })
      : Promise.resolve(null));
}

/**
 * The not-found handler's page for a screen address: drawn for this request when it is a signing
 * link with a valid secret (personal: never stored by caches), else the shell's page.
 */
export function drawnPages(
  platform: Platform,
  shell: SpaShell,
  webDist: string,
  log: FastifyBaseLogger,
): SpaPage {
  const renderer = rendererLoader(webDist, log);
  // Loaded now, while the server starts, not by the first recipient opening their link.
  void renderer();
  return async (request: FastifyRequest) => {
    const link = landingLinkOf(request.url);
    if (link) {
      try {
        const drawn = await drawLanding(platform, shell, request, link, await renderer());
        if (drawn) return { html: drawn, personal: true };
      } catch (error) {
        // The app draws the page instead (and its own calls say what is wrong): logged, not hidden.
        request.log.error({ err: error }, 'drawn pages: the signing landing could not be drawn');
      }
    }
    const html = shell.pageFor(request.url);
    return html ? { html, personal: false } : null;
  };
}

async function drawLanding(
  platform: Platform,
  shell: SpaShell,
  request: FastifyRequest,
  link: NonNullable<ReturnType<typeof landingLinkOf>>,
  renderer: Renderer | null,
): Promise<string | null> {
  if (!renderer) return null;
  const found = await landingRecordForPage(platform, request, link);
  if (!found) return null;
  // As the API sends it (dates as text): the components read the same record the app will.
  const record = JSON.parse(JSON.stringify(found.record)) as TESignRecord;
  const markup = await renderer.renderSigningLanding(record, request.url, {
    firstPageUrl: found.firstPageUrl,
  });
  return markup ? shell.withMarkup('signing-landing', markup) : null;
}
