import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The WhatsApp screens by route pattern (routes.ts), for the router's SCREENS map. */
export const WHATSAPP_SCREENS: Record<string, LazyComponent> = {
  '/configuration/Whatsapp': () => import('./whatsapp-screen').then((m) => ({ Component: m.WhatsappScreen })),
  '/configuration/WhatsappList': () =>
    import('./whatsapp-list-screen').then((m) => ({ Component: m.WhatsappListScreen })),
};
