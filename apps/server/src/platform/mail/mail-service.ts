import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type SendMailOptions } from 'nodemailer';
import { z } from 'zod';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import type { JobQueue } from '../jobs/job-queue';
import type { Storage } from '../storage/storage';
import {
  checkSmtp,
  CompanyTransports,
  scrub,
  SmtpCheckError,
  type CompanySmtpResolver,
  type PooledTransport,
  type TCompanySmtp,
} from './company-smtp';
import type { TMailFrame } from './mail-layout';
import { checkMessage, renderMessage, type TMailMessage, type TPreparedMail } from './mail-message';
import { emailLogs, type EmailStatus, type MailTransportKind } from './schema';

export type { TMailAttachment, TMailMessage } from './mail-message';

export const MAIL_SEND_JOB = 'mail.send';
/** Retries after the first attempt. With a 30 s base delay and backoff they span 15-30 minutes: long enough for greylisting and short SMTP outages. */
export const MAIL_RETRY_LIMIT = 5;
const MAIL_RETRY_DELAY_SECONDS = 30;
/** Mails one process hands to SMTP at once (over the pooled connections). */
const MAIL_CONCURRENCY = 10;
const MAX_ERROR_LENGTH = 2000;

export type TQueueMailOptions = {
  /** The caller's transaction: the mail (row and job) exists only if it commits. */
  tx?: MailTx;
  companyId?: string;
};

/** What `queue` needs of a Drizzle handle or transaction (`select`: the company's header/footer). */
export type MailTx = Pick<Db, 'insert' | 'execute' | 'select'>;

/**
 * The company's default header and footer, or null (registered by the email-templates module with
 * `setFrameResolver`). Runs in the queueing transaction, on `db`: the frame is read where the mail is.
 */
export type MailFrameResolver = (
  db: Pick<Db, 'select' | 'execute'>,
  companyId: string,
) => Promise<TMailFrame | null>;

/** How one attempt sends a mail: the company's SMTP, the instance's, or not at all (Outbox). */
type MailRoute =
  | { kind: 'company'; transport: PooledTransport; describe: (err: unknown) => string }
  | { kind: 'instance'; transport: PooledTransport; describe: (err: unknown) => string }
  | { kind: 'outbox' };

type MailDeps = { config: AppConfig; db: Db; jobs: JobQueue; storage: Storage; log: FastifyBaseLogger };

const ZMailJob = z.object({ id: z.uuid() });
type TMailJob = z.infer<typeof ZMailJob>;

/**
 * Outgoing mail. `queue` writes the `email_logs` row and the `mail.send` job in one transaction;
 * the job delivers through the company's own SMTP when it has one enabled, else `SMTP_URL`, else
 * keeps the mail in the Outbox.
 */
export class MailService {
  private readonly config: AppConfig;
  private readonly db: Db;
  private readonly jobs: JobQueue;
  private readonly storage: Storage;
  private readonly log: FastifyBaseLogger;
  /** One pooled transport per process: reconnecting for each mail is slow and some servers throttle it. */
  private readonly transport: PooledTransport | undefined;
  private readonly companyTransports = new CompanyTransports();
  private frameResolver: MailFrameResolver | null = null;
  private smtpResolver: CompanySmtpResolver | null = null;

  constructor(deps: MailDeps) {
    this.config = deps.config;
    this.db = deps.db;
    this.jobs = deps.jobs;
    this.storage = deps.storage;
    this.log = deps.log.child({ component: 'mail' });
    this.transport = deps.config.smtpUrl
      ? createTransport(
          // Query parameters of SMTP_URL (e.g. `?pool=false&tls.rejectUnauthorized=false`) win over these.
          {
            url: deps.config.smtpUrl,
            pool: true,
            // One connection: at most one mail at a time sits between SMTP taking it and the SENT
            // write, so a crash copies one mail at most (see README "After a crash").
            maxConnections: 1,
            connectionTimeout: 30_000,
            socketTimeout: 120_000,
          },
          { from: deps.config.mailFrom },
        )
      : undefined;
  }

