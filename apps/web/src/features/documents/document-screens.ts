import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * The documents area's upload and send screens by route pattern (routes.ts), merged into `SCREENS`
 * of app/router.tsx. The field editor lives in features/editor.
 */
export const DOCUMENT_SCREENS: Record<string, LazyComponent> = {
  '/documents/upload': () =>
    import('./upload/upload-screen').then((m) => ({ Component: m.DocumentUploadScreen })),
  '/templates/upload': () =>
    import('./upload/upload-screen').then((m) => ({ Component: m.TemplateUploadScreen })),
  '/send-document/mail/{id}': () =>
    import('./send/send-review-screen').then((m) => ({ Component: m.SendReviewScreen })),
  '/send-template/mail/{id}/{document_id}': () =>
    import('./send/send-template-screen').then((m) => ({ Component: m.SendTemplateScreen })),
};
