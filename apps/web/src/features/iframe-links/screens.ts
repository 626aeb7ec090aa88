import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The iframe-links screens by route pattern (routes.ts), for the router's SCREENS map. */
export const IFRAME_LINK_SCREENS: Record<string, LazyComponent> = {
  '/iframeLink': () => import('./iframe-links-screen').then((m) => ({ Component: m.IframeLinksScreen })),
  '/externalLink/{externalLinkId}': () =>
    import('./link-details-screen').then((m) => ({ Component: m.LinkDetailsScreen })),
  '/if/{ssoAuth}/link': () => import('./link-screen').then((m) => ({ Component: m.LinkScreen })),
};
