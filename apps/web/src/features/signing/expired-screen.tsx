import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import type { SignerCredentials } from './signer-credentials';
import { ClosedLinkMessage, DocumentExpiredMessage, ReplacedLinkMessage } from './expired-link-states';
import { RecordError, SignerLoading } from './signer-ui';
import { checkExpiredLink, SIGNING_KEYS, type SignerAccess } from './signing-api';
import { signingPaths } from './signing-paths';
import { useESignRecord, useSignerAccess } from './use-signer-access';

/**
 * `/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}/expired`: a link that no longer
 * works. With the link's credentials in this tab the server says why (`verify-expiry-token`):
 * replaced by newer links ("Send me a new link", mailed to the recipient's address), the document's
 * time to sign is over (ask the sender), or nothing is left to do. Signed in without a link, the
 * e-sign record names the document and its sender.
 */
export function SigningExpiredScreen() {
  const { employee_document_id: documentId = '', user_id: userId = '' } = useParams();
  const { access, canCall } = useSignerAccess(documentId, { userId });
  if (access.credentials) return <ExpiredLinkCheck credentials={access.credentials} userId={userId} />;
  return <ExpiredByAccount access={access} canCall={canCall} />;
}

function ExpiredLinkCheck({ credentials, userId }: { credentials: SignerCredentials; userId: string }) {
  const documentId = credentials.document_id;
  const check = useQuery({
    queryKey: SIGNING_KEYS.expiredLink(documentId),
    queryFn: () => checkExpiredLink(credentials),
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (check.isPending) return <SignerLoading label="Checking your link…" />;
  if (check.isError) return <RecordError error={check.error} />;
  const link = check.data;
  switch (link.state) {
    case 'ACTIVE':
      return <Navigate to={signingPaths.landing(documentId, userId)} replace />;
    case 'LINK_EXPIRED':
      return <ReplacedLinkMessage link={link} credentials={credentials} />;
    case 'DOCUMENT_EXPIRED':
      return (
        <DocumentExpiredMessage name={link.document_name} expiresAt={link.expires_at} sender={link.sender} />
      );
    case 'CLOSED':
      return <ClosedLinkMessage name={link.document_name} sender={link.sender} />;
  }
}

function ExpiredByAccount({ access, canCall }: { access: SignerAccess; canCall: boolean }) {
  const record = useESignRecord(access, canCall);
  if (canCall && record.isPending) return <SignerLoading label="Loading…" />;
  const document = record.data?.document;
  return (
    <DocumentExpiredMessage
      name={document?.name ?? null}
      expiresAt={document?.expires_at ?? null}
      sender={document?.sender ?? null}
    />
  );
}
