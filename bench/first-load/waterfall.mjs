// `node bench/first-load/waterfall.mjs [signin|signing]`: one cold visit under the bench's
// conditions (cache empty, CPU 4x slower), printed as a waterfall of every request (start, end,
// bytes on the wire) and the page's paint marks, to see what the first load waits for.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { abBuild, sendLease } from './lease.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3213);
const which = process.argv[2] ?? 'signing';

const server = await startBuiltServer({ port: PORT, name: 'first-load-waterfall', ...abBuild() });
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
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { url: e.request.url, start: e.timestamp, type: e.type });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.ttfb = e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  const started = Date.now();
  await page.goto(link);
  const marks = {};
  if (which === 'signing') {
    const review = page.getByRole('button', { name: 'Review and sign' });
    await review.waitFor();
    marks.landing = Date.now() - started;
    await review.click();
    await page
      .locator(
        '[data-testid="page-image-1"][data-loaded="true"], [data-testid="page-canvas-1"][data-drawn="true"]',
      )
      .first()
      .waitFor();
    marks.visible = Date.now() - started;
    await page.locator('[data-testid="page-canvas-1"]').waitFor();
    marks.canvas = Date.now() - started;
    await page.locator('[data-testid="page-canvas-1"][data-drawn="true"]').waitFor();
    marks.drawn = Date.now() - started;
  } else {
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    marks.usable = Date.now() - started;
  }
  const paints = await page.evaluate(() =>
    performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`),
  );
  await page.waitForTimeout(500);
  const list = [...requests.values()].sort((a, b) => a.start - b.start);
  const t0 = list[0]?.start ?? 0;
  const ms = (t) => (t === undefined ? '   -' : String(Math.round((t - t0) * 1000)).padStart(5));
  for (const r of list) {
    const url = r.url.replace(server.base, '').replace(/\?.*/, '').slice(0, 70);
    console.log(
      `${ms(r.start)} ${ms(r.ttfb)} ${ms(r.end)}  ${String(Math.round((r.bytes ?? 0) / 1024)).padStart(4)} KB  ${(r.type ?? '').padEnd(10)} ${url}`,
    );
  }
  console.log('marks (ms from goto):', JSON.stringify(marks), paints.join(', '));
  await context.close();
} finally {
  await browser?.close();
  await server.stop();
}
