import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The document lists' and document screen's routes (routes.ts), merged into `SCREENS` in app/router.tsx. */
export const DOCUMENT_LIST_SCREENS: Record<string, LazyComponent> = {
  '/documents/all': () => import('./documents-screen').then((m) => ({ Component: m.DocumentsScreen })),
  '/documents/all/{contact_id}': () =>
    import('./documents-screen').then((m) => ({ Component: m.DocumentsScreen })),
  '/documents-signed': () => import('./inbox-screen').then((m) => ({ Component: m.SignedDocumentsScreen })),
  '/signature/documents/{status}': () =>
    import('./inbox-screen').then((m) => ({ Component: m.SignatureDocumentsScreen })),
  '/emp-documents/custom/{employee_document_id}': () =>
    import('./document-detail-screen').then((m) => ({ Component: m.DocumentDetailScreen })),
};