  /** The company's default header/footer around its `bodyHtml` mails (the email-templates module). Replaces. */
  setFrameResolver(resolver: MailFrameResolver | null): void {
    this.frameResolver = resolver;
  }

  /** The company's default header/footer as its mails carry it now (previews), or null. */
  async companyFrame(companyId: string): Promise<TMailFrame | null> {
    return this.frameResolver ? this.frameResolver(this.db, companyId) : null;
  }

  /** The instance's public address (relative logo URLs in mails and previews become absolute with it). */
  get publicUrl(): string {
    return this.config.publicUrl;
  }

  /** The company's own SMTP settings (the mail-config module). Replaces. */
  setCompanySmtpResolver(resolver: CompanySmtpResolver | null): void {
    this.smtpResolver = resolver;
  }

  defineJobs(): void {
    this.jobs.define<TMailJob>({
      name: MAIL_SEND_JOB,
      handler: (data, job) => this.deliver(data, job),
      retryLimit: MAIL_RETRY_LIMIT,
      retryDelaySeconds: MAIL_RETRY_DELAY_SECONDS,
      concurrency: MAIL_CONCURRENCY,
    });
  }

  /**
   * Validates and renders a mail, stores it as QUEUED and queues its delivery, in the caller's
   * transaction when given (else in its own). Throws VALIDATION_FAILED (key `to`, `cc`, ...) for
   * a bad message.
   */
  async queue(message: TMailMessage, options: TQueueMailOptions = {}): Promise<{ id: string }> {
    const checked = checkMessage(message);
    const write = async (tx: MailTx): Promise<{ id: string }> => {
      const prepared = await this.prepare(message, checked, tx, options.companyId);
      const [row] = await tx
        .insert(emailLogs)
        .values({ ...prepared, companyId: options.companyId ?? null, status: 'QUEUED' })
        .returning({ id: emailLogs.id });
      if (!row) throw new AppError('INTERNAL_ERROR', { message: 'Mail could not be stored' });
      await this.jobs.send<TMailJob>(MAIL_SEND_JOB, { id: row.id }, { tx });
      return { id: row.id };
    };
    if (options.tx) return write(options.tx);
    const result = await this.db.transaction((tx) => write(tx));
    // The job was sent inside a transaction, which does not wake the workers: do it after commit.
    this.jobs.wake(MAIL_SEND_JOB);
    return result;
  }

