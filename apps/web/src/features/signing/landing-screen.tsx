import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Divider, Stack, Text } from '@mantine/core';
import { IconBan, IconClockHour4, IconSignature } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { TESignRecord } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { openPdfDocumentAhead } from '../editor/pdf/pdf-document';
import { loadFirstPageImage } from './first-page-image';
import { credentialsFromLink, searchWithoutToken } from './signer-credentials';
import { DocumentSummary, OpenLinkFromMail, RecordError, SignerLoading, SignerMessage } from './signer-ui';
import { openWithoutCode, SIGNING_KEYS, type SignerAccess } from './signing-api';
import { CLOSED_MESSAGES, sameOriginUrl, signerStepOf, signingPaths } from './signing-paths';
import { useESignRecord, useSignerAccess } from './use-signer-access';

// Not on the way to "Review and sign": the packet banner (a workflow's step, asked for after the
// record) and the email-code gate load on their own, so the landing's first paint waits for neither.
const SignerPacketBanner = lazy(() =>
  import('../workflows/packet/packet-slots').then((m) => ({ default: m.SignerPacketBanner })),
);
const EmailCodeGate = lazy(() => import('./email-code-gate').then((m) => ({ default: m.EmailCodeGate })));

/**
 * `/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}`: where the signing link lands.
 * The link's `?token=` is kept for this tab (sessionStorage) and dropped from the address bar.
 * The recipient sees who sent what, passes the gates (email code here; the representative's
 * password on its own screen), waits while it is not their turn, and goes on to sign.
 */
