import { Anchor, Badge, Box, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TWorkflowInstance } from '@esigns/contracts/workflows';
import { formatDate } from '../../shared/format/date';
import { RowActions, type ListCardContent, type ListColumn } from '../../shared/ui/list-screen';
import { INSTANCE_STATUS_COLORS, INSTANCE_STATUS_LABELS } from './workflow-labels';
import { workflowPaths } from './workflows-api';

/** Where an instance opens: its send screen while DRAFT, else its page under its workflow. */
export function instancePath(row: TWorkflowInstance): string | undefined {
  if (row.status === 'DRAFT') return workflowPaths.send(row._id);
  return row.workflow_id ? workflowPaths.instance(row.workflow_id, row._id) : undefined;
}

export function InstanceStatusBadge({ status }: { status: TWorkflowInstance['status'] }) {
  return (
    <Badge size="sm" variant="light" color={INSTANCE_STATUS_COLORS[status]}>
      {INSTANCE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "2 of 4 steps" over a bar. */
export function InstanceProgress({ row }: { row: TWorkflowInstance }) {
  const { done, total } = row.progress;
  return (
    <Stack gap={4} miw={100}>
      <Progress
        value={total === 0 ? 0 : (done / total) * 100}
        size="sm"
        color={INSTANCE_STATUS_COLORS[row.status]}
        aria-label={`${done} of ${total} steps done`}
      />
      <Text size="xs" c="dimmed">
        {done} of {total} steps
      </Text>
    </Stack>
  );
}

const personOf = (row: TWorkflowInstance) => row.primary?.name || row.primary?.email || 'No contact yet';

function InstanceName({ row, withWorkflow }: { row: TWorkflowInstance; withWorkflow: boolean }) {
  const to = instancePath(row);
  return (
    <Box style={{ minWidth: 0 }}>
      {to ? (
        <Anchor component={Link} to={to} fw={500} size="sm">
          {personOf(row)}
        </Anchor>
      ) : (
        <Text fw={500} size="sm">
          {personOf(row)}
        </Text>
      )}
      <Text size="xs" c="dimmed" lineClamp={1}>
        {withWorkflow ? `${row.workflow_name} · v${row.version}` : (row.primary?.email ?? '')}
      </Text>
    </Box>
  );
}

function InstanceActions({ row }: { row: TWorkflowInstance }) {
  const to = instancePath(row);
  return (
    <RowActions
      name={personOf(row)}
      open={to ? { to, label: row.status === 'DRAFT' ? 'Send' : 'Open' } : undefined}
      items={[]}
    />
  );
}

export function instanceColumns(withWorkflow = true): ListColumn<TWorkflowInstance>[] {
  return [
    {
      key: 'person',
      header: 'Primary person',
      cell: (row) => <InstanceName row={row} withWorkflow={withWorkflow} />,
    },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      cell: (row) => <InstanceStatusBadge status={row.status} />,
    },
    { key: 'progress', header: 'Progress', width: 160, cell: (row) => <InstanceProgress row={row} /> },
    {
      key: 'sent',
      header: 'Sent',
      width: 130,
      cell: (row) => <Text size="sm">{row.sent_at ? formatDate(row.sent_at) : '—'}</Text>,
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 100,
      cell: (row) => <InstanceActions row={row} />,
    },
  ];
}

/** An instance on a phone: the person, status and progress. */
export function instanceCard(withWorkflow = true) {
  return (row: TWorkflowInstance): ListCardContent => ({
    title: <InstanceName row={row} withWorkflow={withWorkflow} />,
    actions: <InstanceActions row={row} />,
    meta: (
      <>
        <InstanceStatusBadge status={row.status} />
        <InstanceProgress row={row} />
      </>
    ),
  });
}
