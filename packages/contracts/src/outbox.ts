import { z } from 'zod';
import { ZPageQuery } from './envelope';

/**
 * Mail delivery statuses: `QUEUED` until the mail job runs, `SENDING` while SMTP has it, then
 * `SENT` (accepted by SMTP), `FAILED` (refused, or retries exhausted) or `OUTBOX` (no SMTP
 * configured: kept for the Outbox).
 */
export const EMAIL_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED', 'OUTBOX'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * Which way a mail left: `company` (the company's own SMTP, `/config/smtp`), `instance` (the
 * instance's `SMTP_URL`) or `outbox` (no SMTP: kept for the Outbox).
 */
export const MAIL_TRANSPORTS = ['company', 'instance', 'outbox'] as const;
export type MailTransportKind = (typeof MAIL_TRANSPORTS)[number];

/** What the email log calls the product's own mails (`kind`); other kinds read as their words. */
export const MAIL_KIND_LABELS: Readonly<Record<string, string>> = {
  generic: 'Mail',
  'auth.verify-email': 'Email verification',
  'auth.signup-existing': 'Sign-up of an existing account',
  'auth.password-reset': 'Password reset',
  'auth.password-changed': 'Password changed',
  'auth.mf2a-code': 'Sign-in code',
  'company-users.invite': 'Invitation',
  'company-users.set-password': 'Set your password',
  'company-users.added': 'Added to the company',
  'application-users.invite': 'Contact portal invitation',
  'application-users.reset': 'Contact portal password reset',
  'document.sent': 'Signing request',
  'document.requested': 'Document request',
  'document.published-code': 'Published template code',
  'document.verification-code': "Recipient's email code",
  'document.reminder': 'Signing reminder',
  'document.expiry-warning': 'Expiry warning',
  'document.expiring': 'Document expiring',
  'document.expired': 'Document expired',
  'document.completed': 'Document completed',
  'document.declined': 'Document declined',
  'document.rejected': 'Document rejected',
  'document.voided': 'Document voided',
  'document.cancelled-for-recipient': 'No longer needed',
  'document.seal-failed': 'Sealing failed',
  'form.sent': 'Form link',
  'form.passcode': 'Form passcode',
  'form.reminder': 'Form reminder',
  'form.approval-requested': 'Approval request',
  'form.approval-reminder': 'Approval reminder',
  'form.approved': 'Form approved',
  'form.rejected': 'Form rejected',
  'transfer-account.code': 'Account transfer code',
  'transfer-account.started': 'Account transfer started',
  'transfer-account.accepted': 'Account transfer accepted',
  'transfer-account.completed': 'Account transfer completed',
  'transfer-account.cancelled': 'Account transfer cancelled',
  'entity.email': 'Record mail',
  'smtp.test': 'SMTP test mail',
};

/** The label of a mail kind: `MAIL_KIND_LABELS`, else its words (`workflow.step-due` -> `Workflow step due`). */
export function mailKindLabel(kind: string): string {
  const known = MAIL_KIND_LABELS[kind];
  if (known) return known;
  const words = kind
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Mail';
}

/** Header carrying the instance operator's Outbox key (printed in the server console). */
export const OUTBOX_KEY_HEADER = 'x-outbox-key';

export const ZOutboxMailRow = z.object({
  _id: z.string().describe('Mail id (UUID)'),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  kind: z.string().describe('What the mail is about, e.g. `generic`, `document.sent`, `entity.email`'),
  template: z
    .string()
    .describe(
      "What the log shows as the mail's template: the entity email template's name (as it was when sent), else the label of the product mail's `kind` (e.g. `Signing request`)",
    ),
  template_id: z
    .string()
    .nullable()
    .describe('The entity email template the mail was made from; null for product mails'),
  status: z
    .enum(EMAIL_STATUSES)
    .describe(
      'QUEUED: waiting for the mail job; SENDING: handed to SMTP, answer not yet recorded; SENT: accepted by SMTP; FAILED: retries exhausted or refused; OUTBOX: no SMTP configured, kept here',
    ),
  attempts: z.number().int().describe('Delivery attempts made so far'),
  retries: z.number().int().describe('Attempts after the first (`attempts - 1`, at least 0)'),
  transport: z
    .enum(MAIL_TRANSPORTS)
    .nullable()
    .describe(
      "The way the last attempt went: `company` (the company's own SMTP), `instance` (SMTP_URL), `outbox` (no SMTP); null before the first attempt",
    ),
  error: z
    .string()
    .nullable()
    .describe("Last delivery error: the SMTP server's answer, or why it was not reached"),
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day (`YYYY-MM-DD`, the caller's local day by `usertimezone`) or an ISO-8601 instant. */
const ZLogDateBound = z
  .string({ error: 'Must be a date' })
  .trim()
  .max(40)
  .refine((v) => (DAY.test(v) ? !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) : isInstant(v)), {
    message: 'Use a date such as 2026-01-31 or an ISO-8601 time',
  });

function isInstant(value: string): boolean {
  return z.iso.datetime({ offset: true }).safeParse(value).success;
}

export const ZListOutboxQuery = ZPageQuery.extend({
  search: z.string().max(200).optional().describe('Case-insensitive match on the subject or any recipient'),
  status: z.enum(EMAIL_STATUSES).optional(),
  kind: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Only mails of this kind (e.g. `document.sent`, `entity.email`)'),
  template_id: z
    .guid({ error: 'Invalid template id' })
    .optional()
    .describe('Only mails of this entity email template'),
  from: ZLogDateBound.optional().describe(
    "Queued on or after this day (the caller's local day, by the `usertimezone` header) or instant",
  ),
  to: ZLogDateBound.optional().describe(
    "Queued up to this day (inclusive, the caller's local day) or instant",
  ),
});

/** The company's email log (`GET /api/email-logs`): the same rows, always redacted. */
export const ZEmailLogRow = ZOutboxMailRow;
export const ZEmailLog = ZOutboxMail;
export const ZListEmailLogsQuery = ZListOutboxQuery;

export type TOutboxMailRow = z.infer<typeof ZOutboxMailRow>;
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
export type TListOutboxQuery = z.output<typeof ZListOutboxQuery>;
export type TEmailLogRow = z.infer<typeof ZEmailLogRow>;
