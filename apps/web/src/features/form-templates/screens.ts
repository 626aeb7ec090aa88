import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The form template screens by route pattern (routes.ts), for the router's SCREENS map. */
export const FORM_TEMPLATE_SCREENS: Record<string, LazyComponent> = {
  '/template': () => import('./form-templates-screen').then((m) => ({ Component: m.FormTemplatesScreen })),
  '/template/create-with-ai': () =>
    import('./describe-template-screen').then((m) => ({ Component: m.DescribeTemplateScreen })),
  '/template/create': () =>
    import('./builder/form-builder-screen').then((m) => ({ Component: m.FormBuilderScreen })),
  '/template/{template_id}/edit': () =>
    import('./builder/form-builder-screen').then((m) => ({ Component: m.FormBuilderScreen })),
  '/template/{template_id}/view': () =>
    import('./template-view-screen').then((m) => ({ Component: m.TemplateViewScreen })),
  '/template/{template_id}/menu/view': () =>
    import('./template-view-screen').then((m) => ({ Component: m.TemplateMenuViewScreen })),
};
