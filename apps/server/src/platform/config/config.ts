import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const ZBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZOptionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: ZOptionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: ZOptionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: ZOptionalString,
  SMTP_ALLOW_PRIVATE_HOSTS: ZBool,
  SSO_ALLOW_HTTP_ISSUERS: ZBool,
  MAIL_FROM: z.string().default('e-Signs <no-reply@e-signs.local>'),
  S3_BUCKET: ZOptionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: ZOptionalString,
  S3_ACCESS_KEY_ID: ZOptionalString,
  S3_SECRET_ACCESS_KEY: ZOptionalString,
  S3_FORCE_PATH_STYLE: ZBool,
  REDIS_URL: ZOptionalString,
  WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  JOB_LEASE_STALE_SECONDS: z.coerce.number().int().min(2).max(3600).default(20),
  JWT_SECRET: ZOptionalString,
  STORAGE_SECRET: ZOptionalString,
  OUTBOX_KEY: ZOptionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  RATE_LIMIT_ROUTE_FACTOR: z.coerce.number().int().min(1).max(100).default(1),
  TRUST_PROXY: ZOptionalString,
  WEB_DIST: ZOptionalString,
  SIGNING_P12: ZOptionalString,
  SIGNING_P12_PASSPHRASE: z.string().optional(),
  /** RFC 3161 timestamp authorities (comma list, tried in order): seals become PAdES B-T. */
  TSA_URLS: ZOptionalString,
  TSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Daily archival re-timestamping of sealed documents (B-LTA renewal; needs TSA_URLS). */
  LTA_RENEWAL: ZBool,
  /** Renew when the last timestamp's authority certificate expires within this many days. */
  LTA_RENEWAL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SHAREPOINT_LOGIN_URL: ZOptionalString.pipe(z.url().optional()),
  SHAREPOINT_GRAPH_URL: ZOptionalString.pipe(z.url().optional()),
  SHAREPOINT_RETRY_DELAYS: ZOptionalString,
  WEBHOOKS_ALLOW_PRIVATE: ZBool,
  WEBHOOKS_RETRY_DELAYS: ZOptionalString,
  WEBHOOKS_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(10_000).default(5),
  WEBHOOKS_DISABLE_AFTER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(120),
  STRIPE_SECRET_KEY: ZOptionalString,
  STRIPE_WEBHOOK_SECRET: ZOptionalString,
  STRIPE_API_URL: ZOptionalString.pipe(z.url().optional()),
  WIRE_INSTRUCTIONS: ZOptionalString,
  WHATSAPP_GRAPH_URL: ZOptionalString.pipe(z.url().optional()),
  DEFAULT_PLAN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{2,40}$/)
    .default('FREE')
    .transform((v) => v.toUpperCase()),
  OPERATOR_EMAILS: ZOptionalString,
});

export type Secrets = { jwtSecret: string; storageSecret: string; outboxKey: string };

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each process keeps to PostgreSQL (DATABASE_URL) at most. */
  databasePoolSize: number;
  smtpUrl: string | undefined;
  /** Companies' own SMTP hosts may be private, loopback or link-local addresses (mail-config README). */
  smtpAllowPrivateHosts: boolean;
  /** Companies' SSO issuers may be plain http (modules/sso README): local providers of the journeys. */
  ssoAllowHttpIssuers: boolean;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  redisUrl: string | undefined;
  /** 0: jobs run inside the API process; n: n separate worker processes run them. */
  workers: number;
  /** A job lease not renewed for this long belongs to a dead process (JOB_LEASE_STALE_SECONDS). */
  jobLeaseStaleSeconds: number;
  secrets: Secrets;
  logLevel: string;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  rateLimitPerMinute: number;
  /**
   * Multiplies every route's own limit (sign-in, sign-up, codes...): 1 in production; test
   * environments whose many simulated users share one address raise it (RATE_LIMIT_ROUTE_FACTOR).
   */
  rateLimitRouteFactor: number;
  /**
   * Which peers may tell the client's address (`X-Forwarded-For`, `-Proto`, `-Host`): none
   * (false, the default), the given addresses/CIDRs (or proxy-addr's names `loopback`,
   * `linklocal`, `uniquelocal`), or the last n hops. Fastify's `trustProxy`.
   */
  trustProxy: TrustProxy;
  /** Folder of the built web app; served with SPA fallback when it exists. */
  webDist: string | undefined;
  /** Document-sealing identity (PKCS#12, base64 or file path); unset: generated and kept in the database. */
  signingP12: { source: string; passphrase: string } | undefined;
  /** Timestamp authorities of seals (TSA_URLS; empty: PAdES B-B) and the time-out of each. */
  timestamps: { urls: string[]; timeoutMs: number };
  /**
   * Daily archival re-timestamping (LTA_RENEWAL, LTA_RENEWAL_DAYS; the signing module's README
   * "Archival re-timestamping"): sealed files whose last timestamp's authority certificate expires
   * within `windowDays` get fresh validation data and a new document timestamp.
   */
  archiveRenewal: { enabled: boolean; windowDays: number };
  /** Copies to SharePoint (the sharepoint module's README). */
  sharepoint: SharePointConfig;
  /** Outgoing webhooks (the webhooks module's README). */
  webhooks: WebhooksConfig;
  /** Payments (the payment-gateway module's README). */
  payments: PaymentsConfig;
  /** WhatsApp Cloud API (the whatsapp module's README). */
  whatsapp: WhatsappConfig;
  /** Plans and limits (the subscriptions module's README). */
  subscriptions: SubscriptionsConfig;
};

