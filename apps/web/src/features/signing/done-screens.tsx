import { Alert, Anchor, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconRosette } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import type { TESignRecord, TFinishResult } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { isContactSession, isSignedIn, useSession } from '../../shared/session/session-store';
import { SignerPacketBanner } from '../workflows/packet/packet-slots';
import { SignerLoading, SignerMessage } from './signer-ui';
import { fetchESignRecord, SIGNING_KEYS, type SignerAccess } from './signing-api';
import { useSignerDownload } from './use-download';
import { useSignerAccess } from './use-signer-access';

/** While the final PDF is sealed, the record is read again this often, this many times at most. */
const POLL_MS = 2000;
const MAX_POLLS = 30;

/** The record, read again while the document is being sealed (so the download appears when ready). */
function useCompletionRecord(access: SignerAccess, enabled: boolean, isSealing: boolean) {
  return useQuery({
    queryKey: SIGNING_KEYS.record(access.documentId),
    queryFn: ({ signal }) => fetchESignRecord(access, signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const data = query.state.data as TESignRecord | undefined;
      if (!isSealing || data?.document.status === 'COMPLETED' || query.state.dataUpdateCount >= MAX_POLLS)
        return false;
      return POLL_MS;
    },
  });
}

function DownloadBlock({
  access,
  record,
  isSealing,
}: {
  access: SignerAccess;
  record: TESignRecord | undefined;
  isSealing: boolean;
}) {
  const download = useSignerDownload(access);
  if (record?.document.status === 'COMPLETED') {
    return (
      <Stack gap="xs">
        <Button
          size="md"
          leftSection={<IconDownload size={18} />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          Download signed PDF
        </Button>
        {download.isError && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(download.error) ? download.error.message : 'The download failed. Please try again.'}
          </Alert>
        )}
        <Text size="xs" c="dimmed" ta="center">
          It carries a digital seal; anyone can check it at{' '}
          <Anchor component={Link} to="/verify-document" size="xs">
            Verify a document
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }
  if (isSealing && record) {
    return (
      <Group justify="center" gap="xs" data-testid="sealing">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Preparing the signed copy…
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed" ta="center">
      We will email everyone the completed copy once all recipients have signed.
    </Text>
  );
}

/**
 * After finishing: a signed-in contact goes back to their documents in the contact area, a
 * signed-in member to their documents; anyone else is invited to sign up.
 */
function NextStep() {
  const signedIn = useSession(isSignedIn);
  const contact = useSession(isContactSession);
  if (signedIn) {
    return (
      <Button component={Link} to={contact ? '/ap/documents' : '/documents'} variant="light" size="md">
        Back to my documents
      </Button>
    );
  }
  return (
    <Stack gap={4} align="center" ta="center">
      <Divider w="100%" />
      <Text size="sm" fw={600} mt="sm">
        Need to send documents for signature yourself?
      </Text>
      <Anchor component={Link} to="/signup" size="sm">
        Create a free account
      </Anchor>
    </Stack>
  );
}

type SuccessState = { next?: TFinishResult['next']; approved?: boolean } | null;

/** `/emp-documents/preview/{employee_document_id}/pp/finish/success`: right after finishing. */
export function FinishSuccessScreen() {
  const { employee_document_id: documentId = '' } = useParams();
  const state = (useLocation().state ?? null) as SuccessState;
  const { access, canCall } = useSignerAccess(documentId);
  const isSealing = state?.next === 'SEALING';
  const record = useCompletionRecord(access, canCall, isSealing);
  const name = record.data?.recipient.first_name;
  const senderName = record.data?.document.sender.name;
  return (
    <SignerMessage
      icon={<IconCircleCheck size={36} />}
      color="green"
      title="You're done"
      testId="finish-success"
      actions={
        <>
          {canCall && <SignerPacketBanner access={access} watchStep />}
          {canCall && (
            <DownloadBlock
              access={access}
              record={record.data}
              isSealing={isSealing || record.data?.document.status === 'COMPLETED'}
            />
          )}
          <NextStep />
        </>
      }
    >
      {name ? `Thank you, ${name}. ` : 'Thank you. '}
      {state?.approved ? 'You approved' : 'You signed'}
      {record.data ? (
        <>
          {' '}
          <b>{record.data.document.name}</b>
        </>
      ) : (
        ' the document'
      )}
      {senderName ? `, and ${senderName} has been told.` : '.'}
      {state?.next === 'WAITING_FOR_OTHERS' ? ' Others still have to act on it.' : ''}
    </SignerMessage>
  );
}

/** `/emp-documents/custom/{employee_document_id}/pp/signed`: opened again after finishing. */
export function SignedScreen() {
  const { employee_document_id: documentId = '' } = useParams();
  const { access, canCall } = useSignerAccess(documentId);
  const record = useCompletionRecord(access, canCall, false);
  if (canCall && record.isPending) return <SignerLoading label="Loading…" />;
  const data = record.data;
  const isCompleted = data?.document.status === 'COMPLETED';
  // A viewer or a copy's recipient signs nothing: never "signed" words for them.
  const isReader = data?.recipient.user_type === 'VIEWER' || data?.recipient.user_type === 'CC';
  return (
    <SignerMessage
      icon={isCompleted ? <IconRosette size={34} /> : <IconCircleCheck size={34} />}
      color="green"
      title={
        isReader
          ? 'You have opened this document'
          : isCompleted
            ? 'This document is completed'
            : 'You have already signed'
      }
      testId="signed"
      actions={
        canCall && data ? (
          <>
            <SignerPacketBanner access={access} />
            <DownloadBlock access={access} record={data} isSealing={false} />
          </>
        ) : undefined
      }
    >
      {data ? (
        <>
          <b>{data.document.name}</b>{' '}
          {isReader
            ? isCompleted
              ? 'was shared with you to read. You can download a copy.'
              : 'was shared with you to read. You can read it again from your link.'
            : isCompleted
              ? 'has been signed by everyone. You can download the signed copy.'
              : 'is waiting for other recipients. Nothing more is needed from you.'}
        </>
      ) : (
        'Nothing more is needed from you on this document.'
      )}
    </SignerMessage>
  );
}
