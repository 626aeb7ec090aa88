import type { TBrandingOverride } from '@esigns/contracts/branding';
import type { TEmailTemplate } from '@esigns/contracts/email';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../../shared/api/api-client';

/** A sample mail in the company's look with unsaved colours (`POST /company/branding/mail-preview`). */
export type TMailPreview = { subject: string; html: string; text: string };

export const BRANDING_KEYS = {
  mailPreview: (branding: TBrandingOverride) => ['branding', 'mail-preview', branding] as const,
  mailFrame: ['email-templates', 'header-footers', 'default'] as const,
};

export async function fetchMailPreview(
  branding: TBrandingOverride,
  signal?: AbortSignal,
): Promise<TMailPreview> {
  return (await api.post<TMailPreview>('/company/branding/mail-preview', { branding }, { signal })).data;
}

/** The company's default mail header and footer (a HEADER_FOOTER email template), or null. */
export async function fetchDefaultMailFrame(signal?: AbortSignal): Promise<TEmailTemplate | null> {
  const page = (
    await api.get<TPaged<TEmailTemplate>>(
      '/email-template/list',
      { page: 1, limit: 100, type: 'HEADER_FOOTER' },
      { signal },
    )
  ).data;
  return page.data.find((template) => template.is_default) ?? null;
}
