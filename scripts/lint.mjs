// `npm run lint`: ESLint, Prettier's check, the type-check of the four TypeScript projects and
// the module-boundary check (dependency-cruiser), run side by side, as many at once as the machine
// has cores (the longest first). Each part's output is printed when it ends, with its time; the
// run fails when any part fails. `node scripts/lint.mjs typecheck` runs the type-checks only.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (file) => path.join(root, 'node_modules', file);
const node = (name, file, args) => ({ name, cmd: process.execPath, args: [bin(file), ...args] });
const tsc = (project) => node(`tsc -p ${project}`, 'typescript/bin/tsc', ['-p', project]);

// Longest first, so the short ones fill the gaps at the end. CPU seconds measured on this 2-core
// machine (2026-11-29): ESLint 126, Prettier 62, tsc 60 (server), 57 (web), 10 (contracts).
const typecheck = [tsc('apps/server'), tsc('apps/web'), tsc('packages/contracts'), tsc('e2e')];
const all = [
  node('eslint', 'eslint/bin/eslint.js', ['.', '--max-warnings', '0']),
  node('prettier --check', 'prettier/bin/prettier.cjs', ['--check', '.']),
  ...typecheck.slice(0, 2),
  node('depcruise (lint:modules)', 'dependency-cruiser/bin/dependency-cruise.mjs', [
    'apps/server/src',
    'apps/server/test',
    '--config',
    '.dependency-cruiser.cjs',
    '--ignore-known',
    '--output-type',
    'err',
  ]),
  ...typecheck.slice(2),
];
const tasks = process.argv[2] === 'typecheck' ? typecheck : all;

function run({ name, cmd, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const done = (ok, why) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(out).toString().trimEnd();
      console.log(`--- ${name}: ${ok ? 'ok' : `FAILED (${why})`} in ${seconds} s`);
      if (text && !ok) console.log(text);
      resolve(ok);
    };
    child.on('error', (err) => done(false, err.message));
    child.on('close', (code, signal) => done(code === 0, code ?? signal));
  });
}

const queue = [...tasks];
const slots = Math.max(1, Math.min(os.availableParallelism(), queue.length));
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    const oks = [];
    for (let task = queue.shift(); task; task = queue.shift()) oks.push(await run(task));
    return oks.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
