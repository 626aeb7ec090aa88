import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { routePreloads } from './build/route-preloads';

// Resolved from this file so that `vite build --config apps/web/vite.config.ts` run from the
// repository root still builds into apps/web/dist.
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiTarget = 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
};

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#12532,
 * #14102): its production build, the same code with ENABLE_DEV_WARNINGS false, is aliased for
 * `vite build`, so the app does not run (nor print) the development warnings.
 */
const reactRouterEntry = createRequire(import.meta.url).resolve('react-router');
const reactRouterProduction = reactRouterEntry.replace(
  /dist([\\/])development([\\/])index\.m?js$/,
  'dist$1production$2index.mjs',
);
const routerAlias =
  reactRouterProduction !== reactRouterEntry && existsSync(reactRouterProduction)
    ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
    : [];

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), routePreloads(webRoot)],
  resolve: {
    alias: command === 'build' ? routerAlias : [],
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: `${webRoot}dist`,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Mantine's core and the few inputs, buttons and alerts nearly every screen uses, in one
            // chunk preloaded with the entry: left alone, Rolldown split them into ~20 files of
            // 0.3-3 KB each, which the sign-in page fetched one after the other (46 scripts, 170.9 KB
            // on the wire; with this group 26 scripts, 161.7 KB: small files compress badly and each
            // repeats its imports).
            {
              name: 'ui-base',
              test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Input|InputBase|TextInput|PasswordInput|UnstyledButton|CloseButton|ActionIcon|Alert|Anchor|Image|Avatar|SimpleGrid))[\\/]|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]createReactComponent)/,
            },
          ],
        },
      },
    },
  },
}));
