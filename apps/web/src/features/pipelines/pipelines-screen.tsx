import { Anchor, Badge, Box, Button, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconEdit, IconHistory, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { INTEGRATION_EVENT_LABELS } from '@esigns/contracts/integration-events';
import type { TPipeline } from '@esigns/contracts/pipelines';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  RowActions,
  useDeleteConfirm,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { errorText } from '../../shared/ui/page-kit';
import { PIPELINE_KEYS, deletePipeline, fetchPipelines, updatePipeline } from './pipelines-api';
import { RunStatusBadge } from './run-status';

export const PIPELINES_PATH = '/automation-pipelines';
export const editPath = (id: string) => `${PIPELINES_PATH}/edit/${encodeURIComponent(id)}`;
export const runsPath = (id: string) => `${PIPELINES_PATH}/${encodeURIComponent(id)}/runs`;

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

function pipelineColumns(canUpdate: boolean, onDelete?: (row: TPipeline) => void): ListColumn<TPipeline>[] {
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
          <Text size="sm">{INTEGRATION_EVENT_LABELS[row.trigger]}</Text>
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
      cell: (row) => (
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
      ),
    },
  ];
}

/** /automation-pipelines: the company's pipelines (search by name), each switched on or off in its row. */
export function PipelinesScreen() {
  usePageTitle('Automation pipelines');
  const rights = useCan();
  const list = useListQuery({ pageSize: 10, queryKey: PIPELINE_KEYS.page, queryFn: fetchPipelines });
  const remove = useDeleteConfirm({
    remove: (row: TPipeline) => deletePipeline(row._id),
    invalidate: PIPELINE_KEYS.all,
    notice: (row) => ({ message: `${row.name} deleted` }),
  });
  const canCreate = rights.can('pipelines:create');
  return (
    <ListScreen
      title="Automation pipelines"
      description="When something happens (a record is created, a form submitted, a document completed…), do things: create or update records, send an email, start a workflow."
      actions={
        canCreate && (
          <Button component={Link} to={`${PIPELINES_PATH}/create`} leftSection={<IconPlus size={16} />}>
            New pipeline
          </Button>
        )
      }
      rights={rights}
      canView={rights.can('pipelines:view')}
      list={list}
      noAccess="Your user type cannot see automation pipelines."
      search={{ label: 'Search pipelines', placeholder: 'Search by name', width: 280 }}
      dialogs={
        <DeleteDialog confirm={remove} title="Delete pipeline">
          {(row) => (
            <>
              Delete <b>{row.name}</b> and its run history? It stops at once.
            </>
          )}
        </DeleteDialog>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the pipelines"
        empty={{
          icon: IconBolt,
          title: 'No pipelines yet',
          text: canCreate
            ? 'Automate what you repeat: e.g. mail the owner when a hot lead comes in.'
            : undefined,
          filtered: { title: 'No pipeline matches', text: 'Try another name.' },
        }}
        columns={pipelineColumns(
          rights.can('pipelines:update'),
          rights.can('pipelines:delete') ? remove.ask : undefined,
        )}
        rowTestId="pipeline-row"
        minWidth={760}
        skeletonRows={4}
      />
    </ListScreen>
  );
}
