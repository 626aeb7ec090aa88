import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowLeft, IconCircleX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ZDeclineRequest } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { OpenLinkFromMail, RecordError, SignerLoading, SignerMessage } from './signer-ui';
import { declineDocument, rejectDocument } from './signing-api';
import { signerStepOf, signingPaths } from './signing-paths';
import { useESignRecord, useSignerAccess } from './use-signer-access';

export const MAX_REASON_LENGTH = 2000;

type DoneState = { done?: 'DECLINED' | 'REJECTED' } | null;

function RefusedMessage({ kind }: { kind: 'DECLINED' | 'REJECTED' }) {
  return (
    <SignerMessage
      icon={<IconCircleX size={34} />}
      color="gray"
      title={kind === 'DECLINED' ? 'You declined to sign' : 'You rejected the document'}
      testId="refused"
    >
      The sender has been told, with your reason. Nothing more is needed from you, and the other recipients
      will not be asked to sign.
    </SignerMessage>
  );
}

/**
 * `/emp-documents/custom/{employee_document_id}/pp/decline`: decline with a reason (approvers
 * reject the same way), then the confirmation.
 */
export function DeclineScreen() {
  const { employee_document_id: documentId = '' } = useParams();
  const state = (useLocation().state ?? null) as DoneState;
  const { access, canCall } = useSignerAccess(documentId);
  const record = useESignRecord(access, canCall && !state?.done);
  const [done, setDone] = useState<'DECLINED' | 'REJECTED' | null>(state?.done ?? null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const isApprover = record.data?.recipient.user_type === 'APPROVER';
  usePageTitle(isApprover ? 'Reject document' : 'Decline to sign');

  const refuse = useMutation({
    mutationFn: (notes: string) =>
      isApprover ? rejectDocument(access, notes) : declineDocument(access, notes),
    onSuccess: () => setDone(isApprover ? 'REJECTED' : 'DECLINED'),
    onError: (reason) => {
      if (isApiError(reason) && reason.fieldErrors.notes) setError(reason.fieldErrors.notes);
    },
  });

  if (done) return <RefusedMessage kind={done} />;
  if (!canCall) return <OpenLinkFromMail />;
  if (record.isPending) return <SignerLoading />;
  if (record.isError) return <RecordError error={record.error} />;
  const step = signerStepOf(record.data);
  if (step !== 'ready') {
    return <Navigate to={signingPaths.landing(documentId, record.data.recipient._id)} replace />;
  }

  const submit = () => {
    const parsed = ZDeclineRequest.shape.notes.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    setError(null);
    refuse.mutate(parsed.data);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md" data-testid="decline-form" maw={560} mx="auto">
        <div>
          <Text size="xl" fw={700}>
            {isApprover ? 'Reject this document?' : 'Decline to sign?'}
          </Text>
          <Text size="sm" c="dimmed">
            <b>{record.data.document.name}</b> will be closed for everyone: the sender is told, with your
            reason, and nobody else will be asked to sign. This cannot be undone.
          </Text>
        </div>
        <Textarea
          label="Reason"
          description="The sender will read this."
          placeholder={isApprover ? 'Why do you reject it?' : 'Why do you decline?'}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autosize
          minRows={4}
          maxLength={MAX_REASON_LENGTH}
          withAsterisk
          data-autofocus
        />
        {refuse.isError && !error && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(refuse.error) ? refuse.error.message : 'This could not be sent. Please try again.'}
          </Alert>
        )}
        <Button type="submit" color="red" size="md" loading={refuse.isPending}>
          {isApprover ? 'Reject document' : 'Decline to sign'}
        </Button>
        <Anchor component={Link} to={signingPaths.sign(documentId)} size="sm" ta="center">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Back to the document
        </Anchor>
      </Stack>
    </form>
  );
}
