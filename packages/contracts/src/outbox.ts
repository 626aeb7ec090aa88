import { z } from 'zod';
import { ZPageQuery } from './envelope';

/**
 * Mail delivery statuses: `QUEUED` until the mail job runs, `SENDING` while SMTP has it, then
 * `SENT` (accepted by SMTP), `FAILED` (refused, or retries exhausted) or `OUTBOX` (no SMTP
 * configured: kept for the Outbox).
 */
export const EMAIL_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED', 'OUTBOX'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Header carrying the instance operator's Outbox key (printed in the server console). */
export const OUTBOX_KEY_HEADER = 'x-outbox-key';

export const ZOutboxMailRow = z.object({
  _id: z.string().describe('Mail id (UUID)'),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  kind: z.string().describe('What the mail is about, e.g. `generic`, `document.sent`'),
  status: z
    .enum(EMAIL_STATUSES)
    .describe(
      'QUEUED: waiting for the mail job; SENDING: handed to SMTP, answer not yet recorded; SENT: accepted by SMTP; FAILED: retries exhausted or refused; OUTBOX: no SMTP configured, kept here',
    ),
  attempts: z.number().int().describe('Delivery attempts made so far'),
  error: z.string().nullable().describe('Last delivery error'),
  created_at: z.string().describe('ISO-8601, UTC'),
  sent_at: z.string().nullable().describe('ISO-8601, UTC; set once SMTP accepted the mail'),
});

export const ZOutboxMail = ZOutboxMailRow.extend({
  redacted: z
    .boolean()
    .describe(
      'true: subject and bodies are the email log copy, every link and one-time code replaced by `[redacted link]` / `[redacted code]`; false: the mail as sent (the operator, without SMTP only)',
    ),
  html: z
    .string()
    .nullable()
    .describe('HTML body (empty for a text-only mail); null when no redacted copy exists (older mails)'),
  text: z.string().nullable().describe('Plain-text body; null when no redacted copy exists (older mails)'),
});

export const ZListOutboxQuery = ZPageQuery.extend({
  search: z.string().max(200).optional().describe('Case-insensitive match on the subject or any recipient'),
  status: z.enum(EMAIL_STATUSES).optional(),
});

/** The company's email log (`GET /api/email-logs`): the same rows, always redacted. */
export const ZEmailLogRow = ZOutboxMailRow;
export const ZEmailLog = ZOutboxMail;
export const ZListEmailLogsQuery = ZListOutboxQuery;

export type TOutboxMailRow = z.infer<typeof ZOutboxMailRow>;
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
export type TListOutboxQuery = z.output<typeof ZListOutboxQuery>;
