import { useState } from 'react';
import { Alert, Divider, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router';
import { FILL_KEYS, STAFF_ACCESS, fetchApprovalAuth, fetchSubmission, type FillAccess } from './fill-api';
import { fillPaths } from './fill-paths';
import { readApproverCredentials, saveApproverCredentials } from './guest-session';
import { ApprovalDecision } from './approval-decision';
import {
  GuestLoading,
  GuestMessage,
  PublicFormError,
  PublicFormHeader,
  usePublicForm,
} from './public-form-ui';
import { SubmissionValues } from './submission-values';
import { useStepTemplates } from './use-fill-data';

/**
 * `…/approval/auth?approval={approval_id}&t={secret}`: an approver outside the company opens their
 * mailed link. The secret is kept for this tab and the submission opens (replacing the address).
 */
export function ApprovalAuthScreen() {
  const { formbuilder_code: code = '', formbuilder_data_id: dataId } = useParams();
  const location = useLocation();
  const [isKept] = useState(() => {
    const params = new URLSearchParams(location.search);
    const approvalId = params.get('approval');
    const secret = params.get('t');
    if (approvalId && secret)
      return saveApproverCredentials({ code, approval_id: approvalId, passcode: secret });
    return readApproverCredentials(code) !== null;
  });
  if (isKept) return <Navigate to={fillPaths.approvalExecute(code, dataId)} replace />;
  return (
    <GuestMessage
      icon={<IconMailOpened size={32} />}
      title="Open the link from your email"
      testId="open-link"
    >
      For your security, the approval opens only from the link you were emailed, in the same browser tab.
    </GuestMessage>
  );
}

/** `…/approval/execute`: the submission read only, with Approve / Reject and a comment. */
export function ApprovalExecuteScreen() {
  const { formbuilder_code: code = '' } = useParams();
  const [credentials] = useState(() => readApproverCredentials(code));
  const access: FillAccess | null = credentials ? { kind: 'approver', credentials } : null;
  const auth = useQuery({
    queryKey: ['form-fill', 'approval-auth', credentials?.approval_id ?? ''],
    queryFn: ({ signal }) => fetchApprovalAuth(access ?? { kind: 'staff' }, signal),
    enabled: access !== null,
    retry: false,
  });
  const details = auth.data?.authDetails;
  const form = usePublicForm(code, STAFF_ACCESS);
  const templates = useStepTemplates(form.data?._id, form.data?.steps ?? [], false);
  const submission = useQuery({
    queryKey: FILL_KEYS.submission(details?.formbuilder_data_id ?? ''),
    queryFn: ({ signal }) =>
      fetchSubmission(access ?? { kind: 'staff' }, details?.formbuilder_data_id ?? '', signal),
    enabled: access !== null && details !== undefined,
  });
  if (!access) return <Navigate to={fillPaths.approvalAuth(code)} replace />;
  if (auth.isError) return <PublicFormError error={auth.error} />;
  if (form.isError) return <PublicFormError error={form.error} />;
  if (submission.isError) return <PublicFormError error={submission.error} />;
  if (!auth.data || !form.data || !templates.data || !submission.data)
    return <GuestLoading label="Opening the submission…" />;
  const { decided, can_decide: canDecide } = auth.data.authDetails;
  const isWaiting = canDecide && !decided;
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <PublicFormHeader form={form.data}>
        <Text size="sm">
          Hello {auth.data.userDetails.name || auth.data.userDetails.email},{' '}
          {submission.data.filler.name || 'someone'} sent this form and it waits for your approval.
        </Text>
      </PublicFormHeader>
      <Divider />
      <SubmissionValues steps={form.data.steps} templates={templates.data} submission={submission.data} />
      {isWaiting ? (
        <ApprovalDecision access={access} submissionId={submission.data._id} />
      ) : (
        <Alert color="gray" variant="light" data-testid="already-decided">
          {decided
            ? `You have already ${decided === 'APPROVED' ? 'approved' : 'rejected'} this submission. Thank you.`
            : 'This submission no longer waits for an approval.'}
        </Alert>
      )}
    </Stack>
  );
}
