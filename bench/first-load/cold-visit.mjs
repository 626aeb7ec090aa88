// One cold visit under the bench's conditions (a new browser context: cache empty; CPU throttled
// like the bench), shared by the diagnostic scripts profile.mjs, trace.mjs and waterfall.mjs.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { abBuild, sendLease } from './lease.mjs';
import { CPU_SLOWDOWN } from './measure.mjs';

const FIRST_PAGE_VISIBLE =
  '[data-testid="page-image-1"][data-loaded="true"], [data-testid="page-canvas-1"][data-drawn="true"]';

/**
 * Starts the built server (a signed-up owner; for `signing`, a lease sent to one signer), opens a
 * throttled page (a phone for `signing`, a desktop for `signin`) and calls
 * `visit({ server, browser, page, cdp, link })`, which drives the visit (see `walk`); stops all after.
 */
export async function coldVisit({ which, port, name }, visit) {
  const server = await startBuiltServer({ port, name, ...abBuild() });
  let browser;
  try {
    const token = await signUpOwner(server);
    const link = which === 'signing' ? await sendLease(server, token) : `${server.base}/signin`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext(
      which === 'signing'
        ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await visit({ server, browser, page, cdp, link });
    await context.close();
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/**
 * The bench's walk: opens `link`; for `signing`, presses "Review and sign" on the landing and
 * waits for the first page to be visible, else waits for the sign-in button. Answers the marks
 * (ms from the start of the visit).
 */
export async function walk(page, which, link) {
  const started = Date.now();
  await page.goto(link, { waitUntil: 'commit' });
  const marks = {};
  if (which === 'signing') {
    const review = page.getByRole('button', { name: 'Review and sign' });
    await review.waitFor();
    marks.landing = Date.now() - started;
    await review.click();
    await page.locator(FIRST_PAGE_VISIBLE).first().waitFor();
    marks.visible = Date.now() - started;
  } else {
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    marks.usable = Date.now() - started;
  }
  return marks;
}
