import type { UserType } from '@esigns/contracts/auth';
import { DEFAULT_BRANDING, type TBranding } from '@esigns/contracts/branding';
import { formatDateIn, type TDateStyle } from '@esigns/contracts/dates';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { TMailMessage } from '../../platform/mail/mail-service';

const TYPE_LABELS: Record<UserType, string> = {
  OWNER: 'an owner',
  ADMIN: 'an admin',
  MANAGER: 'a manager',
  MEMBER: 'a member',
};

/**
 * The company's branding overrides (`settings.branding`, set through the company profile) for its
 * mails. The logo stays the product's: a company logo is a private file whose signed URL would
 * expire in the recipient's inbox.
 */
export function brandingOf(settings: Record<string, unknown>): Partial<TBranding> {
  const source = settings.branding;
  if (!source || typeof source !== 'object') return {};
  const branding: Partial<TBranding> = {};
  for (const key of Object.keys(DEFAULT_BRANDING) as (keyof TBranding)[]) {
    const value = (source as Record<string, unknown>)[key];
    if (key !== 'logo_url' && typeof value === 'string' && value.trim() !== '') branding[key] = value;
  }
  return branding;
}

const greeting = (firstName: string | null | undefined): string =>
  `<p>Hi${firstName ? ` ${escapeHtml(firstName)}` : ''},</p>`;

const asRole = (userType: UserType, roleName: string | null): string =>
  `${TYPE_LABELS[userType]}${roleName ? ` (${escapeHtml(roleName)})` : ''}`;

/** A time in the reader's date format and zone, the zone named (ARCHITECTURE.md "Dates"). */
const mailTime = (date: Date, dates: TDateStyle): string =>
  formatDateIn(date, { format: `${dates.format} HH:mm`, zone: dates.zone, withZone: true });

/**
 * The invitation mail both the staff and the contact area send: greeting, who invited whom to what
 * (`invitedHtml`, already escaped), until when the link works, and the accept button. The callers
 * name the mail (`kind`, subject, heading) and say what the invitation gives.
 */
export function invitationMessage(input: {
  to: string;
  kind: string;
  subject: string;
  heading: string;
  firstName: string | null;
  invitedHtml: string;
  link: string;
  expiresAt: Date;
  dates: TDateStyle;
  branding: Partial<TBranding>;
}): TMailMessage {
  const until = mailTime(input.expiresAt, input.dates);
  return {
    to: input.to,
    kind: input.kind,
    subject: input.subject,
    heading: input.heading,
    preheader: `Accept the invitation before ${until}`,
    branding: input.branding,
    bodyHtml:
      greeting(input.firstName) +
      `<p>${input.invitedHtml}</p>` +
      `<p>The invitation is valid until ${until} and works once. If you did not expect it, ` +
      'you can ignore this mail.</p>',
    button: { label: 'Accept invitation', url: input.link },
  };
}

/** A staff invitation to join the company as a user type (and role). */
export function invitationMail(input: {
  to: string;
  firstName: string | null;
  companyName: string;
  inviterName: string;
  userType: UserType;
  roleName: string | null;
  link: string;
  expiresAt: Date;
  /** The invitee is not a member yet: the company's date style. */
  dates: TDateStyle;
  branding: Partial<TBranding>;
}): TMailMessage {
  return invitationMessage({
    ...input,
    kind: 'company-users.invite',
    subject: `${input.inviterName} invited you to join ${input.companyName}`,
    heading: `Join ${input.companyName}`,
    invitedHtml:
      `${escapeHtml(input.inviterName)} invited you to join <strong>${escapeHtml(input.companyName)}</strong> as ` +
      asRole(input.userType, input.roleName) +
      '.',
  });
}

/** An account created by an administrator: the code sets its first password (and verifies the email). */
export function setPasswordMail(input: {
  to: string;
  firstName: string;
  companyName: string;
  inviterName: string;
  code: string;
  link: string;
  validHours: number;
  branding: Partial<TBranding>;
}): TMailMessage {
  return {
    to: input.to,
    kind: 'company-users.set-password',
    // Never shown in the company's email log (platform/mail/redact.ts).
    secrets: [input.code],
    subject: `Your code to join ${input.companyName}: ${input.code}`,
    heading: `Welcome to ${input.companyName}`,
    branding: input.branding,
    bodyHtml:
      greeting(input.firstName) +
      `<p>${escapeHtml(input.inviterName)} added you to <strong>${escapeHtml(input.companyName)}</strong>. ` +
      'Choose your password with this code to sign in:</p>' +
      `<p style="font-size:28px;letter-spacing:8px;font-weight:700;margin:16px 0">${escapeHtml(input.code)}</p>` +
      `<p>The code expires in ${input.validHours} hours. After that, use "Forgot password" to get a new one.</p>`,
    button: { label: 'Choose a password', url: input.link },
  };
}

/** An existing account was added to one more workspace. */
export function addedToCompanyMail(input: {
  to: string;
  firstName: string;
  companyName: string;
  inviterName: string;
  userType: UserType;
  roleName: string | null;
  signinUrl: string;
  branding: Partial<TBranding>;
}): TMailMessage {
  return {
    to: input.to,
    kind: 'company-users.added',
    subject: `You were added to ${input.companyName}`,
    heading: `You were added to ${input.companyName}`,
    branding: input.branding,
    bodyHtml:
      greeting(input.firstName) +
      `<p>${escapeHtml(input.inviterName)} added you to <strong>${escapeHtml(input.companyName)}</strong> as ` +
      `${asRole(input.userType, input.roleName)}. Sign in and pick it from your workspaces.</p>`,
    button: { label: 'Sign in', url: input.signinUrl },
  };
}
