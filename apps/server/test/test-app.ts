import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp, type App } from '../src/app';
import { defineModuleJobs } from '../src/module-jobs';
import { loadConfig, type AppConfig } from '../src/platform/config/config';
import { createPlatform, type Platform } from '../src/platform/platform';
import { createTestDatabase } from './test-database';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

export type TestApp = {
  app: App;
  platform: Platform;
  config: AppConfig;
  close: () => Promise<void>;
};

/**
 * A whole API on its own fresh database and data folder (one per test file, like
 * fastify/demo's helper). `env` overrides configuration (e.g. SMTP_URL for a mail sink).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    extend?: (app: App) => void;
    /** A database made by the caller (e.g. to give its URL to worker processes); dropped on close. */
    database?: TestDatabase;
    /** A logger of the caller's (e.g. to read the lines written); default: pino at LOG_LEVEL. */
    log?: FastifyBaseLogger;
    /** Defines more jobs or event subscribers (a test's own) before the queue starts. */
    beforeStart?: (platform: Platform) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Companies without a subscription are on the unlimited plan: suites create many records and
    // documents; the subscriptions tests ask for FREE (DEFAULT_PLAN) to check the limits.
    DEFAULT_PLAN: 'ENTERPRISE',
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const log = options.log ?? pino({ level: config.logLevel });
  const platform = await createPlatform(config, log, 'api', {
    database,
    pollingIntervalSeconds: 0.5,
    defineJobs: (p) => {
      defineModuleJobs(p);
      options.beforeStart?.(p);
    },
  });
  const app = await buildApp(platform);
  options.extend?.(app);
  await app.ready();
  return {
    app,
    platform,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
