import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built app (npm run build) on its own port and its own empty data folder, driven by
// Debian's Chromium: Playwright never downloads a browser here.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'esigns-e2e-'));
export const baseURL = `http://127.0.0.1:${port}`;
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The SMTP sink's HTTP side (e2e/support/smtp-sink.mjs): what the app mailed. */
export const smtpSinkURL = `http://127.0.0.1:${Number(process.env.E2E_SMTP_HTTP_PORT ?? 2527)}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // One folder per port: runs on other ports (other checkouts, CI beside a developer) keep their traces.
  outputDir: path.join(os.tmpdir(), `esigns-e2e-results-${port}`),
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node e2e/support/smtp-sink.mjs',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${smtpSinkURL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node apps/server/dist/main.js`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // An upper bound, not a target: on 2 busy cores the first start (migrations) took over 90 s.
      timeout: 240_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        OUTBOX_KEY: 'e2e-outbox-key',
        // Mail goes out over real SMTP to the sink (and stays readable in the Outbox).
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
    },
  ],
});
