import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { EmailStatus, MailTransportKind } from '@esigns/contracts/outbox';

export type { EmailStatus, MailTransportKind };

/**
 * Every message the product sends, whatever happens to it: `QUEUED` until the mail job runs,
 * `SENDING` while SMTP has it, then `SENT` (accepted by SMTP), `FAILED` (retries exhausted; `error` says why) or `OUTBOX`
 * (no SMTP configured: kept here, readable in the Outbox screen).
 */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid(),
    to: text().array().notNull(),
    cc: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /**
     * The email log's copy (what a company's admins read): the subject and bodies rendered again
     * with every link and code replaced (`redact.ts`). Bodies are null for mails queued before
     * it existed, or when redaction could not be verified: the log then shows no body.
     */
    redactedSubject: text().notNull(),
    redactedHtml: text(),
    redactedText: text(),
    kind: text().notNull().default('generic'),
    /** The entity email template a mail was made from (id and name as it was sent); null for product mails. */
    templateId: uuid(),
    templateName: text(),
    status: text().$type<EmailStatus>().notNull().default('QUEUED'),
    attempts: integer().notNull().default(0),
    /**
     * Which transport the last attempt used: `company` (the company's own SMTP), `instance`
     * (SMTP_URL) or `outbox` (no SMTP: kept). Null until the mail job first ran.
     */
    transport: text().$type<MailTransportKind>(),
    error: text(),
    messageId: text(),
    attachments: jsonb().$type<{ filename: string; storageKey: string; contentType: string }[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_logs_company_created_idx').on(t.companyId, t.createdAt),
    index('email_logs_created_idx').on(t.createdAt),
  ],
);
