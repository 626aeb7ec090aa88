// `node bench/first-load/waterfall.mjs [signin|signing]`: one cold visit under the bench's
// conditions (cache empty, CPU 4x slower), printed as a waterfall of every request (start, end,
// bytes on the wire) and the page's paint marks, to see what the first load waits for.
import { coldVisit, walk } from './cold-visit.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3213);
const which = process.argv[2] ?? 'signing';

await coldVisit({ which, port: PORT, name: 'first-load-waterfall' }, async ({ server, page, cdp, link }) => {
  await cdp.send('Network.enable');
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
  const marks = await walk(page, which, link);
  if (which === 'signing') {
    await page.locator('[data-testid="page-canvas-1"][data-drawn="true"]').waitFor();
    marks.drawn = Date.now() - started;
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
});
