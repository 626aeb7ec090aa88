import type { TBranding } from '@esigns/contracts/branding';
import { formatDateIn, type TDateStyle } from '@esigns/contracts/dates';
import type { TRecipientType } from '@esigns/contracts/documents';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { TMailMessage } from '../../platform/mail/mail-service';

/** The link a recipient opens: the signing screen, with their secret (the `password` header). */
export function signingLink(
  publicUrl: string,
  employeeDocumentId: string,
  documentUserId: string,
  secret: string,
): string {
  return `${publicUrl}/emp-documents/preview/${employeeDocumentId}/pp/vp/${documentUserId}?token=${encodeURIComponent(secret)}`;
}

const BUTTONS: Record<TRecipientType, string> = {
  SIGNER: 'Review and sign',
  APPROVER: 'Review and approve',
  VIEWER: 'View document',
  CC: 'View document',
};

const ACTIONS: Record<TRecipientType, string> = {
  SIGNER: 'sign',
  APPROVER: 'approve',
  VIEWER: 'view',
  CC: 'view',
};

/** A date in the recipient's format and zone, the zone named: `12-28-2026 (Asia/Kolkata, UTC+05:30)`. */
const mailDate = (date: Date, dates: TDateStyle): string => formatDateIn(date, { ...dates, withZone: true });

/** The default subject of a signing request, when the sender wrote none. */
export function defaultSubject(senderName: string, documentName: string, userType: TRecipientType): string {
  return `${senderName || 'Someone'} sent you "${documentName}" to ${ACTIONS[userType]}`;
}

/**
 * The mail a due recipient gets when a document is sent (or when they become due in the
 * signing order, or their address was corrected): the sender's subject and message when set,
 * else the defaults, and one button to the signing link.
 */
export function signingRequestMail(input: {
  to: string;
  firstName: string;
  userType: TRecipientType;
  documentName: string;
  senderName: string;
  senderEmail: string;
  companyName: string;
  subject: string;
  message: string;
  link: string;
  expiresAt: Date | null;
  /** The recipient's date format and zone (ARCHITECTURE.md "Dates"). */
  dates: TDateStyle;
  branding: Partial<TBranding>;
}): TMailMessage {
  const e = escapeHtml;
  const action = ACTIONS[input.userType];
  const message = input.message.trim()
    ? `<p style="white-space:pre-line;">${e(input.message.trim())}</p>`
    : '';
  const expiry = input.expiresAt
    ? `<p>Please ${action} it before ${mailDate(input.expiresAt, input.dates)}.</p>`
    : '';
  return {
    to: input.to,
    kind: 'document.sent',
    subject: input.subject.trim() || defaultSubject(input.senderName, input.documentName, input.userType),
    heading: input.userType === 'SIGNER' ? 'You have a document to sign' : `A document for you to ${action}`,
    preheader: `${input.senderName} (${input.companyName}) sent you ${input.documentName}`,
    branding: input.branding,
    bodyHtml:
      `<p>Hi${input.firstName ? ` ${e(input.firstName)}` : ''},</p>` +
      `<p>${e(input.senderName)} (<a href="mailto:${e(input.senderEmail)}">${e(input.senderEmail)}</a>) of ` +
      `${e(input.companyName)} sent you <strong>${e(input.documentName)}</strong> to ${action}.</p>` +
      message +
      expiry +
      '<p>The button opens the document for you only: do not forward this mail.</p>',
    button: { label: BUTTONS[input.userType], url: input.link },
  };
}

/** A 6-digit code for a visitor of a secure-access published template. */
export function publishedCodeMail(input: {
  to: string;
  firstName: string;
  code: string;
  documentName: string;
  companyName: string;
  validMinutes: number;
  branding: Partial<TBranding>;
}): TMailMessage {
  const e = escapeHtml;
  return {
    to: input.to,
    kind: 'document.published-code',
    // Never shown in the company's email log (platform/mail/redact.ts).
    secrets: [input.code],
    subject: `Your code to open "${input.documentName}": ${input.code}`,
    heading: 'Confirm your email',
    branding: input.branding,
    bodyHtml:
      `<p>Hi${input.firstName ? ` ${e(input.firstName)}` : ''},</p>` +
      `<p>Enter this code to open <strong>${e(input.documentName)}</strong> of ${e(input.companyName)}:</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:700;">${e(input.code)}</p>` +
      `<p>It is valid for ${input.validMinutes} minutes. If you did not ask for it, ignore this mail.</p>`,
  };
}

/** A contact is asked to upload a document of a card type. */
export function documentRequestMail(input: {
  to: string;
  firstName: string;
  cardType: string;
  message: string;
  requesterName: string;
  companyName: string;
  dueAt: Date | null;
  /** The contact's date format and zone: the company's. */
  dates: TDateStyle;
  link: string;
  branding: Partial<TBranding>;
}): TMailMessage {
  const e = escapeHtml;
  return {
    to: input.to,
    kind: 'document.requested',
    subject: `${input.companyName} asks you for your ${input.cardType}`,
    heading: `Please upload your ${input.cardType}`,
    branding: input.branding,
    bodyHtml:
      `<p>Hi${input.firstName ? ` ${e(input.firstName)}` : ''},</p>` +
      `<p>${e(input.requesterName)} of ${e(input.companyName)} asks you to upload your ` +
      `<strong>${e(input.cardType)}</strong>.</p>` +
      (input.message.trim() ? `<p style="white-space:pre-line;">${e(input.message.trim())}</p>` : '') +
      (input.dueAt ? `<p>Please upload it before ${mailDate(input.dueAt, input.dates)}.</p>` : ''),
    button: { label: 'Upload document', url: input.link },
  };
}
