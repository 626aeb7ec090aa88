// `node bench/first-start/measure.mjs [runs] [main.js]`: how long the built server takes from
// spawn to its health answer on an empty DATA_DIR (a new user's first `npm start`: the embedded
// database is made), then again on the same folder (a second start). Prints each run and medians.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.argv[2] ?? 3);
const main = path.resolve(process.argv[3] ?? path.join(root, 'apps/server/dist/main.js'));
const PORT = 3987;

/** Milliseconds from spawn to the first 200 of `/api/health`; the server is stopped after. */
async function timeToHealth(dataDir) {
  const base = `http://127.0.0.1:${PORT}`;
  const started = performance.now();
  const server = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      const ok = await fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const first = [];
const second = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-first-start-'));
  try {
    first.push(await timeToHealth(dataDir));
    second.push(await timeToHealth(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `run ${i + 1}: first start ${(first[i] / 1000).toFixed(1)} s, second ${(second[i] / 1000).toFixed(1)} s`,
  );
}
console.log(
  `median: first start ${(median(first) / 1000).toFixed(1)} s, second ${(median(second) / 1000).toFixed(1)} s`,
);
