import type { TBranding } from '@esigns/contracts/branding';
import type { Db } from '../../platform/db/database';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { MailTx, TMailMessage } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { findCompanyById } from '../company';
import { brandingOf } from '../company-users';

/*
 * The mails of approvals: an approver asked for a decision (staff open their approval list, people
 * outside the company their personal link), and the filler told the outcome. Queued in the
 * caller's transaction, with the company's branding.
 */

export type FormMailContext = { companyId: string; companyName: string; branding: Partial<TBranding> };

export async function formMailContext(db: Pick<Db, 'select'>, companyId: string): Promise<FormMailContext> {
  const company = await findCompanyById(db, companyId);
  return { companyId, companyName: company?.name ?? '', branding: brandingOf(company?.settings ?? {}) };
}

/** The approver's way in: staff their approval list, outsiders `/public/fbd/{code}/approval/auth`. */
export function approvalLink(
  publicUrl: string,
  input: { code: string; approvalId: string; secret: string | null },
): string {
  if (!input.secret) return `${publicUrl}/forms/approval-forms`;
  const query = new URLSearchParams({ approval: input.approvalId, t: input.secret });
  return `${publicUrl}/public/fbd/${encodeURIComponent(input.code)}/approval/auth?${query.toString()}`;
}

export async function queueApprovalRequestMail(
  platform: Platform,
  tx: MailTx,
  ctx: FormMailContext,
  input: {
    to: string;
    name: string;
    formName: string;
    fillerName: string;
    link: string;
    secret: string | null;
  },
): Promise<void> {
  const who = input.fillerName ? ` from ${escapeHtml(input.fillerName)}` : '';
  const message: TMailMessage = {
    to: input.to,
    subject: `Approval needed: ${input.formName}`,
    kind: 'form.approval-requested',
    branding: ctx.branding,
    heading: 'A form answer waits for your approval',
    bodyHtml:
      `<p>Hi${input.name ? ` ${escapeHtml(input.name)}` : ''},</p>` +
      `<p>An answer to <strong>${escapeHtml(input.formName)}</strong>${who} waits for your decision` +
      `${ctx.companyName ? ` at ${escapeHtml(ctx.companyName)}` : ''}.</p>`,
    button: { label: 'Review and decide', url: input.link },
    secrets: input.secret ? [input.secret, input.link] : [],
  };
  await platform.mail.queue(message, { tx, companyId: ctx.companyId });
}

const OUTCOME_TEXT = {
  APPROVED: { subject: 'approved', body: 'was approved' },
  REJECTED: { subject: 'rejected', body: 'was rejected' },
  SENT_BACK: { subject: 'sent back for changes', body: 'was sent back to you for changes' },
} as const;

export async function queueOutcomeMail(
  platform: Platform,
  tx: MailTx,
  ctx: FormMailContext,
  input: {
    to: string;
    name: string;
    formName: string;
    outcome: keyof typeof OUTCOME_TEXT;
    comment: string;
    link: string;
  },
): Promise<void> {
  const text = OUTCOME_TEXT[input.outcome];
  const comment = input.comment ? `<p>Comment: ${escapeHtml(input.comment)}</p>` : '';
  await platform.mail.queue(
    {
      to: input.to,
      subject: `Your answer to ${input.formName} was ${text.subject}`,
      kind: `form.${input.outcome.toLowerCase()}`,
      branding: ctx.branding,
      heading: `Your answer ${text.body}`,
      bodyHtml:
        `<p>Hi${input.name ? ` ${escapeHtml(input.name)}` : ''},</p>` +
        `<p>Your answer to <strong>${escapeHtml(input.formName)}</strong> ${text.body}.</p>${comment}`,
      button: { label: 'Open the form', url: input.link },
    },
    { tx, companyId: ctx.companyId },
  );
}
