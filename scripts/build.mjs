// Builds what changed: the web app (Vite), the server bundles (esbuild) and the database template
// new installations start from. Each output keeps a hash of its inputs, so `npm start` on an
// unchanged tree starts at once.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';
import { bundleServer } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function hashInputs(inputs) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (
          name === 'node_modules' ||
          name === 'dist' ||
          name.endsWith('.test.ts') ||
          name.endsWith('.test.tsx')
        )
          continue;
        walk(path.join(p, name));
      }
    } else {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const input of inputs) walk(path.join(root, input));
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex');
}

function upToDate(stampFile, hash) {
  return !force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
}

function run(cmd, args, cwd) {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function buildWeb() {
  const hash = hashInputs([
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'packages/contracts/src',
    'scripts/build.mjs',
  ]);
  const stamp = path.join(root, 'apps/web/dist/.build-hash');
  const drawingCode = path.join(root, 'apps/web/dist-ssr/drawn-landing.js');
  if (upToDate(stamp, hash) && existsSync(drawingCode)) return console.log('web: up to date');
  console.log('web: building');
  run(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    path.join(root, 'apps/web'),
  );
  // The pages drawn ahead of the app (apps/web/src/static-pages/pages.ts), and the code the server
  // draws a signing link's landing with (dist-ssr/).
  run(process.execPath, [path.join(root, 'apps/web/build/static-pages.mjs')], path.join(root, 'apps/web'));
  precompress(path.join(root, 'apps/web/dist'));
  writeFileSync(stamp, hash);
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Brotli and gzip copies beside every text asset of the web build (`app.js.br`, `app.js.gz`),
 * made once here at their best levels, so that the server sends them as they are
 * (`@fastify/static` `preCompressed`) instead of compressing on every request or not at all.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

async function buildServer() {
  const hash = hashInputs([
    'apps/server/src',
    'packages/contracts/src',
    'scripts/build.mjs',
    'scripts/server-bundle.mjs',
  ]);
  const outdir = path.join(root, 'apps/server/dist');
  const stamp = path.join(outdir, '.build-hash');
  if (upToDate(stamp, hash)) return console.log('server: up to date');
  console.log('server: building');
  await bundleServer(root, outdir);
  writeFileSync(stamp, hash);
}

/**
 * The PGlite data folder a new installation starts from (`apps/server/dist/pglite-template`:
 * initdb, the migrations and pg-boss's queues done once here instead of at a first start; see
 * apps/server/src/platform/db/README.md). Made by the bundled `build-database-template.js` in a
 * process of its own, so that it runs while the web app builds; remade when the migrations (or
 * the code that writes it, or the packages) change. Answers when it is done, also when it failed.
 */
function buildDatabaseTemplate() {
  const hash = hashInputs([
    'apps/server/drizzle',
    'apps/server/src/database-template.ts',
    'apps/server/src/platform/db/pglite-template.ts',
  ]);
  const outdir = path.join(root, 'apps/server/dist');
  const target = path.join(outdir, 'pglite-template');
  const stamp = path.join(outdir, '.pglite-template-hash');
  if (upToDate(stamp, hash) && existsSync(path.join(target, 'tag'))) {
    console.log('database template: up to date');
    return Promise.resolve();
  }
  console.log('database template: building');
  const child = spawn(process.execPath, [path.join(outdir, 'build-database-template.js'), target], {
    cwd: root,
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      // The template only saves a first start's time (without one, the server makes the database
      // at start as before): a failure is said, not fatal, and the next build tries again.
      if (code === 0) writeFileSync(stamp, hash);
      else console.warn(`database template: failed (${code ?? signal}); new data folders are made at start`);
      resolve();
    });
  });
}

// `node scripts/build.mjs [web|server] [--force]`: both by default.
const only = process.argv.slice(2).find((a) => a === 'web' || a === 'server');
if (only !== 'web') await buildServer();
const template = only !== 'web' ? buildDatabaseTemplate() : Promise.resolve();
if (only !== 'server') await buildWeb();
await template;
