import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  createTransport,
  type SMTPPoolOptions,
  type SMTPPoolSentMessageInfo,
  type Transporter,
} from 'nodemailer';
import { z } from 'zod';
import type { TBranding } from '@esigns/contracts/branding';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { AppError, validationError } from '../http/app-error';
import type { JobQueue } from '../jobs/job-queue';
import type { Storage } from '../storage/storage';
import { htmlToText, renderMailLayout, type TMailButton } from './mail-layout';
import { isFreeOfSecrets, redactSecrets } from './redact';
import { emailLogs, type EmailStatus } from './schema';

export const MAIL_SEND_JOB = 'mail.send';
/** Retries after the first attempt. With a 30 s base delay and backoff they span 15-30 minutes: long enough for greylisting and short SMTP outages. */
export const MAIL_RETRY_LIMIT = 5;
const MAIL_RETRY_DELAY_SECONDS = 30;
/** Mails one process hands to SMTP at once (over the pooled connections). */
const MAIL_CONCURRENCY = 10;
const MAX_ERROR_LENGTH = 2000;

export type TMailAttachment = { filename: string; storageKey: string; contentType: string };

export type TMailMessage = {
  to: string | string[];
  cc?: string[];
  subject: string;
  /** Used as given when there is no `bodyHtml`. */
  html?: string;
  /** Derived from the HTML when missing. */
  text?: string;
  /** What the mail is about (e.g. `document.sent`); shown and filterable in the Outbox. */
  kind?: string;
  branding?: Partial<TBranding>;
  /** Defaults to the subject. */
  heading?: string;
  /** Trusted HTML built by our code (escape every user value in it): rendered inside the branded layout. */
  bodyHtml?: string;
  button?: TMailButton;
  preheader?: string;
  attachments?: TMailAttachment[];
  /**
   * Values only the recipient may see (one-time codes, tokens, links with tokens). They never
   * reach the email log: see `redact.ts`. Links and six-digit codes are redacted even when not
   * declared, but declare them anyway.
   */
  secrets?: string[];
};

export type TQueueMailOptions = {
  /** The caller's transaction: the mail (row and job) exists only if it commits. */
  tx?: MailTx;
  companyId?: string;
};

/** What `queue` needs of a Drizzle handle or transaction. */
export type MailTx = Pick<Db, 'insert' | 'execute'>;

type MailDeps = { config: AppConfig; db: Db; jobs: JobQueue; storage: Storage; log: FastifyBaseLogger };

const ZMailJob = z.object({ id: z.uuid() });
type TMailJob = z.infer<typeof ZMailJob>;

/**
 * Outgoing mail. `queue` writes the `email_logs` row and the `mail.send` job in one transaction;
 * the job delivers through SMTP when `SMTP_URL` is set, otherwise keeps the mail in the Outbox.
 */