export type SubscriptionsConfig = {
  /** The plan code of a company without a subscription (DEFAULT_PLAN, FREE by default). */
  defaultPlan: string;
  /** Instance operators (OPERATOR_EMAILS, a comma list, lower case): products, plans, promo codes. */
  operatorEmails: string[];
};

export type PaymentsConfig = {
  /** The instance's Stripe account (it bills companies); unset: the instance bills through MANUAL. */
  stripeSecretKey: string | undefined;
  /** Verifies the instance endpoint's events (`POST /api/payment-gateway/webhooks/stripe`). */
  stripeWebhookSecret: string | undefined;
  /** Where the Stripe SDK sends its calls (the local test server in tests); unset: api.stripe.com. */
  stripeApiUrl: string | undefined;
  /** Wire transfer instructions shown for MANUAL payments without an account of their own. */
  wireInstructions: string | undefined;
};

export type WhatsappConfig = {
  /** The Cloud API's Graph base (WHATSAPP_GRAPH_URL, default https://graph.facebook.com/v21.0; a local server in tests). */
  graphUrl: string;
};

export type WebhooksConfig = {
  /** Targets may resolve to private, loopback or link-local addresses (WEBHOOKS_ALLOW_PRIVATE=1). */
  allowPrivate: boolean;
  /** Waits before the 2nd..8th try, seconds (WEBHOOKS_RETRY_DELAYS, a comma list of 7); default 5 s ... 2 h. */
  retryDelaysSeconds: number[] | undefined;
  /** An endpoint is disabled after this many final failures in a row (WEBHOOKS_DISABLE_AFTER_FAILURES)... */
  disableAfterFailures: number;
  /** ...the first of them at least this long ago (WEBHOOKS_DISABLE_AFTER_HOURS, default 120: 5 days). */
  disableAfterHours: number;
};

export type SharePointConfig = {
  /** Entra ID's token endpoint base (SHAREPOINT_LOGIN_URL, default https://login.microsoftonline.com). */
  loginUrl: string;
  /** Microsoft Graph (SHAREPOINT_GRAPH_URL, default https://graph.microsoft.com/v1.0; a local server in tests). */
  graphUrl: string;
  /** Waits before the 2nd..8th try of a copy, seconds (SHAREPOINT_RETRY_DELAYS, 7 comma-separated). */
  retryDelaysSeconds: number[] | undefined;
};

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {}

