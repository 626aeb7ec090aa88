import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const documentStep = () => import('./document-step-screens');
const requestUpload = () =>
  import('./request-upload-screen').then((m) => ({ Component: m.RequestUploadScreen }));
const requestPreview = () =>
  import('./request-preview-screen').then((m) => ({ Component: m.RequestPreviewScreen }));

/**
 * The step screens of company documents by route pattern (routes.ts), each with and without the
 * packet (`/workflow/{workflow_data_id}/`): a sent document to sign or read (custom, static), a
 * document request to hand a file in for (requested).
 */
export const COMPANY_DOCUMENT_SCREENS: Record<string, LazyComponent> = Object.fromEntries(
  ['', '/workflow/{workflow_data_id}'].flatMap((packet): [string, LazyComponent][] => [
    ...(['custom', 'static'] as const).flatMap((kind): [string, LazyComponent][] => [
      [
        `/company-documents/${kind}/{document_id}${packet}/execute`,
        () => documentStep().then((m) => ({ Component: m.DocumentStepExecuteScreen })),
      ],
      [
        `/company-documents/${kind}/{document_id}${packet}/preview`,
        () => documentStep().then((m) => ({ Component: m.DocumentStepPreviewScreen })),
      ],
    ]),
    [`/company-documents/requested/{document_id}${packet}/execute`, requestUpload],
    [`/company-documents/requested/{document_id}${packet}/preview`, requestPreview],
  ]),
);
