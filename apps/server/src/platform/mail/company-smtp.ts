import {
  createTransport,
  type SendMailOptions,
  type SentMessageInfo,
  type SMTPPoolOptions,
  type SMTPPoolSentMessageInfo,
  type Transporter,
} from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** A company's own SMTP server (`/config/smtp`, module mail-config), the password decrypted. */
export type TCompanySmtp = {
  host: string;
  port: number;
  /** NONE: plain (no STARTTLS even if offered); STARTTLS: upgrade required; TLS: TLS from the start. */
  security: 'NONE' | 'STARTTLS' | 'TLS';
  username: string;
  password: string | null;
  fromName: string;
  fromEmail: string;
  /** Opens the connection instead of nodemailer (mail-config's check of private hosts at connect time). */
  getSocket?: SMTPTransport.Options['getSocket'];
};

/**
 * What the mail job asks for a company's mail: null when the company has no enabled SMTP (the
 * instance's SMTP_URL or the Outbox then). `version` changes whenever the settings are saved; the
 * settings are read (and the password decrypted) only when no transport of that version is cached.
 * Registered by the mail-config module (`MailService.setCompanySmtpResolver`).
 */
export type CompanySmtpResolver = (
  companyId: string,
) => Promise<{ version: string; settings: () => TCompanySmtp } | null>;

export type PooledTransport = Transporter<SMTPPoolSentMessageInfo, SMTPPoolOptions>;

/** Connection limits of a company's server: a slow or silent one fails the attempt, never hangs a mail job. */
const COMPANY_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** nodemailer options for a company's server: `security` decides TLS, a login only with a user name. */
export function companySmtpOptions(settings: TCompanySmtp): SMTPTransport.Options {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'TLS',
    requireTLS: settings.security === 'STARTTLS',
    ignoreTLS: settings.security === 'NONE',
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    ...(settings.getSocket ? { getSocket: settings.getSocket } : {}),
    ...COMPANY_TIMEOUTS,
  };
}

export function companyFrom(settings: Pick<TCompanySmtp, 'fromName' | 'fromEmail'>): SendMailOptions['from'] {
  return { name: settings.fromName, address: settings.fromEmail };
}

type CachedTransport = {
  version: string;
  transport: PooledTransport;
  /** To take the password out of the server's answers (`scrub`). */
  login: Pick<TCompanySmtp, 'username' | 'password'>;
};

/** Companies whose pooled transports a process keeps open at most; the least recently used is closed. */
const MAX_CACHED_TRANSPORTS = 100;

/**
 * One pooled transport per company (one connection, like the instance's: see README "Why one
 * connection"), kept while its settings' version holds. A new version closes the old pool: a
 * delivery in progress on it finishes first, mails waiting in it fail and are retried by the job.
 */
export class CompanyTransports {
  private readonly cache = new Map<string, CachedTransport>();

  /** The company's pool for settings of `version` (`settings` read only to build a new one). */
  get(companyId: string, version: string, settings: () => TCompanySmtp): CachedTransport {
    const cached = this.cache.get(companyId);
    if (cached && cached.version === version) {
      // Map order is insertion order: re-inserting marks it as the most recently used.
      this.cache.delete(companyId);
      this.cache.set(companyId, cached);
      return cached;
    }
    this.drop(companyId);
    const current = settings();
    const transport = createTransport(
      { ...companySmtpOptions(current), pool: true, maxConnections: 1 },
      { from: companyFrom(current) },
    );
    const entry = { version, transport, login: { username: current.username, password: current.password } };
    this.cache.set(companyId, entry);
    for (const [oldest] of this.cache) {
      if (this.cache.size <= MAX_CACHED_TRANSPORTS) break;
      this.drop(oldest);
    }
    return entry;
  }

  /** Closes a company's pool (its settings were disabled or removed). */
  drop(companyId: string): void {
    const cached = this.cache.get(companyId);
    if (!cached) return;
    this.cache.delete(companyId);
    cached.transport.close();
  }

  closeAll(): void {
    for (const companyId of [...this.cache.keys()]) this.drop(companyId);
  }
}

/** How long trying a company's settings may take in all (connection, login and the test mail). */
export const SMTP_CHECK_TIMEOUT_MS = 15_000;

/** Which step of trying the settings failed: the API keys its 422 detail by it. */
export type SmtpCheckStage = 'connect' | 'login' | 'send';

/** Trying a company's settings failed; `reason` is the server's answer (never the password). */
export class SmtpCheckError extends Error {
  constructor(
    readonly stage: SmtpCheckStage,
    readonly reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(reason, options);
    this.name = 'SmtpCheckError';
  }
}

/**
 * Tries the settings with a transport of their own (not pooled, closed afterwards): connection and
 * login (`verify`), then `mail` through them. Everything within `timeoutMs`.
 */
export async function checkSmtp(
  settings: TCompanySmtp,
  mail: SendMailOptions,
  timeoutMs = SMTP_CHECK_TIMEOUT_MS,
): Promise<SentMessageInfo> {
  const transport = createTransport(companySmtpOptions(settings), { from: companyFrom(settings) });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const timedOut = new Promise<never>((_resolve, reject) => {
    abort.signal.addEventListener('abort', () =>
      reject(new Error(`No answer from ${settings.host}:${settings.port} within ${timeoutMs / 1000} s`)),
    );
  });
  // The race's loser must not become an unhandled rejection.
  timedOut.catch(() => undefined);
  try {
    try {
      await Promise.race([transport.verify(), timedOut]);
    } catch (err) {
      throw new SmtpCheckError(isLoginError(err) ? 'login' : 'connect', scrub(err, settings), { cause: err });
    }
    try {
      return await Promise.race([transport.sendMail({ ...mail, signal: abort.signal }), timedOut]);
    } catch (err) {
      throw new SmtpCheckError('send', scrub(err, settings), { cause: err });
    }
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

function isLoginError(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'EAUTH';
}

const MAX_REASON_LENGTH = 2000;

/**
 * The error's text with the password (as typed, and in the base64 forms SMTP logins carry) taken
 * out: a server may echo what it was sent, and the reason is shown and stored.
 */
export function scrub(err: unknown, settings: Pick<TCompanySmtp, 'username' | 'password'>): string {
  let text = err instanceof Error ? err.message : String(err);
  const { password, username } = settings;
  if (password) {
    const forms = [
      password,
      Buffer.from(password).toString('base64'),
      Buffer.from(`\u0000${username}\u0000${password}`).toString('base64'),
    ];
    // The longest first: a login's base64 may hold the password's own.
    for (const form of forms.sort((a, b) => b.length - a.length)) text = text.split(form).join('[password]');
  }
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}...` : text;
}
