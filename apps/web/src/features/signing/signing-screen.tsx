import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { firstPageSettled } from './first-page-image';
import { FirstPagePreview } from './first-page-preview';
import { OpenLinkFromMail, RecordError, SignerLoading } from './signer-ui';
import { signerStepOf, signingPaths } from './signing-paths';
import type { TESignRecord } from '@esigns/contracts/signing';
import type { SignerAccess } from './signing-api';
import { useESignRecord, useSignerAccess } from './use-signer-access';

/** Whether the view's code is in (asked for ahead by the landing, or opened once already). */
let viewLoaded = false;

/** Asks for the signing view's code ahead (the landing, while the recipient reads it). */
export const loadSigningView = () =>
  import('./signing-view').then((module) => {
    viewLoaded = true;
    return module;
  });

/** The view's own code (pages, fields, dialogs: about a hundred chunks) loads behind the first page. */
const SigningView = lazy(() => loadSigningView().then((m) => ({ default: m.SigningView })));

/**
 * The first page, then the view: its code is asked for once the first page's image shows
 * (first-page-image.ts `firstPageSettled`), unless it is in already. Evaluating the view's hundred
 * modules is one long task of the main thread, which held the image's paint back when both started
 * together.
 */
function ViewAfterFirstPage({ record, access }: { record: TESignRecord; access: SignerAccess }) {
  const [waitFor] = useState(() => (viewLoaded ? null : firstPageSettled(access, record)));
  const [shown, setShown] = useState(waitFor === null);
  useEffect(() => {
    let live = true;
    void waitFor?.then(() => {
      if (live) setShown(true);
    });
    return () => {
      live = false;
    };
  }, [waitFor]);
  const preview = <FirstPagePreview record={record} access={access} />;
  return (
    <Suspense fallback={preview}>
      {shown ? <SigningView record={record} access={access} /> : preview}
    </Suspense>
  );
}

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
      return <ViewAfterFirstPage key={documentId} record={data} access={access} />;
    default:
      return <Navigate to={signingPaths.landing(documentId, data.recipient._id)} replace />;
  }
}
