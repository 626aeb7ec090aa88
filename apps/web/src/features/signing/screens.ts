import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The signer's screens (issue 5) and the public verification page, merged into `SCREENS` of app/router.tsx. */
export const SIGNING_SCREENS: Record<string, LazyComponent> = {
  '/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}': () =>
    import('./landing-screen').then((m) => ({ Component: m.SigningLandingScreen })),
  '/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}/expired': () =>
    import('./expired-screen').then((m) => ({ Component: m.SigningExpiredScreen })),
  '/emp-documents/custom/{employee_document_id}/pp': () =>
    import('./signing-screen').then((m) => ({ Component: m.SigningScreen })),
  '/emp-documents/custom/{employee_document_id}/pp/signed': () =>
    import('./done-screens').then((m) => ({ Component: m.SignedScreen })),
  '/emp-documents/custom/{employee_document_id}/pp/decline': () =>
    import('./decline-screen').then((m) => ({ Component: m.DeclineScreen })),
  '/emp-documents/preview/{employee_document_id}/pp/finish/success': () =>
    import('./done-screens').then((m) => ({ Component: m.FinishSuccessScreen })),
  '/emp/documents/custom/{id}/pp/verify-password': () =>
    import('./verify-password-screen').then((m) => ({ Component: m.VerifyPasswordScreen })),
  '/emp/documents/custom/document/{id}/pp/verify-password': () =>
    import('./verify-password-screen').then((m) => ({ Component: m.VerifyPasswordScreen })),
  '/verify-document': () =>
    import('./verify-document-screen').then((m) => ({ Component: m.VerifyDocumentScreen })),
};
