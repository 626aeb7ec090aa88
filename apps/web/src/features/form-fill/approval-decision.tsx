import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { decideApproval, type ApprovalDecisionInput, type FillAccess } from './fill-api';

const DONE_TEXT = {
  APPROVED: 'You approved this submission.',
  REJECTED: 'You rejected this submission.',
} as const;

/** Approve or reject a submission waiting for the caller, with a comment (needed to reject). */
export function ApprovalDecision({
  access,
  submissionId,
  onDecided,
}: {
  access: FillAccess;
  submissionId: string;
  onDecided?: (submission: TFormSubmission) => void;
}) {
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (input: ApprovalDecisionInput) => decideApproval(access, submissionId, input),
    onSuccess: (next) => onDecided?.(next),
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.comment) setCommentError(error.fieldErrors.comment);
    },
  });
  const send = (decision: ApprovalDecisionInput['decision']) => {
    if (decision === 'REJECTED' && comment.trim() === '') {
      setCommentError('Say why you reject it');
      return;
    }
    setCommentError(null);
    decide.mutate({ decision, comment: comment.trim() });
  };
  if (decide.isSuccess) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        role="status"
        data-testid="decided"
      >
        {DONE_TEXT[decide.variables.decision]} The filler and the other approvers are informed.
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="approval-decision">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Your decision
        </Title>
        <Text size="sm" c="dimmed">
          Read the answers above, then approve or reject them. Your comment is kept in the submission's
          history.
        </Text>
        <Textarea
          label="Comment"
          description="Needed when you reject"
          rows={3}
          maxLength={2000}
          value={comment}
          error={commentError}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setCommentError(null);
          }}
        />
        {decide.isError && !commentError && <ErrorAlert>{errorText(decide.error)}</ErrorAlert>}
        <Group grow>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            loading={decide.isPending && decide.variables.decision === 'REJECTED'}
            disabled={decide.isPending}
            onClick={() => send('REJECTED')}
          >
            Reject
          </Button>
          <Button
            color="teal"
            leftSection={<IconCheck size={16} />}
            loading={decide.isPending && decide.variables.decision === 'APPROVED'}
            disabled={decide.isPending}
            onClick={() => send('APPROVED')}
          >
            Approve
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
