import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The document actions' screens by route pattern (routes.ts), merged into `SCREENS` in app/router.tsx. */
export const DOCUMENT_ACTION_SCREENS: Record<string, LazyComponent> = {
  '/emp-documents/custom/{employee_document_id}/edit': () =>
    import('./correct-screen').then((m) => ({ Component: m.CorrectDocumentScreen })),
};
