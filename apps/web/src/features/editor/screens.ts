import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The editor's screens by route pattern (routes.ts), merged into `SCREENS` in app/router.tsx. */
export const EDITOR_SCREENS: Record<string, LazyComponent> = {
  // Images are turned into a one-page PDF at upload (conversion module): the same editor places fields on it.
  '/company-documents/{document_id}/configure/image': () =>
    import('./configure-document-screen').then((m) => ({ Component: m.ConfigureDocumentScreen })),
  '/company-documents/{document_id}/configure/document': () =>
    import('./configure-document-screen').then((m) => ({ Component: m.ConfigureDocumentScreen })),
  '/company-documents/{document_id}/configure/template/{template_id}': () =>
    import('./configure-template-screen').then((m) => ({ Component: m.ConfigureTemplateScreen })),
};
