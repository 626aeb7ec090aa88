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
  '/emp-documents/custom/{employee_document_id}/draft': () =>
    import('./finish/draft-screen').then((m) => ({ Component: m.DraftDocumentScreen })),
  '/emp-documents/custom/finish': () =>
    import('./finish/finish-screens').then((m) => ({ Component: m.FinishScreen })),
  '/emp-documents/custom/{employee_document_id}/{employee_document}/success': () =>
    import('./finish/finish-screens').then((m) => ({ Component: m.DocumentSuccessScreen })),
};
