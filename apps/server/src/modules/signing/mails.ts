import type { TBranding } from '@esigns/contracts/branding';
import type { TDateStyle } from '@esigns/contracts/dates';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { TMailAttachment, TMailMessage } from '../../platform/mail/mail-service';
import { formatTime } from '../../platform/pdf/certificate';

type Branded = { branding: Partial<TBranding> };
const e = escapeHtml;
const hi = (firstName: string) => `<p>Hi${firstName ? ` ${e(firstName)}` : ''},</p>`;

/** The 6-digit code a recipient enters before the document opens (`POST /e-sign/send-verification`). */
export function signerCodeMail(
  input: Branded & {
    to: string;
    firstName: string;
    code: string;
    documentName: string;
    companyName: string;
    validMinutes: number;
  },
): TMailMessage {
  return {
    to: input.to,
    kind: 'document.verification-code',
    subject: `Your code to open "${input.documentName}": ${input.code}`,
    heading: 'Confirm your email',
    branding: input.branding,
    bodyHtml:
      hi(input.firstName) +
      `<p>Enter this code to open <strong>${e(input.documentName)}</strong> sent by ${e(input.companyName)}:</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:700;">${e(input.code)}</p>` +
      `<p>It is valid for ${input.validMinutes} minutes. If you did not ask for it, ignore this mail.</p>`,
  };
}

/** The sender learns that a recipient declined (signer) or rejected (approver), with the reason. */
export function refusedMail(
  input: Branded & {
    to: string;
    senderFirstName: string;
    documentName: string;
    who: string;
    whoEmail: string;
    kind: 'declined' | 'rejected';
    notes: string;
    link: string;
  },
): TMailMessage {
  return {
    to: input.to,
    kind: `document.${input.kind}`,
    subject: `${input.who} ${input.kind} "${input.documentName}"`,
    heading: `A recipient ${input.kind} your document`,
    branding: input.branding,
    bodyHtml:
      hi(input.senderFirstName) +
      `<p>${e(input.who)} (${e(input.whoEmail)}) ${input.kind} <strong>${e(input.documentName)}</strong>. ` +
      'Nobody else can act on it any more.</p>' +
      `<p>Their reason:</p><blockquote style="white-space:pre-line;border-left:3px solid #ccc;margin:0;padding-left:12px;">${e(input.notes)}</blockquote>`,
    button: { label: 'Open the document', url: input.link },
  };
}

/** Other recipients who had been asked to act learn that they no longer need to. */
export function noLongerNeededMail(
  input: Branded & {
    to: string;
    firstName: string;
    documentName: string;
    senderName: string;
    reason: 'declined' | 'rejected';
  },
): TMailMessage {
  return {
    to: input.to,
    kind: 'document.cancelled-for-recipient',
    subject: `"${input.documentName}" no longer needs your action`,
    heading: 'No action needed',
    branding: input.branding,
    bodyHtml:
      hi(input.firstName) +
      `<p><strong>${e(input.documentName)}</strong>, sent to you by ${e(input.senderName)}, was ${input.reason} by ` +
      'another recipient. You do not need to do anything; its link no longer opens it for signing.</p>',
  };
}

/** The completed, sealed document: to the sender and every recipient, CC included. */
export function completedMail(
  input: Branded & {
    to: string;
    firstName: string;
    documentName: string;
    /** The document's `completed_at` (the last required finish), printed as on the certificate. */
    completedAt: Date | null;
    /** The reader's date format and zone (ARCHITECTURE.md "Dates"). */
    dates: TDateStyle;
    link: string;
    linkLabel: string;
    linkNote: string;
    attachment: TMailAttachment | null;
  },
): TMailMessage {
  return {
    to: input.to,
    kind: 'document.completed',
    subject: `Completed: "${input.documentName}"`,
    heading: 'The document is completed',
    branding: input.branding,
    bodyHtml:
      hi(input.firstName) +
      `<p>Everyone has finished <strong>${e(input.documentName)}</strong>` +
      (input.completedAt ? ` (completed ${e(formatTime(input.completedAt, input.dates))})` : '') +
      '. The final PDF carries every ' +
      'signature, a certificate of completion and a digital seal that any PDF reader can check.</p>' +
      (input.attachment ? '<p>It is attached to this mail.</p>' : '') +
      `<p>${e(input.linkNote)}</p>`,
    button: { label: input.linkLabel, url: input.link },
    ...(input.attachment ? { attachments: [input.attachment] } : {}),
  };
}

/** The sender learns that sealing keeps failing (after every retry), with the reason. */
export function sealFailedMail(
  input: Branded & {
    to: string;
    firstName: string;
    documentName: string;
    reason: string;
    link: string;
    /** `SIGN_AGAIN`: a recipient's value cannot be stamped; `RETRY`: sealing again may work. */
    fix: 'SIGN_AGAIN' | 'RETRY';
  },
): TMailMessage {
  const next =
    input.fix === 'SIGN_AGAIN'
      ? '<p>Open the document and ask the recipient to sign again: once they have, it is completed and ' +
        'sealed by itself. The other signatures are kept.</p>'
      : '<p>Nothing is lost: the signatures are kept. Open the document to retry sealing.</p>';
  return {
    to: input.to,
    kind: 'document.seal-failed',
    subject: `"${input.documentName}" could not be completed`,
    heading: 'Completing the document failed',
    branding: input.branding,
    bodyHtml:
      hi(input.firstName) +
      `<p>Everyone has finished <strong>${e(input.documentName)}</strong>, but building its final, sealed PDF ` +
      `failed. The reason: <em>${e(input.reason)}</em>.</p>` +
      next,
    button: { label: 'Open the document', url: input.link },
  };
}
