// `node bench/first-load/profile.mjs [signin|signing]`: one cold visit under the bench's conditions
// (cache empty, CPU 4x slower) with the V8 profiler on; prints self time per script and the top
// functions, to see what the main thread spends the first load on.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { abBuild, sendLease } from './lease.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3214);
const which = process.argv[2] ?? 'signing';

const server = await startBuiltServer({ port: PORT, name: 'first-load-profile', ...abBuild() });
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
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
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
  } else {
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    marks.usable = Date.now() - started;
  }
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const perUrl = new Map();
  const perFn = new Map();
  for (const [id, us] of self) {
    const node = byId.get(id);
    const url = (node.callFrame.url || `(${node.callFrame.functionName || 'native'})`).replace(
      server.base,
      '',
    );
    perUrl.set(url, (perUrl.get(url) ?? 0) + us);
    const fn = `${node.callFrame.functionName || '(anon)'} ${url}:${node.callFrame.lineNumber}`;
    perFn.set(fn, (perFn.get(fn) ?? 0) + us);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('marks', JSON.stringify(marks));
  for (const [url, us] of top(perUrl, 25))
    console.log(`${String(Math.round(us / 1000)).padStart(6)} ms  ${url}`);
  console.log('--- functions');
  for (const [fn, us] of top(perFn, 25))
    console.log(`${String(Math.round(us / 1000)).padStart(6)} ms  ${fn}`);
  await context.close();
} finally {
  await browser?.close();
  await server.stop();
}