/**
 * Reads the environment once, validated. Secrets not given in the environment are generated on
 * first start and kept in `DATA_DIR/secrets.json` (mode 0600), so that tokens and signed URLs
 * survive restarts. Several API nodes must share them: give them in the environment there.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.LTA_RENEWAL && !e.TSA_URLS) {
    throw new ConfigError('LTA_RENEWAL needs TSA_URLS: a renewal is a new timestamp from an authority.');
  }
  if (e.WORKERS > 0 && !e.DATABASE_URL) {
    throw new ConfigError('WORKERS > 0 needs DATABASE_URL: the embedded database belongs to one process.');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const stored = readOrCreateSecrets(dataDir, e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    smtpAllowPrivateHosts: e.SMTP_ALLOW_PRIVATE_HOSTS,
    ssoAllowHttpIssuers: e.SSO_ALLOW_HTTP_ISSUERS,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    workers: e.WORKERS,
    jobLeaseStaleSeconds: e.JOB_LEASE_STALE_SECONDS,
    secrets: stored,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitRouteFactor: e.RATE_LIMIT_ROUTE_FACTOR,
    trustProxy,
    webDist: e.WEB_DIST,
    signingP12: e.SIGNING_P12
      ? { source: e.SIGNING_P12, passphrase: e.SIGNING_P12_PASSPHRASE ?? '' }
      : undefined,
    timestamps: {
      urls: (e.TSA_URLS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter((u) => /^https?:\/\//.test(u)),
      timeoutMs: e.TSA_TIMEOUT_MS,
    },
    archiveRenewal: { enabled: e.LTA_RENEWAL, windowDays: e.LTA_RENEWAL_DAYS },
    sharepoint: {
      loginUrl: (e.SHAREPOINT_LOGIN_URL ?? 'https://login.microsoftonline.com').replace(/\/+$/, ''),
      graphUrl: (e.SHAREPOINT_GRAPH_URL ?? 'https://graph.microsoft.com/v1.0').replace(/\/+$/, ''),
      retryDelaysSeconds: parseRetryDelays(e.SHAREPOINT_RETRY_DELAYS, 'SHAREPOINT_RETRY_DELAYS'),
    },
    webhooks: {
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
      retryDelaysSeconds: parseRetryDelays(e.WEBHOOKS_RETRY_DELAYS),
      disableAfterFailures: e.WEBHOOKS_DISABLE_AFTER_FAILURES,
      disableAfterHours: e.WEBHOOKS_DISABLE_AFTER_HOURS,
    },
    whatsapp: {
      graphUrl: (e.WHATSAPP_GRAPH_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
    },
    payments: {
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
      wireInstructions: e.WIRE_INSTRUCTIONS,
    },
    subscriptions: {
      defaultPlan: e.DEFAULT_PLAN,
      operatorEmails: (e.OPERATOR_EMAILS ?? '')
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter((v) => v !== ''),
    },
  };
}

/** WEBHOOKS_RETRY_DELAYS: 7 whole numbers of seconds, comma-separated (tests use short ones). */
function parseRetryDelays(value: string | undefined, name = 'WEBHOOKS_RETRY_DELAYS'): number[] | undefined {
  if (value === undefined) return undefined;
  const delays = value.split(',').map((v) => Number(v.trim()));
  if (delays.length !== 7 || delays.some((d) => !Number.isInteger(d) || d < 0 || d > 7 * 86_400)) {
    throw new ConfigError(
      `Invalid environment:\n  ${name}: 7 whole numbers of seconds, comma-separated (got "${value}")`,
    );
  }
  return delays;
}

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy (the socket's peer is the client); a number
 * trusts that many hops; otherwise a comma list of addresses, CIDRs and proxy-addr's names.
 * `true` (any peer) is refused: anybody could then write the address recorded in audit trails
 * and escape every limiter with a new header value.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  const bad = (why: string): ConfigError =>
    new ConfigError(`Invalid environment:\n  TRUST_PROXY: ${why} (got "${value}")`);
  if (value === 'true') {
    throw bad(
      'trusting every peer lets any client forge its address; list your proxies (10.0.0.0/8, loopback, ...) or give the hop count (1)',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw bad('a hop count is 0 to 10');
    return hops;
  }
  const entries = value.split(',').map((v) => v.trim());
  for (const entry of entries) {
    if (!isTrustedProxyEntry(entry)) {
      throw bad(`"${entry}" is not an IP address, a CIDR (10.0.0.0/8), loopback, linklocal or uniquelocal`);
    }
  }
  return entries;
}

function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function readOrCreateSecrets(dataDir: string, e: z.infer<typeof ZEnv>): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let saved: Partial<Secrets> = {};
  if (existsSync(file)) {
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    } catch {
      throw new ConfigError(`${file} is not valid JSON: fix or delete it (tokens will reset).`);
    }
  }
  const fromEnv: Partial<Secrets> = {
    jwtSecret: e.JWT_SECRET,
    storageSecret: e.STORAGE_SECRET,
    outboxKey: e.OUTBOX_KEY,
  };
  // Secrets given in the environment are used as they are and never written to disk.
  const keys = ['jwtSecret', 'storageSecret', 'outboxKey'] as const;
  const toSave: Partial<Secrets> = { ...saved };
  let changed = false;
  for (const key of keys) {
    if (fromEnv[key] === undefined && saved[key] === undefined) {
      toSave[key] = newSecret();
      changed = true;
    }
  }
  if (changed) writeFileSync(file, JSON.stringify(toSave, null, 2), { mode: 0o600 });
  return {
    jwtSecret: fromEnv.jwtSecret ?? toSave.jwtSecret!,
    storageSecret: fromEnv.storageSecret ?? toSave.storageSecret!,
    outboxKey: fromEnv.outboxKey ?? toSave.outboxKey!,
  };
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
