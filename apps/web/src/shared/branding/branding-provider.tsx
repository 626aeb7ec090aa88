import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { DEFAULT_BRANDING, type TBranding } from '@esigns/contracts/branding-defaults';

const BrandingContext = createContext<TBranding>(DEFAULT_BRANDING);

/** Company overrides: any branding field; empty values keep the default. */
export type BrandingOverrides = Partial<{ [K in keyof TBranding]: TBranding[K] | null | undefined }>;

/** DEFAULT_BRANDING with the non-empty overrides applied. */
export function mergeBranding(overrides: BrandingOverrides | null | undefined): TBranding {
  const merged: TBranding = { ...DEFAULT_BRANDING };
  if (!overrides) return merged;
  for (const key of Object.keys(overrides) as Array<keyof TBranding>) {
    const value = overrides[key];
    if (typeof value === 'string' && value.trim() !== '') merged[key] = value;
  }
  return merged;
}

function setMeta(name: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.appendChild(element);
  }
  element.content = content;
}

/**
 * Holds the branding every screen reads: DEFAULT_BRANDING from contracts merged with a
 * company's `overrides`. Also keeps the page language, robots and theme-colour metadata in step.
 */
export function BrandingProvider({
  overrides,
  children,
}: {
  overrides?: BrandingOverrides | null;
  children: ReactNode;
}) {
  const branding = useMemo(() => mergeBranding(overrides), [overrides]);

  useEffect(() => {
    document.documentElement.lang = branding.lang;
    setMeta('robots', branding.robots);
    setMeta('theme-color', branding.primary_color);
  }, [branding.lang, branding.robots, branding.primary_color]);

  return <BrandingContext.Provider value={branding}>{children}</BrandingContext.Provider>;
}

export function useBranding(): TBranding {
  return useContext(BrandingContext);
}
