import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// Resolved from this file so that `vite build --config apps/web/vite.config.ts` run from the
// repository root still builds into apps/web/dist.
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiTarget = 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
};

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: `${webRoot}dist`,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
