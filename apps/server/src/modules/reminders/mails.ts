import type { TBranding } from '@esigns/contracts/branding';
import { formatDateIn, type TDateStyle } from '@esigns/contracts/dates';
import type { TRecipientType } from '@esigns/contracts/documents';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { TMailMessage } from '../../platform/mail/mail-service';

/** Every mail here carries its reader's date format and zone (ARCHITECTURE.md "Dates"). */
type Branded = { branding: Partial<TBranding>; dates: TDateStyle };
const e = escapeHtml;
const hi = (firstName: string) => `<p>Hi${firstName ? ` ${e(firstName)}` : ''},</p>`;

/** A date in the reader's format and zone, the zone named: `12-28-2026 (UTC+05:30)`. */
const mailDate = (date: Date, dates: TDateStyle): string => formatDateIn(date, { ...dates, withZone: true });
const ACTIONS: Record<TRecipientType, string> = {
  SIGNER: 'sign',
  APPROVER: 'approve',
  VIEWER: 'view',
  CC: 'view',
};
const BUTTONS: Record<TRecipientType, string> = {
  SIGNER: 'Review and sign',
  APPROVER: 'Review and approve',
  VIEWER: 'View document',
  CC: 'View document',
};

type RecipientMail = Branded & {
  to: string;
  firstName: string;
  userType: TRecipientType;
  documentName: string;
  senderName: string;
  companyName: string;
  /** The recipient's signing link with a fresh secret. */
  link: string;
  expiresAt: Date | null;
};

const LINK_NOTE =
  '<p>The button opens the document for you only: do not forward this mail. Links in earlier mails ' +
  'about this document no longer work; use this one.</p>';

/** A pending signer or approver is reminded (every `reminder_every_days`). */
export function reminderMail(input: RecipientMail): TMailMessage {
  const action = ACTIONS[input.userType];
  return {
    to: input.to,
    kind: 'document.reminder',
    subject: `Reminder: ${input.senderName} is waiting for you to ${action} "${input.documentName}"`,
    heading: `A reminder to ${action} a document`,
    preheader: `${input.senderName} (${input.companyName}) is waiting for you`,
    branding: input.branding,
    bodyHtml:
      hi(input.firstName) +
      `<p>${e(input.senderName)} of ${e(input.companyName)} is still waiting for you to ${action} ` +
      `<strong>${e(input.documentName)}</strong>.</p>` +
      (input.expiresAt
        ? `<p>Please ${action} it before ${mailDate(input.expiresAt, input.dates)}.</p>`
        : '') +
      LINK_NOTE,
    button: { label: BUTTONS[input.userType], url: input.link },
  };
}

/** A pending signer or approver is told the document expires soon (once per expiry date). */
export function expiryWarningMail(input: RecipientMail & { expiresAt: Date }): TMailMessage {
  const action = ACTIONS[input.userType];
  return {
    to: input.to,
    kind: 'document.expiry-warning',
    subject: `"${input.documentName}" expires on ${mailDate(input.expiresAt, input.dates)}: please ${action} it`,
    heading: 'This document expires soon',
    preheader: `Please ${action} it before ${mailDate(input.expiresAt, input.dates)}`,
    branding: input.branding,
    bodyHtml:
      hi(input.firstName) +
      `<p><strong>${e(input.documentName)}</strong>, sent to you by ${e(input.senderName)} of ` +
      `${e(input.companyName)}, expires on ${mailDate(input.expiresAt, input.dates)}. After that it can no longer be ` +
      `${action === 'sign' ? 'signed' : action === 'approve' ? 'approved' : 'opened'}.</p>` +
      LINK_NOTE,
    button: { label: BUTTONS[input.userType], url: input.link },
  };
}

type SenderMail = Branded & {
  to: string;
  firstName: string;
  documentName: string;
  /** Recipients who have not finished, by name or email. */
  pending: string[];
  link: string;
};

const pendingList = (pending: string[]): string =>
  pending.length === 0 ? '' : `<p>Still waiting for: ${pending.map((p) => e(p)).join(', ')}.</p>`;

/** The sender learns a document of theirs expires soon. */
export function senderExpiringMail(input: SenderMail & { expiresAt: Date }): TMailMessage {
  return {
    to: input.to,
    kind: 'document.expiring',
    subject: `"${input.documentName}" expires on ${mailDate(input.expiresAt, input.dates)}`,
    heading: 'Your document expires soon',
    branding: input.branding,
    bodyHtml:
      hi(input.firstName) +
      `<p><strong>${e(input.documentName)}</strong> expires on ${mailDate(input.expiresAt, input.dates)}. The recipients ` +
      'who have not finished were reminded.</p>' +
      pendingList(input.pending) +
      '<p>To give them more time, open the document and change its expiry.</p>',
    button: { label: 'Open the document', url: input.link },
  };
}

/** The sender learns a document of theirs expired before everyone finished. */
export function senderExpiredMail(input: SenderMail & { expiredAt: Date }): TMailMessage {
  return {
    to: input.to,
    kind: 'document.expired',
    subject: `"${input.documentName}" expired`,
    heading: 'Your document expired',
    branding: input.branding,
    bodyHtml:
      hi(input.firstName) +
      `<p><strong>${e(input.documentName)}</strong> expired on ${mailDate(input.expiredAt, input.dates)} before everyone ` +
      'finished. Its recipients can no longer sign it.</p>' +
      pendingList(input.pending) +
      '<p>You can reopen it with a new expiry date from the document page, or send it again.</p>',
    button: { label: 'Open the document', url: input.link },
  };
}
