import type { TBranding } from '@esigns/contracts/branding';
import type { TDateStyle } from '@esigns/contracts/dates';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { TMailMessage } from '../../platform/mail/mail-service';
import { findCompanyById } from '../company';
import { brandingOf, invitationMessage } from '../company-users';

/** The company as its contact-area mails show it. */
export type MailCompany = { id: string; name: string; slug: string; branding: Partial<TBranding> };

export async function mailCompany(db: Pick<Db, 'select'>, companyId: string): Promise<MailCompany> {
  const company = await findCompanyById(db, companyId);
  if (!company) throw notFound('Company');
  return { id: company.id, name: company.name, slug: company.slug, branding: brandingOf(company.settings) };
}

/** How long a contact's invitation link works. */
export const INVITATION_TTL_DAYS = 7;
/** How long a contact's password-reset link works. */
export const RESET_TTL_MINUTES = 60;

/** The contact area's sign-in screen, which handles invitation and reset links. */
export const contactLink = (
  publicUrl: string,
  slug: string,
  kind: 'invitation' | 'reset',
  token: string,
): string =>
  `${publicUrl}/ap/signin?company=${encodeURIComponent(slug)}&${kind}=${encodeURIComponent(token)}`;

const greeting = (firstName: string | null | undefined): string =>
  `<p>Hi${firstName ? ` ${escapeHtml(firstName)}` : ''},</p>`;

/** Portal access given (or given again): the link sets a password and opens the contact area. */
export function contactInvitationMail(input: {
  to: string;
  firstName: string;
  companyName: string;
  inviterName: string;
  link: string;
  expiresAt: Date;
  dates: TDateStyle;
  branding: Partial<TBranding>;
}): TMailMessage {
  return invitationMessage({
    ...input,
    kind: 'application-users.invite',
    subject: `${input.companyName} invited you to its contact area`,
    heading: `Your access to ${input.companyName}`,
    invitedHtml:
      `${escapeHtml(input.inviterName)} gave you access to the contact area of ` +
      `<strong>${escapeHtml(input.companyName)}</strong>: the documents sent to you, your forms and ` +
      'your records, in one place.',
  });
}

/** A contact asked for a new password on the company's contact sign-in page. */
export function contactResetMail(input: {
  to: string;
  firstName: string;
  companyName: string;
  link: string;
  branding: Partial<TBranding>;
}): TMailMessage {
  return {
    to: input.to,
    kind: 'application-users.reset',
    subject: `Reset your password for ${input.companyName}`,
    heading: 'Choose a new password',
    branding: input.branding,
    bodyHtml:
      greeting(input.firstName) +
      `<p>Someone asked to reset the password you use to sign in to the contact area of ` +
      `<strong>${escapeHtml(input.companyName)}</strong>.</p>` +
      `<p>The link works once, for ${RESET_TTL_MINUTES} minutes. If you did not ask, ignore this mail: your ` +
      'password stays as it is.</p>',
    button: { label: 'Choose a new password', url: input.link },
  };
}
