import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The request-documents screens by route pattern (routes.ts), merged into `SCREENS` of app/router.tsx. */
export const REQUEST_DOCUMENT_SCREENS: Record<string, LazyComponent> = {
  '/request-documents/all': () =>
    import('./request-list-screen').then((m) => ({ Component: m.RequestListScreen })),
  '/request-documents/all/{card_type}': () =>
    import('./request-list-screen').then((m) => ({ Component: m.RequestListScreen })),
  '/request-documents/select-card-type': () =>
    import('./select-card-type-screen').then((m) => ({ Component: m.SelectCardTypeScreen })),
  '/request-documents/select-card-type/{contact_id}': () =>
    import('./select-card-type-screen').then((m) => ({ Component: m.SelectCardTypeScreen })),
  '/request-documents/upload': () =>
    import('./request-form-screen').then((m) => ({ Component: m.RequestDocumentScreen })),
  '/request-documents/{request_document_id}/edit': () =>
    import('./request-form-screen').then((m) => ({ Component: m.EditRequestScreen })),
};
