import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built app (npm run build) on its own port and its own empty data folder, driven by
// Debian's Chromium: Playwright never downloads a browser here. Its headless shell
// (chromium-headless-shell, the build Playwright itself runs headless) when installed: the same
// engine without the desktop browser around it, about a quarter less CPU per journey.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'esigns-e2e-'));
export const baseURL = `http://127.0.0.1:${port}`;
/** The SMTP sink's SMTP side: the instance's SMTP_URL, and a company's own SMTP in e2e/email. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The SMTP sink's HTTP side (e2e/support/smtp-sink.mjs): what the app mailed. */
export const smtpSinkURL = `http://127.0.0.1:${Number(process.env.E2E_SMTP_HTTP_PORT ?? 2527)}`;
/** The local Stripe-compatible test server (scripts/stripe-test-server.mjs): the app's STRIPE_API_URL. */
export const stripeURL = `http://127.0.0.1:${Number(process.env.E2E_STRIPE_PORT ?? 2528)}`;
/** The instance's Stripe keys on the journeys' server (the test server takes any `sk_test_` key). */
export const stripeSecretKey = 'sk_test_e2einstance0000';
export const stripeWebhookSecret = 'whsec_e2einstance0000';
const chromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Two journey files at a time (the tests of one file stay in order in one worker): one journey
  // mostly waits on the server or the browser, so a second one fills the other core. Each journey
  // signs up its own company and mailboxes (support/ids.ts), so they never see each other's data.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  // An upper bound for a screen to show, not a target: with two journeys at once on a busy 2-core
  // machine a first screen (lazy chunks, the first queries) took over 10 s.
  expect: { timeout: 20_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // One folder per port: runs on other ports (other checkouts, CI beside a developer) keep their traces.
  outputDir: path.join(os.tmpdir(), `esigns-e2e-results-${port}`),
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium ?? '/usr/bin/chromium',
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
    // A failed journey keeps its trace (actions, DOM snapshots, network); without the screencast,
    // whose frames cost about a third of a journey's CPU (88 s instead of 132 s for 18 journeys).
    trace: { mode: 'retain-on-failure', screenshots: false },
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
      // Stripe's API for the payment journeys: checkout pages, signed webhooks to the app.
      command:
        `node scripts/stripe-test-server.mjs --port ${new URL(stripeURL).port} ` +
        `--webhook-url ${baseURL}/api/payment-gateway/webhooks/stripe --webhook-secret ${stripeWebhookSecret}`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${stripeURL}/health`,
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
        // A company's own SMTP pointed at the local sink (e2e/email) is a private host.
        SMTP_ALLOW_PRIVATE_HOSTS: '1',
        // The SSO journey's identity provider runs on plain http (e2e/integrations/sso-journey.spec.ts).
        SSO_ALLOW_HTTP_ISSUERS: '1',
        // The webhooks journey's receiver listens on 127.0.0.1 (e2e/integrations/webhooks-journey.spec.ts).
        WEBHOOKS_ALLOW_PRIVATE: '1',
        // Every journey's users sign up and in from 127.0.0.1: the routes' own limits (sign-in 20 a
        // minute per address...) are raised so that journeys running side by side are not refused.
        RATE_LIMIT_ROUTE_FACTOR: '10',
        // Payments through the local Stripe test server (company accounts use the same API base).
        STRIPE_SECRET_KEY: stripeSecretKey,
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        STRIPE_API_URL: stripeURL,
        // Instance operators (promo codes, plans) of the subscription journey: any address of this domain.
        OPERATOR_EMAILS: '@operators.e2e.example',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
    },
  ],
});
