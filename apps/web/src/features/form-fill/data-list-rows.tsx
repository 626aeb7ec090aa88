import { Badge, Box, Group, Progress, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { formatDateTime } from '../../shared/format/date';
import { RowActions, type ListCardContent, type ListColumn } from '../../shared/ui/list-screen';
import type { SubmissionRead } from './fill-api';
import type { SignedInFillPaths } from './fill-paths';
import { SUBMISSION_STATUS_LABELS, fillerDetail, fillerText } from './submission-labels';

/** Steps done of the steps that count (skipped ones do not). */
export function stepProgressOf(row: SubmissionRead, steps: readonly TStoredFormStep[]) {
  const counted = steps.filter((step) => row.steps.find((s) => s.step_id === step.id)?.status !== 'SKIPPED');
  const done = counted.filter((step) => row.steps.find((s) => s.step_id === step.id)?.status === 'COMPLETED');
  return { done: done.length, total: counted.length };
}

function StepProgressCell({ row, steps }: { row: SubmissionRead; steps: readonly TStoredFormStep[] }) {
  const { done, total } = stepProgressOf(row, steps);
  return (
    <Box w={120}>
      <Text size="xs" c="dimmed">
        {done} of {total} steps
      </Text>
      <Progress
        value={total ? (done / total) * 100 : 0}
        size="sm"
        aria-label={`${done} of ${total} steps done`}
      />
    </Box>
  );
}

const StatusBadge = ({ row }: { row: SubmissionRead }) => (
  <Badge color={SUBMISSION_STATUS_LABELS[row.status].color} variant="light">
    {SUBMISSION_STATUS_LABELS[row.status].label}
  </Badge>
);

/** Only outsiders' links can be sent again (company users open the form signed in). */
const canResend = (row: SubmissionRead) =>
  (row.filler.kind === 'GUEST' || row.filler.kind === 'CONTACT') && row.status !== 'APPROVED';

type RowOptions = {
  code: string;
  /** Where an entry opens (the area's submission screen). */
  submissionPath: SignedInFillPaths['submission'];
  steps: readonly TStoredFormStep[];
  onResend?: (row: SubmissionRead) => void;
};

function actionsOf(row: SubmissionRead, { code, submissionPath, onResend }: RowOptions) {
  return (
    <RowActions
      name={fillerText(row.filler)}
      open={{ to: submissionPath(code, row._id), label: 'Open' }}
      items={[
        onResend &&
          canResend(row) && {
            label: 'Resend the link',
            icon: <IconMailForward size={16} />,
            onClick: () => onResend(row),
          },
      ]}
    />
  );
}

export function dataListColumns(options: RowOptions): ListColumn<SubmissionRead>[] {
  return [
    {
      key: 'filler',
      header: 'Filled by',
      cell: (row) => (
        <Box miw={0}>
          <Text size="sm" fw={600} truncate>
            {fillerText(row.filler)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {fillerDetail(row.filler)}
          </Text>
        </Box>
      ),
    },
    { key: 'status', header: 'Status', cell: (row) => <StatusBadge row={row} /> },
    {
      key: 'progress',
      header: 'Progress',
      cell: (row) => <StepProgressCell row={row} steps={options.steps} />,
    },
    {
      key: 'sent',
      header: 'Sent',
      cell: (row) => (row.submitted_at ? formatDateTime(row.submitted_at) : '—'),
    },
    { key: 'updated', header: 'Last change', cell: (row) => formatDateTime(row.updated_at) },
    { key: 'actions', header: '', label: 'Actions', align: 'right', cell: (row) => actionsOf(row, options) },
  ];
}

export function dataListCard(options: RowOptions) {
  return (row: SubmissionRead): ListCardContent => ({
    title: (
      <Text fw={600} miw={0} truncate style={{ flex: 1 }}>
        {fillerText(row.filler)}
      </Text>
    ),
    actions: actionsOf(row, options),
    meta: (
      <Group gap="xs">
        <StatusBadge row={row} />
        <Text size="xs" c="dimmed">
          {row.submitted_at
            ? `Sent ${formatDateTime(row.submitted_at)}`
            : `Changed ${formatDateTime(row.updated_at)}`}
        </Text>
      </Group>
    ),
    footer: <StepProgressCell row={row} steps={options.steps} />,
  });
}