  /**
   * The `mail.send` job. A mail is marked SENDING before it goes to SMTP and SENT right after SMTP
   * accepts it, and an accepted mail is never retried. Only a crash between the two (SMTP accepted,
   * the process died before writing SENT) sends it again, once, with the same `Message-ID`, so mail
   * clients show one copy. SENT, FAILED and OUTBOX mails are left alone.
   * Public so that tests can run a given attempt without waiting for the queue's backoff.
   */
  async deliver(data: unknown, job: { retryCount: number }): Promise<void> {
    const parsed = ZMailJob.safeParse(data);
    if (!parsed.success) {
      // Retrying a malformed payload can never succeed.
      this.log.error({ data }, 'mail.send job with an invalid payload dropped');
      return;
    }
    const { id } = parsed.data;

    // QUEUED (or SENDING left by an attempt that died) -> SENDING, in one statement.
    const [row] = await this.db
      .update(emailLogs)
      .set({ status: 'SENDING', attempts: sql`${emailLogs.attempts} + 1` })
      .where(and(eq(emailLogs.id, id), inArray(emailLogs.status, ['QUEUED', 'SENDING'])))
      .returning();
    if (!row) return;
    if (row.attempts > 1 && row.error === null) {
      this.log.warn({ mailId: id }, 'mail sent again: an earlier attempt stopped while sending it');
    }

    let route: MailRoute;
    try {
      route = await this.routeFor(row.companyId);
    } catch (err) {
      return this.recordFailure(id, err, describeError(err), job, null);
    }
    if (route.kind === 'outbox') return this.keepInOutbox(id);

    let messageId: string;
    try {
      const attachments = await Promise.all(
        (row.attachments ?? []).map(async (a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: await this.storage.get(a.storageKey),
        })),
      );
      const info = await route.transport.sendMail({ ...this.envelopeOf(id, row), attachments });
      messageId = info.messageId || this.messageIdOf(id);
    } catch (err) {
      return this.recordFailure(id, err, route.describe(err), job, route.kind);
    }
    await this.markSent(id, messageId, route.kind);
  }

  /**
   * Tries a company's SMTP settings before they are saved (the mail-config module): connection and
   * login, then `message` sent through them, within `SMTP_CHECK_TIMEOUT_MS`. A mail that was handed
   * to the server is in the email log (`transport: company`), SENT or FAILED with the server's
   * answer. Throws `SmtpCheckError` (its `reason` never holds the password).
   */
  async trySmtp(
    settings: TCompanySmtp,
    message: TMailMessage,
    options: { companyId: string; timeoutMs?: number },
  ): Promise<{ id: string }> {
    const checked = checkMessage(message);
    const prepared = await this.prepare(message, checked, this.db, options.companyId);
    const id = randomUUID();
    const record = (status: EmailStatus, extra: { error?: string; messageId?: string }) =>
      this.db.insert(emailLogs).values({
        ...prepared,
        id,
        companyId: options.companyId,
        status,
        attempts: 1,
        transport: 'company',
        error: extra.error ?? null,
        messageId: extra.messageId ?? null,
        sentAt: status === 'SENT' ? new Date() : null,
      });
    try {
      const info = await checkSmtp(settings, this.envelopeOf(id, prepared), options.timeoutMs);
      await record('SENT', { messageId: String(info.messageId || this.messageIdOf(id)) });
      return { id };
    } catch (err) {
      if (err instanceof SmtpCheckError && err.stage === 'send')
        await record('FAILED', { error: err.reason });
      throw err;
    }
  }

  /** The headers and parts of a stored mail, the same on every attempt. */
  private envelopeOf(
    id: string,
    row: Pick<TPreparedMail, 'to' | 'cc' | 'subject' | 'html' | 'text'>,
  ): SendMailOptions {
    return {
      to: row.to,
      ...(row.cc.length > 0 ? { cc: row.cc } : {}),
      subject: row.subject,
      ...(row.html ? { html: row.html } : {}),
      text: row.text,
      // The same on every attempt: copies of a mail sent twice collapse in the reader's client.
      messageId: this.messageIdOf(id),
      headers: { 'X-Mail-Id': id },
    };
  }

  /** The company's enabled SMTP, else the instance's, else the Outbox. */
  private async routeFor(companyId: string | null): Promise<MailRoute> {
    if (companyId && this.smtpResolver) {
      const found = await this.smtpResolver(companyId);
      if (found) {
        const { transport, login } = this.companyTransports.get(companyId, found.version, found.settings);
        return { kind: 'company', transport, describe: (err) => scrub(err, login) };
      }
      this.companyTransports.drop(companyId);
    }
    if (this.transport) return { kind: 'instance', transport: this.transport, describe: describeError };
    return { kind: 'outbox' };
  }

  /** No SMTP for this mail: kept, readable in the Outbox. */
  private async keepInOutbox(id: string): Promise<void> {
    const [kept] = await this.db
      .update(emailLogs)
      .set({ status: 'OUTBOX', transport: 'outbox', error: null })
      .where(and(eq(emailLogs.id, id), eq(emailLogs.status, 'SENDING')))
      .returning({ kind: emailLogs.kind, to: emailLogs.to, cc: emailLogs.cc, subject: emailLogs.subject });
    if (kept) {
      this.log.info(
        { mailId: id, kind: kept.kind, to: kept.to, cc: kept.cc, subject: kept.subject },
        `mail kept in the Outbox (no SMTP_URL): "${kept.subject}" to ${[...kept.to, ...kept.cc].join(', ')}`,
      );
    }
  }

  /**
   * An attempt failed (the row still SENDING): a permanent refusal (SMTP 5xx: unknown mailbox,
   * message refused) or the last attempt makes it FAILED; anything else goes back to QUEUED and is
   * rethrown, so that the queue retries it with backoff.
   */
  private async recordFailure(
    id: string,
    err: unknown,
    reason: string,
    job: { retryCount: number },
    transport: MailTransportKind | null,
  ): Promise<void> {
    const permanent = isPermanentSmtpError(err);
    const lastAttempt = job.retryCount >= MAIL_RETRY_LIMIT;
    const status: EmailStatus = permanent || lastAttempt ? 'FAILED' : 'QUEUED';
    await this.db
      .update(emailLogs)
      .set({ status, error: reason, ...(transport ? { transport } : {}) })
      .where(and(eq(emailLogs.id, id), eq(emailLogs.status, 'SENDING')));
    // The reason, not the error object: a company server's answer is scrubbed of its password.
    this.log.warn(
      { mailId: id, attempt: job.retryCount + 1, status, transport, reason },
      'mail delivery failed',
    );
    if (permanent) return;
    // Rethrown so that the queue retries (or records the job as failed after the last attempt).
    throw new AppError('SERVICE_UNAVAILABLE', { message: `Mail ${id} not delivered: ${reason}` });
  }

  /**
   * SMTP accepted the mail: record it, retrying the write a few times. Never throws: a rethrow
   * would make the queue send an accepted mail again.
   */
  private async markSent(id: string, messageId: string, transport: MailTransportKind): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db
          .update(emailLogs)
          .set({ status: 'SENT', sentAt: new Date(), messageId, error: null, transport })
          .where(and(eq(emailLogs.id, id), eq(emailLogs.status, 'SENDING')));
        return;
      } catch (err) {
        if (attempt >= 3) {
          this.log.error({ err, mailId: id }, 'mail sent, but not marked SENT: it stays SENDING in the log');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }

  /** `<mail id@domain of MAIL_FROM>`: stable for a mail whichever transport sends it, unique across mails. */
  private messageIdOf(id: string): string {
    const domain =
      /@([^>\s]+)>?\s*$/.exec(this.config.mailFrom)?.[1] ?? new URL(this.config.publicUrl).hostname;
    return `<${id}@${domain}>`;
  }

  async close(): Promise<void> {
    this.transport?.close();
    this.companyTransports.closeAll();
  }

  /**
   * The row's columns: rendered (the company's default header/footer around a `bodyHtml` mail
   * unless the message names its own frame) and redacted for the email log.
   */
  private async prepare(
    message: TMailMessage,
    checked: { to: string[]; cc: string[]; subject: string },
    reader: Pick<Db, 'select' | 'execute'>,
    companyId: string | undefined,
  ): Promise<TPreparedMail> {
    const wantsDefault =
      message.frame === undefined && message.bodyHtml !== undefined && companyId !== undefined;
    const frame =
      wantsDefault && this.frameResolver
        ? await this.frameResolver(reader, companyId)
        : (message.frame ?? null);
    const { safe, ...prepared } = renderMessage({ ...message, frame }, checked, this.config.publicUrl);
    if (!safe) this.log.warn({ kind: message.kind }, 'mail: secrets left after redaction, no log body');
    return prepared;
  }
}

function isPermanentSmtpError(err: unknown): boolean {
  const e = err as { permanent?: unknown; responseCode?: unknown } | null;
  if (typeof e?.permanent === 'boolean') return e.permanent;
  return typeof e?.responseCode === 'number' && e.responseCode >= 500;
}

function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}...` : message;
}
