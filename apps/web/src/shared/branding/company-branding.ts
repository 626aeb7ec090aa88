import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TBranding } from '@esigns/contracts/branding-defaults';
import { api } from '../api/api-client';
import { isSignedIn, useSession, type SessionState } from '../session/session-store';
import type { BrandingOverrides } from './branding-provider';

/** The query key of a company's public branding; saving the company profile invalidates it. */
export const COMPANY_BRANDING_KEY = ['company-branding'] as const;

type PublicCompany = {
  _id: string;
  name: string;
  slug: string;
  logo_url: string | null;
  branding: TBranding;
};

/** Slug of the signed-in user's current company workspace (personal workspaces keep the default look). */
export function companySlugOf(state: SessionState): string | null {
  const current = state.user?.current_workspace;
  if (!current || typeof current === 'string') return state.company?.slug ?? null;
  if (current.plan_type === 'INDIVIDUAL') return null;
  return current.company_slug ?? state.company?.slug ?? null;
}

/**
 * The branding overrides of the company the user is working in (`GET /company/by-slug/{slug}`,
 * public), so that a company's colours apply across the app once saved. Null while signed out,
 * in a personal workspace, or when the call fails (the default look stays).
 */
export function useCompanyBranding(): BrandingOverrides | null {
  const slug = useSession((state) => (isSignedIn(state) ? companySlugOf(state) : null));
  const query = useQuery({
    queryKey: [...COMPANY_BRANDING_KEY, slug],
    queryFn: async ({ signal }) =>
      (
        await api.get<PublicCompany>(`/company/by-slug/${encodeURIComponent(slug ?? '')}`, undefined, {
          signal,
        })
      ).data,
    enabled: slug !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const { data } = query;
  return useMemo(
    () => (slug && data ? { ...data.branding, logo_url: data.logo_url ?? undefined } : null),
    [slug, data],
  );
}

/**
 * The signed-in company's branding handed to `onChange` (null: the default look). The app's
 * providers load it with the first signed-in page: the signed-out pages do not carry the query
 * code it needs.
 */
export function CompanyBrandingSource({
  onChange,
}: {
  onChange: (overrides: BrandingOverrides | null) => void;
}) {
  const overrides = useCompanyBranding();
  useEffect(() => onChange(overrides), [overrides, onChange]);
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}
