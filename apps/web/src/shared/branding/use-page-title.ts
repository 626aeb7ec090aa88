import { useEffect } from 'react';
import { formatTitle } from '@esigns/contracts/branding-defaults';
import { useBranding } from './branding-provider';

/** Sets the document title through the branding template: '%s | {host}'. */
export function usePageTitle(page: string): void {
  const { title_template: template } = useBranding();
  useEffect(() => {
    document.title = formatTitle(template, page, window.location.host);
  }, [template, page]);
}
