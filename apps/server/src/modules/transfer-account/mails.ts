import type { TBranding } from '@esigns/contracts/branding';
import { formatDateIn, type TDateStyle } from '@esigns/contracts/dates';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { TMailMessage } from '../../platform/mail/mail-service';

/** Names and addresses of the people a transfer mail talks about. */
export type TransferMailContext = {
  companyName: string;
  ownerName: string;
  targetName: string;
  branding: Partial<TBranding>;
};

const greeting = (name: string): string => `<p>Hi ${escapeHtml(name)},</p>`;

/** A time in the reader's date format and zone, the zone named (ARCHITECTURE.md "Dates"). */
const mailTime = (date: Date, dates: TDateStyle): string =>
  formatDateIn(date, { format: `${dates.format} HH:mm`, zone: dates.zone, withZone: true });

const codeBlock = (code: string): string =>
  `<p style="font-size:28px;letter-spacing:8px;font-weight:700;margin:16px 0" data-code="transfer">${escapeHtml(code)}</p>`;

/** To the member asked to become owner: the code and the link to the confirmation screen. */
export function transferCodeMail(
  input: TransferMailContext & { to: string; code: string; link: string; expiresAt: Date; dates: TDateStyle },
): TMailMessage {
  const company = escapeHtml(input.companyName);
  return {
    to: input.to,
    kind: 'transfer-account.code',
    // Never shown in the company's email log (platform/mail/redact.ts).
    secrets: [input.code],
    subject: `${input.ownerName} wants to make you the owner of ${input.companyName}`,
    heading: `Become the owner of ${input.companyName}`,
    preheader: `Confirm with your code before ${mailTime(input.expiresAt, input.dates)}`,
    branding: input.branding,
    bodyHtml:
      greeting(input.targetName) +
      `<p>${escapeHtml(input.ownerName)} asked to hand the ownership of <strong>${company}</strong> over to you. ` +
      'As the owner you will manage the workspace, its users, its billing and its data; ' +
      `${escapeHtml(input.ownerName)} will stay on as an admin.</p>` +
      '<p>To accept, sign in to this workspace, open the link below and enter this code:</p>' +
      codeBlock(input.code) +
      `<p>The code is valid until ${mailTime(input.expiresAt, input.dates)} and works once. If you do not want to become the ` +
      'owner, ignore this mail: nothing changes unless you enter the code.</p>',
    button: { label: 'Review the transfer', url: input.link },
  };
}

/** To the owner who started (or resent) the transfer: what happens next, and how to cancel. */
export function transferStartedMail(
  input: TransferMailContext & { to: string; link: string; expiresAt: Date; dates: TDateStyle },
): TMailMessage {
  const company = escapeHtml(input.companyName);
  return {
    to: input.to,
    kind: 'transfer-account.started',
    subject: `You asked to transfer ${input.companyName} to ${input.targetName}`,
    heading: 'Ownership transfer requested',
    branding: input.branding,
    bodyHtml:
      greeting(input.ownerName) +
      `<p>You asked to make <strong>${escapeHtml(input.targetName)}</strong> the owner of <strong>${company}</strong>. ` +
      `We mailed them a code; they have until ${mailTime(input.expiresAt, input.dates)} to confirm.</p>` +
      '<p>Once they confirm, they become the owner and you become an admin of the workspace. ' +
      'If you did not ask for this, cancel the transfer now and change your password.</p>',
    button: { label: 'View or cancel the transfer', url: input.link },
  };
}

/** To the new owner once the transfer is done. */
export function transferAcceptedToTargetMail(
  input: TransferMailContext & { to: string; link: string },
): TMailMessage {
  const company = escapeHtml(input.companyName);
  return {
    to: input.to,
    kind: 'transfer-account.accepted',
    subject: `You are now the owner of ${input.companyName}`,
    heading: `You own ${input.companyName}`,
    branding: input.branding,
    bodyHtml:
      greeting(input.targetName) +
      `<p>The ownership of <strong>${company}</strong> is now yours. ${escapeHtml(input.ownerName)} stays on as ` +
      'an admin. You can now manage billing, transfer the account again or delete the workspace.</p>',
    button: { label: 'Open the workspace', url: input.link },
  };
}

/** To the previous owner once the transfer is done. */
export function transferAcceptedToOwnerMail(
  input: TransferMailContext & { to: string; link: string },
): TMailMessage {
  const company = escapeHtml(input.companyName);
  return {
    to: input.to,
    kind: 'transfer-account.completed',
    subject: `${input.targetName} is now the owner of ${input.companyName}`,
    heading: 'Ownership transferred',
    branding: input.branding,
    bodyHtml:
      greeting(input.ownerName) +
      `<p><strong>${escapeHtml(input.targetName)}</strong> confirmed the transfer: they are now the owner of ` +
      `<strong>${company}</strong>, and you are an admin of it.</p>` +
      '<p>If you did not expect this, contact the new owner.</p>',
    button: { label: 'Open the workspace', url: input.link },
  };
}

/** To the member whose pending transfer the owner withdrew: their code no longer works. */
export function transferCancelledMail(input: TransferMailContext & { to: string }): TMailMessage {
  return {
    to: input.to,
    kind: 'transfer-account.cancelled',
    subject: `The transfer of ${input.companyName} was cancelled`,
    heading: 'Transfer cancelled',
    branding: input.branding,
    bodyHtml:
      greeting(input.targetName) +
      `<p>${escapeHtml(input.ownerName)} cancelled the request to make you the owner of ` +
      `<strong>${escapeHtml(input.companyName)}</strong>. The code we mailed you no longer works; nothing ` +
      'changes for you.</p>',
  };
}
