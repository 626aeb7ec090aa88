import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The public page of a published template (routes.ts), merged into `SCREENS` of app/router.tsx. */
export const PUBLISHED_SCREENS: Record<string, LazyComponent> = {
  '/published-templates/{token}': () =>
    import('./published-template-screen').then((m) => ({ Component: m.PublishedTemplateScreen })),
};