export class MailService {
  private readonly config: AppConfig;
  private readonly db: Db;
  private readonly jobs: JobQueue;
  private readonly storage: Storage;
  private readonly log: FastifyBaseLogger;
  /** One pooled transport per process: reconnecting for each mail is slow and some servers throttle it. */
  private readonly transport: Transporter<SMTPPoolSentMessageInfo, SMTPPoolOptions> | undefined;

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
    const prepared = this.prepare(message);
    const write = async (tx: MailTx): Promise<{ id: string }> => {
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

    if (!this.transport) {
      const [kept] = await this.db
        .update(emailLogs)
        .set({ status: 'OUTBOX' })
        .where(and(eq(emailLogs.id, id), eq(emailLogs.status, 'QUEUED')))
        .returning({ kind: emailLogs.kind, to: emailLogs.to, cc: emailLogs.cc, subject: emailLogs.subject });
      if (kept) {
        this.log.info(
          { mailId: id, kind: kept.kind, to: kept.to, cc: kept.cc, subject: kept.subject },
          `mail kept in the Outbox (no SMTP_URL): "${kept.subject}" to ${[...kept.to, ...kept.cc].join(', ')}`,
        );
      }
      return;
    }

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

    let info: SMTPPoolSentMessageInfo;
    try {
      const attachments = await Promise.all(
        (row.attachments ?? []).map(async (a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: await this.storage.get(a.storageKey),
        })),
      );
      info = await this.transport.sendMail({
        to: row.to,
        ...(row.cc.length > 0 ? { cc: row.cc } : {}),
        subject: row.subject,
        ...(row.html ? { html: row.html } : {}),
        text: row.text,
        attachments,
        // The same on every attempt: copies of a mail sent twice collapse in the reader's client.
        messageId: this.messageIdOf(id),
        headers: { 'X-Mail-Id': id },
      });
    } catch (err) {
      // A 5xx answer (unknown mailbox, message refused) will be the same on every retry.
      const permanent = isPermanentSmtpError(err);
      const lastAttempt = job.retryCount >= MAIL_RETRY_LIMIT;
      const status: EmailStatus = permanent || lastAttempt ? 'FAILED' : 'QUEUED';
      const reason = describeError(err);
      await this.db
        .update(emailLogs)
        .set({ status, error: reason })
        .where(and(eq(emailLogs.id, id), eq(emailLogs.status, 'SENDING')));
      this.log.warn({ mailId: id, attempt: job.retryCount + 1, status, err }, 'mail delivery failed');
      if (permanent) return;
      // Rethrown so that the queue retries (or records the job as failed after the last attempt).
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: `Mail ${id} not delivered: ${reason}`,
        cause: err,
      });
    }
    await this.markSent(id, info.messageId || this.messageIdOf(id));
  }

  /**
   * SMTP accepted the mail: record it, retrying the write a few times. Never throws: a rethrow
   * would make the queue send an accepted mail again.
   */
  private async markSent(id: string, messageId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db
          .update(emailLogs)
          .set({ status: 'SENT', sentAt: new Date(), messageId, error: null })
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

  /** `<mail id@domain of MAIL_FROM>`: stable for a mail, unique across mails. */
  private messageIdOf(id: string): string {
    const domain =
      /@([^>\s]+)>?\s*$/.exec(this.config.mailFrom)?.[1] ?? new URL(this.config.publicUrl).hostname;
    return `<${id}@${domain}>`;
  }

  async close(): Promise<void> {
    this.transport?.close();
  }

  private prepare(message: TMailMessage) {
    const details: TValidationDetail[] = [];
    const to = normaliseAddresses(message.to, 'to', details);
    const cc = normaliseAddresses(message.cc ?? [], 'cc', details);
    if (to.length === 0 && !details.some((d) => d.key === 'to')) {
      details.push({ key: 'to', message: 'At least one recipient is required', path: ['to'] });
    }
    // Line breaks in a subject would end the header.
    const subject = message.subject.replace(/[\r\n]+/g, ' ').trim();
    if (!subject) details.push({ key: 'subject', message: 'Subject is required', path: ['subject'] });
    if (message.bodyHtml === undefined && !message.html && !message.text) {
      details.push({
        key: 'bodyHtml',
        message: 'Mail has no content (bodyHtml, html or text)',
        path: ['bodyHtml'],
      });
    }
    if (message.button && !/^https?:\/\//i.test(message.button.url)) {
      details.push({
        key: 'button.url',
        message: 'Button link must be an http(s) URL',
        path: ['button', 'url'],
      });
    }
    (message.attachments ?? []).forEach((a, i) => {
      for (const field of ['filename', 'storageKey', 'contentType'] as const) {
        if (!a[field].trim()) {
          details.push({
            key: `attachments.${i}.${field}`,
            message: `${field} is required`,
            path: ['attachments', i, field],
          });
        }
      }
    });
    const first = details[0];
    if (first) throw validationError(details, first.message);

    const { html, text } = this.render(message, subject, null);
    // The email log's copy: the same mail rendered with every secret replaced (see redact.ts).
    const secrets = [...(message.secrets ?? []), ...(message.button ? [message.button.url] : [])];
    const redact = (value: string): string => redactSecrets(value, secrets);
    const redacted = this.render(message, subject, redact);
    const redactedSubject = redact(subject);
    const isSafe = isFreeOfSecrets([redactedSubject, redacted.html, redacted.text], secrets);
    if (!isSafe) this.log.warn({ kind: message.kind }, 'mail: secrets left after redaction, no log body');
    return {
      to,
      cc,
      subject,
      html,
      text,
      // The subject is shown in every list: when unsafe, the log shows the kind instead.
      redactedSubject: isSafe ? redactedSubject : `[redacted] ${message.kind?.trim() || 'mail'}`,
      redactedHtml: isSafe ? redacted.html : null,
      redactedText: isSafe ? redacted.text : null,
      kind: message.kind?.trim() || 'generic',
      attachments: message.attachments?.length ? message.attachments : null,
    };
  }

  /** The mail's HTML and text: as sent, or (with `redact`) with it applied to every value a caller gave. */
  private render(
    message: TMailMessage,
    subject: string,
    redact: ((value: string) => string) | null,
  ): { html: string; text: string } {
    const isRedacted = redact !== null;
    const map = redact ?? ((value: string) => value);
    if (message.bodyHtml !== undefined) {
      const rendered = renderMailLayout({
        branding: message.branding ?? {},
        heading: map(message.heading ?? subject),
        bodyHtml: map(message.bodyHtml),
        publicUrl: this.config.publicUrl,
        redactButtonLink: isRedacted,
        ...(message.button ? { button: message.button } : {}),
        ...(message.preheader ? { preheader: map(message.preheader) } : {}),
      });
      return { html: rendered.html, text: message.text !== undefined ? map(message.text) : rendered.text };
    }
    // A text-only mail stays text-only: html '' means "no HTML part".
    const html = map(message.html ?? '');
    return { html, text: message.text !== undefined ? map(message.text) : htmlToText(html) };
  }
}

const ZAddress = z.email();

function normaliseAddresses(value: string | string[], key: string, details: TValidationDetail[]): string[] {
  const list = (Array.isArray(value) ? value : [value])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [String(v)]))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const address of list) {
    if (!ZAddress.safeParse(address).success) {
      details.push({ key, message: `"${address}" is not a valid email address`, path: [key] });
    }
  }
  return [...new Set(list)];
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
