import { Anchor, Badge, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconList } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import { useSession } from '../../shared/session/session-store';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { PageFrame, QueryFailure } from '../../shared/ui/page-kit';
import { ApprovalDecision } from './approval-decision';
import { FILL_KEYS, STAFF_ACCESS, fetchSubmission, type SubmissionRead } from './fill-api';
import { useFillPaths } from './fill-paths';
import { ApprovalTrail, SubmissionHistory } from './submission-side';
import { SUBMISSION_STATUS_LABELS, fillerDetail, fillerText } from './submission-labels';
import { SubmissionValues } from './submission-values';
import { useStaffForm } from './staff-fill-screen';
import { EDITABLE_STATUSES, useStepTemplates } from './use-fill-data';

/**
 * `/fb/{formbuilder_code}/{formbuilder_data_id}`: one submission: its steps and answers, approvals
 * and history. In the contact area `/ap/fb/view/…` and `/ap/fbd/{formbuilder_code}/{formbuilder_data_id}`.
 */
export function SubmissionScreen() {
  const { formbuilder_code: code = '', formbuilder_data_id: id = '' } = useParams();
  const queryClient = useQueryClient();
  const rights = useCan();
  const paths = useFillPaths();
  const me = useSession((s) => s.user);
  // Opened from the approval list: the user is one of its approvers (the server checks it).
  const isApprover = useSearchParams()[0].get('approve') === '1';
  const form = useStaffForm(code);
  const submission = useQuery({
    queryKey: FILL_KEYS.submission(id),
    queryFn: ({ signal }) => fetchSubmission(STAFF_ACCESS, id, signal),
    // The stepper caches its last write's answer under this key, without the history: read again.
    staleTime: (query) => (query.state.data?.history ? 30_000 : 0),
  });
  const templates = useStepTemplates(form.data?._id, form.data?.steps ?? [], true);
  usePageTitle(form.data ? `${form.data.name}: entry` : 'Form entry');
  const failed = [form, submission, templates].find((q) => q.isError);
  const data = submission.data;
  // Staff fill as USER (their user id), contacts as CONTACT (their contact or user id).
  const isMine =
    data !== undefined &&
    data.filler.id !== null &&
    (data.filler.id === me?._id || (data.filler.kind === 'CONTACT' && data.filler.id === me?.contact_id));
  const canCorrect = rights.can('form-builders:manage-submissions');
  const stepActions = (step: TStoredFormStep) => {
    const templateCode = templates.data?.[step.id]?.code;
    if (step.type !== 'TEMPLATE' || !templateCode || !data || !paths.stepEdit) return null;
    return canCorrect ? (
      <Anchor component={Link} size="sm" to={paths.stepEdit(code, templateCode, data._id)}>
        Correct
      </Anchor>
    ) : null;
  };
  const actions = (
    <>
      {data && isMine && EDITABLE_STATUSES.has(data.status) && (
        <Button component={Link} to={paths.edit(code, data._id)} leftSection={<IconEdit size={16} />}>
          Continue filling
        </Button>
      )}
      {rights.can('form-builders:view-submissions') && (
        <Button
          variant="default"
          component={Link}
          to={paths.dataList(code)}
          leftSection={<IconList size={16} />}
        >
          All entries
        </Button>
      )}
    </>
  );
  return (
    <PageFrame
      title={form.data?.name ?? 'Form entry'}
      description={data && <EntryMeta submission={data} />}
      actions={actions}
    >
      {failed ? (
        <QueryFailure
          query={failed}
          title="Could not open the entry"
          noAccess="Your user type cannot see this entry."
        />
      ) : !form.data || !data || !templates.data ? (
        <SkeletonStack count={4} height={80} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <SubmissionValues
              steps={form.data.steps}
              templates={templates.data}
              submission={data}
              stepActions={stepActions}
              pay={{ readOnly: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              {data.status === 'PENDING_APPROVAL' && (isApprover || rights.can('form-builders:approve')) && (
                <ApprovalDecision
                  access={STAFF_ACCESS}
                  submissionId={data._id}
                  onDecided={() => void queryClient.invalidateQueries({ queryKey: FILL_KEYS.all })}
                />
              )}
              <ApprovalTrail submission={data} />
              <SubmissionHistory submission={data} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}

function EntryMeta({ submission }: { submission: SubmissionRead }) {
  const status = SUBMISSION_STATUS_LABELS[submission.status];
  return (
    <Group gap="xs" wrap="wrap" data-testid="entry-meta">
      <Badge color={status.color} variant="light">
        {status.label}
      </Badge>
      <Text size="sm" c="dimmed">
        {fillerText(submission.filler)}
        {fillerDetail(submission.filler) && ` (${fillerDetail(submission.filler)})`}
        {submission.submitted_at ? ` · sent ${formatDateTime(submission.submitted_at)}` : ' · not sent yet'}
      </Text>
    </Group>
  );
}
