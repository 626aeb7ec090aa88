import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const editor = () => import('./editor-screens');

/** The email template screens by route pattern (routes.ts), for the router's SCREENS map. */
export const EMAIL_TEMPLATE_SCREENS: Record<string, LazyComponent> = {
  '/email-template': () =>
    import('./email-templates-screen').then((m) => ({ Component: m.EmailTemplatesScreen })),
  '/email-template/create': () => editor().then((m) => ({ Component: m.CreateEmailTemplateScreen })),
  '/email-template/edit/{template_id}': () =>
    editor().then((m) => ({ Component: m.EditEmailTemplateScreen })),
  '/email-header-footer-template/create': () =>
    editor().then((m) => ({ Component: m.CreateHeaderFooterScreen })),
  '/email-header-footer-template/edit/{template_id}': () =>
    editor().then((m) => ({ Component: m.EditHeaderFooterScreen })),
};
