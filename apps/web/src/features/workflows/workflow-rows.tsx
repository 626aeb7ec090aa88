import { Anchor, Badge, Box, Text } from '@mantine/core';
import {
  IconArchive,
  IconPlayerPlay,
  IconPlayerPause,
  IconPencil,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TWorkflow } from '@esigns/contracts/workflows';
import { formatDate } from '../../shared/format/date';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import type { Can } from '../../shared/permissions/use-can';
import { RowActions, type ListCardContent, type ListColumn } from '../../shared/ui/list-screen';
import type { WorkflowAction } from './use-workflow-actions';
import { WORKFLOW_STATUS_COLORS, WORKFLOW_STATUS_LABELS } from './workflow-labels';
import { workflowPaths } from './workflows-api';

export type WorkflowRowProps = {
  rights: Pick<Can, 'can'>;
  onAction: (action: WorkflowAction, row: TWorkflow) => void;
};

function WorkflowRowActions({ row, rights, onAction }: WorkflowRowProps & { row: TWorkflow }) {
  const may = (permission: PermissionSlug) => rights.can(permission);
  const archived = row.status === 'ARCHIVED';
  return (
    <RowActions
      name={row.name}
      open={{ to: workflowPaths.view(row._id), label: 'View' }}
      items={[
        !archived &&
          may('workflows:update') && {
            label: 'Edit',
            icon: <IconPencil size={14} />,
            to: workflowPaths.edit(row._id),
          },
        row.status === 'ACTIVE' &&
          may('workflows:send') && {
            label: 'Start',
            icon: <IconSend size={14} />,
            onClick: () => onAction('start', row),
          },
        (row.status === 'DRAFT' || row.status === 'INACTIVE') &&
          may('workflows:change-status') && {
            label: 'Activate',
            icon: <IconPlayerPlay size={14} />,
            onClick: () => onAction('activate', row),
          },
        row.status === 'ACTIVE' &&
          may('workflows:change-status') && {
            label: 'Deactivate',
            icon: <IconPlayerPause size={14} />,
            onClick: () => onAction('deactivate', row),
          },
        !archived &&
          may('workflows:delete') && {
            label: 'Archive',
            icon: <IconArchive size={14} />,
            onClick: () => onAction('archive', row),
          },
        archived &&
          may('workflows:delete') && {
            label: 'Delete for good',
            icon: <IconTrash size={14} />,
            color: 'red',
            onClick: () => onAction('delete', row),
          },
      ]}
    />
  );
}

function WorkflowName({ row }: { row: TWorkflow }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Anchor component={Link} to={workflowPaths.view(row._id)} fw={500} size="sm">
        {row.name}
      </Anchor>
      {row.description && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {row.description}
        </Text>
      )}
    </Box>
  );
}

export function WorkflowStatusBadge({ status }: { status: TWorkflow['status'] }) {
  return (
    <Badge size="sm" variant="light" color={WORKFLOW_STATUS_COLORS[status]}>
      {WORKFLOW_STATUS_LABELS[status]}
    </Badge>
  );
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function workflowColumns(props: WorkflowRowProps): ListColumn<TWorkflow>[] {
  return [
    { key: 'name', header: 'Name', cell: (row) => <WorkflowName row={row} /> },
    {
      key: 'status',
      header: 'Status',
      width: 110,
      cell: (row) => <WorkflowStatusBadge status={row.status} />,
    },
    { key: 'steps', header: 'Steps', width: 80, cell: (row) => row.steps.length },
    { key: 'version', header: 'Version', width: 90, cell: (row) => `v${row.version}` },
    {
      key: 'running',
      header: 'Running',
      width: 100,
      cell: (row) => `${row.running_count} of ${row.instances_count}`,
    },
    {
      key: 'changed',
      header: 'Last changed',
      width: 150,
      cell: (row) => <Text size="sm">{formatDate(row.updated_at)}</Text>,
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 150,
      cell: (row) => <WorkflowRowActions row={row} {...props} />,
    },
  ];
}

/** A workflow on a phone: its name and actions, then status and counts. */
export function workflowCard(props: WorkflowRowProps) {
  return (row: TWorkflow): ListCardContent => ({
    title: <WorkflowName row={row} />,
    actions: <WorkflowRowActions row={row} {...props} />,
    meta: (
      <>
        <WorkflowStatusBadge status={row.status} />
        <Text size="xs" c="dimmed">
          {counted(row.steps.length, 'step', 'steps')} · v{row.version} · {row.running_count} running
        </Text>
      </>
    ),
  });
}
