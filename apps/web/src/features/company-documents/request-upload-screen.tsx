import { useState } from 'react';
import { Alert, Box, Button, Divider, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconReplace } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { SignerMessage } from '../signing/signer-ui';
import { PACKET_KEYS } from '../workflows/packet/packet-api';
import { PacketBanner } from '../workflows/packet/packet-banner';
import { REQUEST_STEP_KEYS, type RequestAccess, type TStepRequest } from './request-api';
import { OpenRequestLink, RequestCancelled, RequestFailure, RequestLoading } from './request-states';
import { RequestFileCard, RequestSummary } from './request-summary';
import { RequestUploadPanel } from './request-upload-panel';
import { useStepRequest } from './use-step-request';

/**
 * `/company-documents/requested/{document_id}[/workflow/{workflow_data_id}]/execute`: the upload
 * page of a document request, phone first. By its mailed link (`?token=`, no sign-in) or signed in.
 * Who asks for what, the accepted files, choose or photograph one, upload with progress, done; a
 * file already sent shows and can be replaced until the request is APPROVED.
 */
export function RequestUploadScreen() {
  const step = useStepRequest();
  const [refusal, setRefusal] = useState<unknown>(null);
  usePageTitle(step.request.data ? `Upload your ${step.request.data.card_type}` : 'Upload a document');
  // A cancelled request has a page of its own, whatever an upload was answered.
  const failure = step.request.data?.status === 'CANCELLED' ? null : (refusal ?? step.request.error);
  const refused = (error: unknown) => {
    setRefusal(error);
    // Closed meanwhile (cancelled, approved): the request is read again to say why.
    if (isApiError(error) && error.status === 409) void step.request.refetch();
  };
  return (
    // Phone first, and roomy on a desktop (the file's pages and the banner read at a glance).
    <Box maw={{ base: 520, md: 760 }} mx="auto" w="100%">
      <Stack gap="lg">
        {/* After the request: a refused link is not asked twice (each failure counts against the address). */}
        {step.request.isSuccess && (
          <PacketBanner access={step.packet} watchStep={step.request.data.status === 'UPLOADED'} />
        )}
        {!step.canCall ? (
          <OpenRequestLink />
        ) : failure ? (
          <RequestFailure error={failure} onRetry={() => void step.request.refetch()} />
        ) : !step.request.data ? (
          <RequestLoading />
        ) : (
          <UploadStep access={step.access} request={step.request.data} onRefused={refused} />
        )}
      </Stack>
    </Box>
  );
}

function UploadStep({
  access,
  request,
  onRefused,
}: {
  access: RequestAccess;
  request: TStepRequest;
  onRefused: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const [isReplacing, setReplacing] = useState(false);
  const [isJustSent, setJustSent] = useState(false);
  const sent = (updated: TStepRequest) => {
    queryClient.setQueryData(REQUEST_STEP_KEYS.one(access), updated);
    // The packet moves on once the server has the file: its banner reads it again.
    void queryClient.invalidateQueries({ queryKey: PACKET_KEYS.all });
    setReplacing(false);
    setJustSent(true);
  };
  const showUpload = request.status === 'REQUESTED' || request.status === 'REJECTED' || isReplacing;
  if (request.status === 'CANCELLED') return <RequestCancelled request={request} />;
  return (
    <Stack gap="lg">
      <RequestSummary request={request} />
      <Divider />
      {isJustSent && !isReplacing ? (
        <SignerMessage
          icon={<IconCircleCheck size={34} />}
          color="green"
          title="Thank you"
          testId="request-done"
        >
          Your {request.card_type} was sent{request.company?.name ? ` to ${request.company.name}` : ''}. You
          will hear back if anything else is needed.
        </SignerMessage>
      ) : null}
      {request.status === 'REJECTED' && !isJustSent && (
        <Alert color="orange" variant="light" title="Please send it again">
          The file you sent was not accepted. Upload a new one.
        </Alert>
      )}
      {request.file && !showUpload && (
        <RequestFileCard
          file={request.file}
          title={request.status === 'APPROVED' ? 'Approved' : 'You sent'}
        />
      )}
      {showUpload ? (
        <RequestUploadPanel access={access} request={request} onSent={sent} onRefused={onRefused} />
      ) : request.status === 'APPROVED' ? (
        <Text size="sm" c="dimmed" ta="center" data-testid="request-closed-note">
          It was approved: nothing more is needed.
        </Text>
      ) : (
        <Button variant="light" leftSection={<IconReplace size={16} />} onClick={() => setReplacing(true)}>
          Replace the file
        </Button>
      )}
    </Stack>
  );
}
