// How long a document list waits behind a spreadsheet import on the embedded PGlite (the built
// server as `npm start` runs it): one client calls `GET /api/all-documents/completed` again and
// again, first alone (the idle figure), then while a 20,000-row import (BENCH_IMPORT_ROWS) runs;
// prints p50/p99/max of each, the worst wait with its ratio to the list alone (target < 500 ms)
// and when the slowest calls came. Not part of `npm run bench` (run it with node); the figure is
// the "PGlite and imports" paragraph of the README. BENCH_PORT moves the server, BENCH_MAIN runs
// another build of it (A/B runs).
import os from 'node:os';
import { signUpOwner, startBuiltServer } from '../support/built-server.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const PORT = Number(process.env.BENCH_PORT ?? 3262);
/** No request should wait longer than this behind an import or export. */
const TARGET_MS = 500;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${sorted.length} calls, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
};

const server = await startBuiltServer({
  port: PORT,
  name: 'import-stall',
  ...(process.env.BENCH_MAIN ? { main: process.env.BENCH_MAIN } : {}),
  nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
});
try {
  const token = await signUpOwner(server);
  const auth = { authorization: `Bearer ${token}` };
  const entity = await server.api('POST', '/api/entities/create', {
    token,
    body: {
      name: 'Listings',
      entity_type: 'GENERAL',
      fields: [
        { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'price', label: 'Price', type: 'CURRENCY', min: 0 },
        { key: 'area', label: 'Area', type: 'NUMBER', min: 0 },
        { key: 'city', label: 'City', type: 'SINGLE_LINE_TEXT' },
      ],
    },
  });
  const ref = (key) => `${entity.primary_template_id}#${key}`;
  const lines = ['Title,Price,Area,City'];
  for (let i = 1; i <= ROWS; i++) lines.push(`Listing ${i},${1000 + i},${50 + (i % 900)},City ${i % 40}`);
  const form = () => {
    const body = new FormData();
    body.set('entity_id', entity._id);
    body.set(
      'mapping',
      JSON.stringify({ Title: ref('title'), Price: ref('price'), Area: ref('area'), City: ref('city') }),
    );
    body.set('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'listings.csv');
    return body;
  };

  const list = async () => {
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/all-documents/completed?page=1&limit=10`, { headers: auth });
    await res.text();
    if (!res.ok) throw new Error(`list: ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 20; i++) await list();
  const idle = [];
  for (let i = 0; i < 200; i++) idle.push(await list());

  let importing = true;
  const t0 = performance.now();
  const imported = server.api('POST', '/api/import-excel-data', { token, body: form() }).finally(() => {
    importing = false;
  });
  const during = [];
  /** [wait, ms into the import] of each call made while it ran. */
  const waits = [];
  while (importing) {
    const at = performance.now() - t0;
    const took = await list();
    during.push(took);
    waits.push([took, at]);
  }
  const result = await imported;
  const idleP50 = percentile(
    [...idle].sort((a, b) => a - b),
    0.5,
  );
  const worst = waits.sort((a, b) => b[0] - a[0]);
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(
    `PGlite; load average ${load}; import of ${ROWS.toLocaleString('en')} rows: ${result.inserted} inserted in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.log(`document list alone: ${summary(idle)}`);
  console.log(`document list during the import: ${summary(during)}`);
  const [worstWait = 0] = worst[0] ?? [];
  console.log(
    `worst wait behind the import: ${worstWait.toFixed(0)} ms (${(worstWait / idleP50).toFixed(0)}x the list alone, ` +
      `target < ${TARGET_MS} ms: ${worstWait < TARGET_MS ? 'met' : 'missed'}); slowest calls: ` +
      worst
        .slice(0, 5)
        .map(([took, at]) => `${took.toFixed(0)} ms at ${(at / 1000).toFixed(1)} s`)
        .join(', '),
  );
} finally {
  await server.stop();
}
