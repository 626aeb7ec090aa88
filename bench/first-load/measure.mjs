/* global document */
// The measurements of bench/first-load (see run.mjs for what each one is), shared by run.mjs and
// ab.mjs: a new browser context each time (cache empty), the CPU throttled like a low-end phone.
export const CPU_SLOWDOWN = 4;

async function throttledPage(browser, options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

export async function measureSignin(browser, BASE) {
  const { context, page } = await throttledPage(browser, { viewport: { width: 1280, height: 800 } });
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.addInitScript(() => {
    const check = () => {
      if (globalThis.__signinReadyAt !== undefined) return;
      const email = document.querySelector('input[type="email"]');
      const labelled = email?.labels?.[0]?.textContent?.trim().startsWith('Email');
      const password = document.querySelector('input[type="password"]');
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent?.trim() === 'Sign in',
      );
      if (labelled && !email.disabled && password && button && !button.disabled) {
        globalThis.__signinReadyAt = performance.now();
        observer.disconnect();
      }
    };
    const observer = new globalThis.MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  });
  const started = Date.now();
  // Not until the load event (goto's default): a page can be used before its scripts have run.
  await page.goto(`${BASE}/signin`, { waitUntil: 'commit' });
  // Timed in the page, on its clock, so that the checks' round trips to the browser are not
  // counted: usable once the boxes and the button are in the page and enabled (seen by a mutation
  // observer from the page's start) and painted (first-contentful-paint's own time: the browser
  // reports that entry some frames after the paint it times).
  const at = await page.waitForFunction(
    () => {
      const ready = globalThis.__signinReadyAt;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return ready !== undefined && paint ? performance.timeOrigin + Math.max(ready, paint.startTime) : false;
    },
    undefined,
    { polling: 'raf' },
  );
  const ms = Math.round((await at.jsonValue()) - started);
  // The same by role and name, as a person (or a screen reader) finds them.
  await page.getByRole('textbox', { name: 'Email', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  // Every script of the page: once the app has taken over a page drawn ahead, and the network rests.
  await page.waitForFunction(() => !document.querySelector('[data-static-page]'));
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('requestfinished');
  const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  await context.close();
  return { ms, bytes };
}

const DRAWN = '[data-testid="page-canvas-1"][data-drawn="true"]';
const IMAGE_SHOWN = '[data-testid="page-image-1"][data-loaded="true"]';

export async function measureSigning(browser, link) {
  const { context, page } = await throttledPage(browser, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const started = Date.now();
  await page.goto(link, { waitUntil: 'commit' });
  const review = page.getByRole('button', { name: 'Review and sign' });
  await review.waitFor();
  const landing = Date.now() - started;
  await review.click();
  // The first page is visible when the server's image of it has loaded or pdf.js has drawn it.
  await page.locator(`${DRAWN}, ${IMAGE_SHOWN}`).first().waitFor();
  const ms = Date.now() - started;
  await page.locator(DRAWN).waitFor();
  const drawn = Date.now() - started;
  await context.close();
  return { ms, landing, drawn };
}

export async function measureFloor(browser, BASE) {
  const { context, page } = await throttledPage(browser, {});
  const started = Date.now();
  await page.goto(`${BASE}/api/health`);
  const ms = Date.now() - started;
  await context.close();
  return ms;
}

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
