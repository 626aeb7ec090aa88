import { Anchor, Badge, Box, Group, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconHistory, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { triggerLabel } from './draft';
import type { TPipeline } from '@esigns/contracts/pipelines';
import { formatDateTime } from '../../shared/format/date';
import { RowActions, type ListCardContent, type ListColumn } from '../../shared/ui/list-screen';
import { errorText } from '../../shared/ui/page-kit';
import { editPath, runsPath } from './paths';
import { PIPELINE_KEYS, updatePipeline } from './pipelines-api';
import { RunStatusBadge } from './run-status';

/* The pipelines list's rows: table columns (desktop) and cards (phones). */

function PipelineMenu({
  row,
  canUpdate,
  onDelete,
}: {
  row: TPipeline;
  canUpdate: boolean;
  onDelete?: ((row: TPipeline) => void) | undefined;
}) {
  return (
    <RowActions
      name={row.name}
      open={{ to: editPath(row._id), label: 'Edit' }}
      items={[
        { label: 'Run history', icon: <IconHistory size={14} />, to: runsPath(row._id) },
        canUpdate && { label: 'Edit', icon: <IconEdit size={14} />, to: editPath(row._id) },
        !!onDelete && {
          label: 'Delete',
          icon: <IconTrash size={14} />,
          color: 'red',
          onClick: () => onDelete?.(row),
        },
      ]}
    />
  );
}

/** On/off of a pipeline from its row (it starts or stops listening at once). */
function EnabledSwitch({ row, canUpdate }: { row: TPipeline; canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updatePipeline(row._id, { enabled }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: PIPELINE_KEYS.all });
      notifications.show({
        color: 'teal',
        message: `${saved.name} ${saved.enabled ? 'turned on' : 'turned off'}`,
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  return (
    <Switch
      aria-label={`${row.name} on`}
      checked={toggle.isPending ? toggle.variables : row.enabled}
      disabled={!canUpdate || toggle.isPending}
      onChange={(event) => toggle.mutate(event.currentTarget.checked)}
    />
  );
}

export function pipelineColumns(
  canUpdate: boolean,
  onDelete?: (row: TPipeline) => void,
): ListColumn<TPipeline>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (row) => (
        <Box style={{ minWidth: 0 }}>
          <Anchor component={Link} to={editPath(row._id)} fw={500} size="sm">
            {row.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.actions.length} action{row.actions.length === 1 ? '' : 's'}
          </Text>
        </Box>
      ),
    },
    {
      key: 'trigger',
      header: 'Trigger',
      width: 220,
      cell: (row) => (
        <Box>
          <Text size="sm">{triggerLabel(row.trigger)}</Text>
          {row.next_run_at && (
            <Text size="xs" c="dimmed">
              Next: {formatDateTime(row.next_run_at)}
            </Text>
          )}
          {row.entity_name && (
            <Badge size="sm" variant="light">
              {row.entity_name}
            </Badge>
          )}
        </Box>
      ),
    },
    { key: 'on', header: 'On', width: 70, cell: (row) => <EnabledSwitch row={row} canUpdate={canUpdate} /> },
    {
      key: 'last',
      header: 'Last run',
      width: 200,
      cell: (row) =>
        row.last_run_status ? (
          <Box>
            <RunStatusBadge status={row.last_run_status} />
            <Text size="xs" c="dimmed">
              {formatDateTime(row.last_run_at)}
            </Text>
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 130,
      cell: (row) => <PipelineMenu row={row} canUpdate={canUpdate} onDelete={onDelete} />,
    },
  ];
}

/** A pipeline as a card (phones). */
export function pipelineCard(canUpdate: boolean, onDelete?: (row: TPipeline) => void) {
  return (row: TPipeline): ListCardContent => ({
    title: (
      <Anchor component={Link} to={editPath(row._id)} fw={500}>
        {row.name}
      </Anchor>
    ),
    actions: (
      <Group gap="xs" wrap="nowrap">
        <EnabledSwitch row={row} canUpdate={canUpdate} />
        <PipelineMenu row={row} canUpdate={canUpdate} onDelete={onDelete} />
      </Group>
    ),
    meta: (
      <>
        <Text size="sm">{triggerLabel(row.trigger)}</Text>
        {row.entity_name && (
          <Badge size="sm" variant="light">
            {row.entity_name}
          </Badge>
        )}
        {row.last_run_status && <RunStatusBadge status={row.last_run_status} />}
      </>
    ),
  });
}
