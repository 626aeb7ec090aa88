import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (contracts, web, pure server code; no database) and `api` (the HTTP API
// against a real database: PGlite by default, PostgreSQL with TEST_DB=postgres).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contracts/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        root: 'apps/web',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A file's first test also compiles its lazy screens, slow on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // `*.postgres.test.ts` need a real server (several processes on one database).
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
        },
      },
    ],
  },
});
