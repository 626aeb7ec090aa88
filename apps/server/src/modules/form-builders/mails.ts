import type { TBranding } from '@esigns/contracts/branding';
import type { Db } from '../../platform/db/database';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { TMailMessage } from '../../platform/mail/mail-service';
import { findCompanyById } from '../company';
import { brandingOf } from '../company-users';

/** What a guest sees of the company behind a form: its name, public logo link and mail branding. */
export type CompanyFace = { name: string; logoUrl: string | null; branding: Partial<TBranding> };

export async function companyFaceOf(db: Pick<Db, 'select'>, companyId: string): Promise<CompanyFace> {
  const company = await findCompanyById(db, companyId);
  const settings = (company?.settings ?? {}) as Record<string, unknown>;
  return {
    name: company?.name ?? '',
    // The public logo route redirects to a short-lived file link (company module).
    logoUrl: typeof settings.logo_key === 'string' ? `/api/company-logo/${companyId}` : null,
    branding: brandingOf(settings),
  };
}

/** The 6-digit code a guest types to prove their email before filling a form. */
export function formPasscodeMail(input: {
  to: string;
  code: string;
  formName: string;
  company: CompanyFace;
  validMinutes: number;
}): TMailMessage {
  return {
    to: input.to,
    kind: 'form.passcode',
    subject: `Your code to open "${input.formName}"`,
    heading: 'Confirm your email',
    branding: input.company.branding,
    secrets: [input.code],
    bodyHtml:
      `<p>Enter this code to open the form <strong>${escapeHtml(input.formName)}</strong>` +
      `${input.company.name ? ` of ${escapeHtml(input.company.name)}` : ''}:</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:700;">${escapeHtml(input.code)}</p>` +
      `<p>It is valid for ${input.validMinutes} minutes. If you did not ask for it, ignore this mail.</p>`,
  };
}
