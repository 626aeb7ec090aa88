import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const hub: LazyComponent = () =>
  import('./integrations-hub-screen').then((m) => ({ Component: m.IntegrationsHubScreen }));

/**
 * The integrations hub and catalogue by route pattern (routes.ts), for the router's SCREENS map.
 * `/configuration` (the sidebar's Settings > Integrations) opens the hub too.
 */
export const INTEGRATION_SCREENS: Record<string, LazyComponent> = {
  '/configuration': hub,
  '/configuration/apiIntegrations': hub,
  '/configuration/AddNewIntegration': () =>
    import('./add-integration-screen').then((m) => ({ Component: m.AddIntegrationScreen })),
};
