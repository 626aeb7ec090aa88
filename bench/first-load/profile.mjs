// `node bench/first-load/profile.mjs [signin|signing]`: one cold visit under the bench's conditions
// (cache empty, CPU 4x slower) with the V8 profiler on; prints self time per script and the top
// functions, to see what the main thread spends the first load on.
import { coldVisit, walk } from './cold-visit.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3214);
const which = process.argv[2] ?? 'signing';

await coldVisit({ which, port: PORT, name: 'first-load-profile' }, async ({ server, page, cdp, link }) => {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const marks = await walk(page, which, link);
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
});
