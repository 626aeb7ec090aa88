import { DEFAULT_BRANDING, type TBrandingOverride } from '@esigns/contracts/branding';
import { renderMailLayout } from '../../platform/mail/mail-layout';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { savedBranding } from './profile-service';

/**
 * `POST /company/branding/mail-preview`: a sample mail as the company's mails look with these
 * (unsaved) branding changes: the same layout (`renderMailLayout`), colours and default header and
 * footer a queued mail gets. The logo stays the product's, as in every mail (company-users'
 * `brandingOf`: a company logo's signed URL would expire in the inbox).
 */
export async function renderBrandingMailPreview(
  platform: Platform,
  access: AccessContext,
  change: TBrandingOverride,
): Promise<{ subject: string; html: string; text: string }> {
  const saved = await savedBranding(platform, access.companyId);
  const branding = { ...saved, ...definedOnly(change), logo_url: DEFAULT_BRANDING.logo_url };
  const frame = await platform.mail.companyFrame(access.companyId);
  const subject = 'A sample mail in your colours';
  const { html, text } = renderMailLayout({
    branding,
    heading: subject,
    bodyHtml: `<p>Hi Jane,</p><p>This is how your mails look to your signers and your team.</p>`,
    button: { label: 'Review the document', url: platform.mail.publicUrl },
    publicUrl: platform.mail.publicUrl,
    frame,
  });
  return { subject, html, text };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
