import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The mail configuration screen by route pattern (routes.ts), for the router's SCREENS map. */
export const MAIL_CONFIG_SCREENS: Record<string, LazyComponent> = {
  '/configuration/mail': () =>
    import('./mail-config-screen').then((m) => ({ Component: m.MailConfigScreen })),
};
