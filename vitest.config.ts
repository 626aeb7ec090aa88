import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (contracts, web, pure server code; no database) and `api` (the HTTP API
// against a real database: PGlite by default, PostgreSQL with TEST_DB=postgres).
/**
 * Web test files that replace modules (`vi.mock`: the socket client, the PDF viewer...) or change
 * module state for good (`sessionStore.keepInMemoryOnly()`, an embedded frame's session, has no
 * way back): a shared module graph would carry that over to the worker's later files (a mocked
 * screen, a session store that no longer writes to storage), so they run with a module graph of
 * their own (project `web-isolated`). They are found by reading the files, so a new one cannot be
 * forgotten; others that keep module state are listed here.
 */
const WEB_STATEFUL = ['src/features/form-templates/renderer/template-form.test.tsx'];
const WEB_ISOLATED = [
  ...new Set([...WEB_STATEFUL, ...webFilesCalling('vi.mock('), ...webFilesCalling('keepInMemoryOnly(')]),
].sort();

function webFilesCalling(text: string): string[] {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/web');
  return fs
    .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes(text));
}

/**
 * Test files at once in the projects without a database (`unit`, `web`, `web-isolated`): one per
 * core. Vitest's default is one less than the cores, a single file at a time on the 2-core CI
 * machine, where the unit stage then took 5 min; its files do not share anything on disk.
 */
const unitWorkers = os.availableParallelism();

/**
 * API test files that replace modules (`vi.mock`): they run with a module graph of their own
 * (project `api-isolated`); every other API file shares its worker's (project `api`).
 */
const API_ISOLATED = ['apps/server/src/modules/entity-data/computed-values.test.ts'];

/** What both API projects share: `*.postgres.test.ts` need a real server (several processes on one database). */
const apiTest = {
  exclude: [
    'apps/server/src/**/*.unit.test.ts',
    ...(process.env.TEST_DB === 'postgres' ? [] : ['apps/server/src/**/*.postgres.test.ts']),
  ],
  environment: 'node',
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  maxWorkers: 2,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
          environment: 'node',
          maxWorkers: unitWorkers,
        },
      },
      {
        plugins: [react()],
        root: 'apps/web',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_ISOLATED,
          environment: 'jsdom',
          maxWorkers: unitWorkers,
          setupFiles: ['src/test-setup.ts'],
          // Files share one module graph per worker (Mantine, the router and the screens are
          // compiled once, not once per file): about 3x faster. Each file still gets a fresh DOM
          // and its own QueryClient; files that mock modules run isolated below.
          isolate: false,
          // A file's first test also compiles its lazy screens, slow on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        root: 'apps/web',
        test: {
          name: 'web-isolated',
          include: WEB_ISOLATED,
          environment: 'jsdom',
          maxWorkers: unitWorkers,
          setupFiles: ['src/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          ...apiTest,
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [...apiTest.exclude, ...API_ISOLATED],
          // Files share one module graph per worker: the server's modules are imported and
          // compiled once, not once per file (that was most of a file's fixed cost). Each file
          // still builds its own app on its own fresh database (test/test-app.ts).
          isolate: false,
        },
      },
      {
        test: {
          ...apiTest,
          name: 'api-isolated',
          include: API_ISOLATED,
        },
      },
    ],
  },
});