export function SigningLandingScreen() {
  const { employee_document_id: documentId = '', user_id: userId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [credentials] = useState(() => credentialsFromLink(documentId, userId, location.search));
  const hasToken = new URLSearchParams(location.search).has('token');

  useEffect(() => {
    if (!hasToken) return;
    // The secret must not stay in the address bar (history, screenshots, shared screens).
    void navigate(
      { pathname: location.pathname, search: searchWithoutToken(location.search), hash: location.hash },
      { replace: true },
    );
  }, [hasToken, location.pathname, location.search, location.hash, navigate]);

  const { access, canCall } = useSignerAccess(documentId, { credentials, userId });
  const record = useESignRecord(access, canCall);

  return (
    <Box maw={560} mx="auto" w="100%">
      {record.isSuccess && (
        <Suspense fallback={null}>
          <SignerPacketBanner access={access} mb="lg" />
        </Suspense>
      )}
      {!canCall ? (
        <OpenLinkFromMail />
      ) : record.isPending ? (
        <SignerLoading />
      ) : record.isError ? (
        isRefusedLink(record.error, access) ? (
          // The link's secret no longer works: the expired screen asks why and offers a new one.
          <Navigate to={signingPaths.expired(documentId, userId)} replace />
        ) : (
          <RecordError error={record.error} />
        )
      ) : (
        <LandingStep record={record.data} access={access} userId={userId} />
      )}
    </Box>
  );
}

const isRefusedLink = (error: unknown, access: SignerAccess): boolean =>
  access.credentials !== null && isApiError(error) && error.status === 401;

function LandingStep({
  record,
  access,
  userId,
}: {
  record: TESignRecord;
  access: SignerAccess;
  userId: string;
}) {
  const queryClient = useQueryClient();
  const documentId = access.documentId;
  const step = signerStepOf(record);
  const [usedCode, setUsedCode] = useState(false);

  switch (step) {
    case 'expired':
      return <Navigate to={signingPaths.expired(documentId, userId)} replace />;
    case 'finished':
      return <Navigate to={signingPaths.signed(documentId)} replace />;
    case 'waiting':
      return (
        <Stack gap="lg">
          <SignerMessage icon={<IconClockHour4 size={32} />} title="Waiting for others" testId="waiting">
            Other recipients act on this document before you. We will email you as soon as it is your turn.
          </SignerMessage>
          <Divider />
          <DocumentSummary record={record} />
        </Stack>
      );
    case 'closed': {
      const closed = CLOSED_MESSAGES[record.blocked as keyof typeof CLOSED_MESSAGES];
      return (
        <SignerMessage icon={<IconBan size={32} />} color="gray" title={closed.title} testId="closed">
          {closed.text}
        </SignerMessage>
      );
    }
    case 'gates':
      if (record.gates.includes('EMAIL_CODE')) {
        return (
          <GateFrame record={record}>
            <Suspense fallback={<SignerLoading />}>
              <EmailCodeGate
                record={record}
                access={access}
                onVerified={() => {
                  setUsedCode(true);
                  void queryClient.invalidateQueries({ queryKey: SIGNING_KEYS.record(documentId) });
                }}
              />
            </Suspense>
          </GateFrame>
        );
      }
      return <Navigate to={signingPaths.password(documentId)} replace />;
    case 'ready':
      return <ReadyToSign record={record} access={access} usedCode={usedCode} />;
  }
}

function GateFrame({ record, children }: { record: TESignRecord; children: ReactNode }) {
  usePageTitle('Verify your email');
  return (
    <Stack gap="lg">
      <DocumentSummary record={record} />
      <Divider />
      {children}
    </Stack>
  );
}

const SIGN_LEGAL =
  'By continuing you agree to sign electronically. Your signature, time and IP address are recorded.';
/** How long the landing is read before the signing view's code and the document are fetched. */
export const READING_MOMENT_MS = 1000;

const ACTION_WORDS = {
  SIGNER: { button: 'Review and sign', lead: 'sent you a document to sign', legal: SIGN_LEGAL },
  APPROVER: { button: 'Review and approve', lead: 'asked you to approve a document', legal: SIGN_LEGAL },
  VIEWER: { button: 'View the document', lead: 'shared a document with you', legal: '' },
  CC: { button: 'View the document', lead: 'sent you a copy of a document', legal: '' },
} as const;

function ReadyToSign({
  record,
  access,
  usedCode,
}: {
  record: TESignRecord;
  access: SignerAccess;
  usedCode: boolean;
}) {
  const navigate = useNavigate();
  const words = ACTION_WORDS[record.recipient.user_type];
  const fileUrl = sameOriginUrl(record.file?.url ?? null);
  // While the signer reads this page, fetch the signing view and open the document (pdf.js, its
  // worker, the file, its first page), so that the first page draws as soon as the view opens.
  useEffect(() => {
    // The server's image of the first page first (the view shows it until pdf.js has drawn the page).
    void loadFirstPageImage(access, record);
    if (typeof Worker === 'undefined') return;
    // The heavy part (pdf.js and the view's code: seconds of a phone's main thread) only once the
    // page has been read a moment: pressed sooner, the signing screen opens on the first page's
    // image at once, instead of after that work (it then loads the view itself).
    const timer = window.setTimeout(() => {
      // The document first: its requests then go ahead of the view's many small scripts.
      if (fileUrl) openPdfDocumentAhead(fileUrl);
      void import('./signing-screen').then((screen) => screen.loadSigningView());
    }, READING_MOMENT_MS);
    return () => window.clearTimeout(timer);
  }, [fileUrl, access, record]);
  usePageTitle(record.document.name);
  const review = () => {
    // Documents without an email code record that the recipient opened them through their link;
    // the signing view does not wait for that answer (nothing it shows depends on it).
    if (!usedCode) {
      void openWithoutCode(access).catch((error: unknown) =>
        console.warn('Signing: the opening could not be recorded', error),
      );
    }
    void navigate(signingPaths.sign(access.documentId));
  };
  const name = `${record.recipient.first_name} ${record.recipient.last_name}`.trim();
  return (
    <Stack gap="lg" data-testid="ready-to-sign">
      <div>
        <Text size="xl" fw={700}>
          {name ? `Hello ${record.recipient.first_name || name},` : 'Hello,'}
        </Text>
        <Text c="dimmed">
          {record.document.sender.name || record.document.sender.email} {words.lead}.
        </Text>
      </div>
      <DocumentSummary record={record} />
      {/* Pressed before the app runs on the page the server drew, it is pressed again once it does. */}
      <Button size="lg" leftSection={<IconSignature size={20} />} onClick={review} data-early-action="review">
        {words.button}
      </Button>
      {words.legal && (
        <Text size="xs" c="dimmed" ta="center">
          {words.legal}
        </Text>
      )}
    </Stack>
  );
}
