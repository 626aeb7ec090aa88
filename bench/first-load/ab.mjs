// `BENCH_WEB_B=/path/to/other/web/dist node bench/first-load/ab.mjs`: the first-load measurements
// of two web builds side by side, rounds interleaved (A, B, A, B...) so that a busy machine slows
// both alike; prints each one's medians and B's ratio to A. A is apps/web/dist (or BENCH_WEB_A).
// For a change whose effect must be told apart from the machine's load, not a target check.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, signUpOwner, startBuiltServer } from '../support/built-server.mjs';
import { sendLease } from './lease.mjs';
import { measureSignin, measureSigning, median } from './measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const webB = process.env.BENCH_WEB_B;
if (!webB) throw new Error('BENCH_WEB_B: the other build (a web dist folder) is needed');
const webA = process.env.BENCH_WEB_A;

const servers = await Promise.all([
  startBuiltServer({ port: 3215, name: 'first-load-a', env: webA ? { WEB_DIST: webA } : {} }),
  startBuiltServer({ port: 3216, name: 'first-load-b', env: { WEB_DIST: webB } }),
]);
let browser;
try {
  const links = [];
  for (const server of servers) links.push(await sendLease(server, await signUpOwner(server)));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const results = servers.map(() => ({ signin: [], signing: [] }));
  for (let round = -1; round < ROUNDS; round++) {
    for (const [i, server] of servers.entries()) {
      const signin = await measureSignin(browser, server.base);
      const signing = await measureSigning(browser, links[i]);
      // Round -1 warms each server up and is not counted.
      if (round >= 0) {
        results[i].signin.push(signin.ms);
        results[i].signing.push(signing.ms);
      }
    }
  }
  const [a, b] = results.map((r) => ({ signin: median(r.signin), signing: median(r.signing) }));
  console.log(`${ROUNDS} interleaved rounds (medians), CPU 4x slower, cache empty`);
  for (const key of ['signin', 'signing']) {
    console.log(
      `${key.padEnd(8)} A ${String(a[key]).padStart(5)} ms  B ${String(b[key]).padStart(5)} ms  B/A ${(b[key] / a[key]).toFixed(2)}`,
    );
  }
} finally {
  await browser?.close();
  await Promise.all(servers.map((server) => server.stop()));
}
