import type { TBranding } from '@esigns/contracts/branding';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { TMailMessage } from '../../platform/mail/mail-service';

const e = escapeHtml;

/**
 * A recipient who had been asked to act learns that the sender voided the document, with the
 * sender's reason when there is one (a status change to VOIDED has none).
 */
export function voidedMail(input: {
  to: string;
  firstName: string;
  documentName: string;
  senderName: string;
  senderEmail: string;
  companyName: string;
  reason: string | null;
  branding: Partial<TBranding>;
}): TMailMessage {
  const reason = input.reason
    ? '<p>The reason given:</p>' +
      `<blockquote style="white-space:pre-line;border-left:3px solid #ccc;margin:0;padding-left:12px;">${e(input.reason)}</blockquote>`
    : '';
  return {
    to: input.to,
    kind: 'document.voided',
    subject: `"${input.documentName}" was voided`,
    heading: 'The document was voided',
    preheader: `${input.senderName} voided ${input.documentName}: no action is needed`,
    branding: input.branding,
    bodyHtml:
      `<p>Hi${input.firstName ? ` ${e(input.firstName)}` : ''},</p>` +
      `<p>${e(input.senderName)} (<a href="mailto:${e(input.senderEmail)}">${e(input.senderEmail)}</a>) of ` +
      `${e(input.companyName)} voided <strong>${e(input.documentName)}</strong>. You no longer need to act on it, ` +
      'and its signing link no longer opens it for signing.</p>' +
      reason,
  };
}
