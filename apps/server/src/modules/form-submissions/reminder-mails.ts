import { escapeHtml } from '../../platform/mail/mail-layout';
import type { MailTx } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import type { FormMailContext } from './approval-mails';

/*
 * The reminders' mails, queued in the sweep's transaction with the claim of their slot (the mail
 * outbox gives each a stable Message-ID from its row): a filler who has not finished, an approver
 * who has not decided. Each carries a working link.
 */

type ReminderInput = {
  to: string;
  name: string;
  formName: string;
  link: string;
  secret: string | null;
  slot: number;
  of: number;
};

const greeting = (name: string) => `<p>Hi${name ? ` ${escapeHtml(name)}` : ''},</p>`;
const secretsOf = (input: ReminderInput) => (input.secret ? [input.link, input.secret] : [input.link]);

export async function queueFillerReminder(
  platform: Platform,
  tx: MailTx,
  ctx: FormMailContext,
  input: ReminderInput,
): Promise<string> {
  const from = ctx.companyName ? ` from ${escapeHtml(ctx.companyName)}` : '';
  const { id } = await platform.mail.queue(
    {
      to: input.to,
      subject: `Reminder: please finish ${input.formName}`,
      kind: 'form.reminder',
      branding: ctx.branding,
      heading: 'Your form is not finished yet',
      bodyHtml:
        greeting(input.name) +
        `<p><strong>${escapeHtml(input.formName)}</strong>${from} waits for your answers. ` +
        'The button opens it where you left off.</p>' +
        `<p>Reminder ${input.slot} of ${input.of}. This link replaces the ones mailed before.</p>`,
      button: { label: 'Finish the form', url: input.link },
      secrets: secretsOf(input),
    },
    { tx, companyId: ctx.companyId },
  );
  return id;
}

export async function queueApproverReminder(
  platform: Platform,
  tx: MailTx,
  ctx: FormMailContext,
  input: ReminderInput & { fillerName: string },
): Promise<string> {
  const who = input.fillerName ? ` from ${escapeHtml(input.fillerName)}` : '';
  const { id } = await platform.mail.queue(
    {
      to: input.to,
      subject: `Reminder: approval needed for ${input.formName}`,
      kind: 'form.approval-reminder',
      branding: ctx.branding,
      heading: 'A form answer still waits for your approval',
      bodyHtml:
        greeting(input.name) +
        `<p>An answer to <strong>${escapeHtml(input.formName)}</strong>${who} still waits for your decision` +
        `${ctx.companyName ? ` at ${escapeHtml(ctx.companyName)}` : ''}.</p>` +
        `<p>Reminder ${input.slot} of ${input.of}.${input.secret ? ' This link replaces the one mailed before.' : ''}</p>`,
      button: { label: 'Review and decide', url: input.link },
      secrets: input.secret ? secretsOf(input) : [],
    },
    { tx, companyId: ctx.companyId },
  );
  return id;
}
