// Draws the static pages (src/static-pages/pages.ts) after `vite build`: each page's markup, as
// the app draws it, into dist/static-pages.json. The server puts it in the page it sends for
// those addresses (apps/server/src/platform/http/spa-shell.ts). Also builds dist-ssr/ (below).
// Run by scripts/build.mjs; `node apps/web/build/static-pages.mjs`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer } from 'vite';

process.env.NODE_ENV = 'production';
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');

// The code the server draws pages with for one request (src/static-pages/drawn-landing.tsx: a
// signing link's landing), as an ES module for Node beside dist/ (not served): the packages it
// imports are resolved from node_modules when the server loads it.
await build({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: 'src/static-pages/drawn-landing.tsx',
    outDir: path.join(webRoot, 'dist-ssr'),
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});

const server = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
});
try {
  const { STATIC_PAGES } = await server.ssrLoadModule('/src/static-pages/pages.ts');
  const { renderStaticPage } = await server.ssrLoadModule('/src/static-pages/render.tsx');
  const pages = [];
  for (const page of STATIC_PAGES) {
    const markup = await renderStaticPage(page.path);
    if (!markup.includes('<form')) throw new Error(`${page.path}: the drawn page has no form`);
    pages.push({ ...page, markup });
  }
  writeFileSync(path.join(dist, 'static-pages.json'), JSON.stringify({ pages }));
  console.log(`static pages: ${pages.map((p) => p.path).join(', ')}`);
} finally {
  await server.close();
}
// Vite leaves a handle open after close (its dependency scanner): nothing is left to do.
process.exit(0);
