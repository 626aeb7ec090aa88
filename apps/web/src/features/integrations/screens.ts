import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The integrations hub and catalogue by route pattern (routes.ts), for the router's SCREENS map. */
export const INTEGRATION_SCREENS: Record<string, LazyComponent> = {
  '/configuration/apiIntegrations': () =>
    import('./integrations-hub-screen').then((m) => ({ Component: m.IntegrationsHubScreen })),
  '/configuration/AddNewIntegration': () =>
    import('./add-integration-screen').then((m) => ({ Component: m.AddIntegrationScreen })),
};
