import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { FirstPagePreview } from './first-page-preview';
import { OpenLinkFromMail, RecordError, SignerLoading } from './signer-ui';
import { signerStepOf, signingPaths } from './signing-paths';
import { useESignRecord, useSignerAccess } from './use-signer-access';

/** The view's own code (pages, fields, dialogs: about a hundred chunks) loads behind the first page. */
const SigningView = lazy(() => import('./signing-view').then((m) => ({ default: m.SigningView })));

/** Asks for the signing view's code ahead (the landing, while the recipient reads it). */
export const loadSigningView = () => import('./signing-view');

/**
 * `/emp-documents/custom/{employee_document_id}/pp`: the signing view once the recipient may act;
 * otherwise where they belong (the landing for gates and waiting, signed, expired). Until the
 * view's code is in, the first page shows (the server's image of it: first-page-preview.tsx).
 */
export function SigningScreen() {
  const { employee_document_id: documentId = '' } = useParams();
  const { access, canCall } = useSignerAccess(documentId);
  const record = useESignRecord(access, canCall);

  if (!canCall) return <OpenLinkFromMail />;
  if (record.isPending) return <SignerLoading />;
  if (record.isError) return <RecordError error={record.error} />;
  const data = record.data;
  switch (signerStepOf(data)) {
    case 'expired':
      return <Navigate to={signingPaths.expired(documentId, data.recipient._id)} replace />;
    case 'finished':
      return <Navigate to={signingPaths.signed(documentId)} replace />;
    case 'ready':
      return (
        <Suspense fallback={<FirstPagePreview record={data} access={access} />}>
          <SigningView key={documentId} record={data} access={access} />
        </Suspense>
      );
    default:
      return <Navigate to={signingPaths.landing(documentId, data.recipient._id)} replace />;
  }
}
