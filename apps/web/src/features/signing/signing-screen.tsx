import { Navigate, useParams } from 'react-router';
import { OpenLinkFromMail, RecordError, SignerLoading } from './signer-ui';
import { signerStepOf, signingPaths } from './signing-paths';
import { SigningView } from './signing-view';
import { useESignRecord, useSignerAccess } from './use-signer-access';

/**
 * `/emp-documents/custom/{employee_document_id}/pp`: the signing view once the recipient may act;
 * otherwise where they belong (the landing for gates and waiting, signed, expired).
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
      return <SigningView key={documentId} record={data} access={access} />;
    default:
      return <Navigate to={signingPaths.landing(documentId, data.recipient._id)} replace />;
  }
}
