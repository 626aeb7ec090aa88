import { Accordion, Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconHistory, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { INTEGRATION_EVENT_LABELS, isIntegrationEventType } from '@esigns/contracts/integration-events';
import {
  PIPELINE_ACTION_LABELS,
  type TPipelineRun,
  type TPipelineRunStep,
} from '@esigns/contracts/pipelines';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import { ListScreen, ListStates, useListQuery } from '../../shared/ui/list-screen';
import { errorText } from '../../shared/ui/page-kit';
import { PIPELINE_KEYS, fetchPipeline, fetchRuns, rerunRun } from './pipelines-api';
import { PIPELINES_PATH } from './paths';
import { RunStatusBadge } from './run-status';

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

function StepDetail({ step }: { step: TPipelineRunStep }) {
  return (
    <Stack gap={4} data-testid="run-step">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {step.position + 1}. {PIPELINE_ACTION_LABELS[step.type] ?? step.type}
        </Text>
        <RunStatusBadge status={step.status} />
        {step.attempts > 1 && (
          <Text size="xs" c="dimmed">
            {step.attempts} attempts
          </Text>
        )}
      </Group>
      {step.error && (
        <Text size="sm" c="red">
          {step.error}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Input
      </Text>
      <Code block>{json(step.input)}</Code>
      <Text size="xs" c="dimmed">
        Output
      </Text>
      <Code block>{json(step.output)}</Code>
    </Stack>
  );
}

function RunItem({ run, canRerun }: { run: TPipelineRun; canRerun: boolean }) {
  const queryClient = useQueryClient();
  const again = useMutation({
    mutationFn: () => rerunRun(run._id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PIPELINE_KEYS.all });
      notifications.show({ color: 'teal', message: 'Run queued again' });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  const event = isIntegrationEventType(run.event_type)
    ? INTEGRATION_EVENT_LABELS[run.event_type]
    : run.event_type;
  return (
    <Accordion.Item value={run._id} data-testid="pipeline-run">
      <Accordion.Control>
        <Group gap="sm" wrap="wrap">
          <RunStatusBadge status={run.status} />
          <Text size="sm">{event}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(run.created_at)}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {run.note && <Text size="sm">{run.note}</Text>}
          {run.error && (
            <Text size="sm" c="red">
              {run.error}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Event {run.event_id} about {run.subject_id}
          </Text>
          {run.steps.map((step) => (
            <StepDetail key={step.position} step={step} />
          ))}
          {canRerun && (
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconRefresh size={14} />}
                loading={again.isPending}
                onClick={() => again.mutate()}
              >
                Re-run
              </Button>
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** /automation-pipelines/{pipeline_id}/runs: each run with its steps' input, output and error; re-run. */
export function PipelineRunsScreen() {
  const { pipeline_id: id = '' } = useParams();
  const rights = useCan();
  const pipeline = useQuery({
    queryKey: PIPELINE_KEYS.one(id),
    queryFn: ({ signal }) => fetchPipeline(id, signal),
  });
  usePageTitle(pipeline.data ? `${pipeline.data.name}: runs` : 'Pipeline runs');
  const list = useListQuery({
    pageSize: 20,
    queryKey: (params) => PIPELINE_KEYS.runs({ ...params, pipelineId: id }),
    queryFn: (params, signal) => fetchRuns({ ...params, pipelineId: id }, signal),
  });
  return (
    <ListScreen
      title={pipeline.data ? `Runs of ${pipeline.data.name}` : 'Pipeline runs'}
      description={
        <Anchor component={Link} to={PIPELINES_PATH} size="sm">
          <IconArrowLeft size={12} /> Automation pipelines
        </Anchor>
      }
      actions={
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void list.query.refetch()}
        >
          Refresh
        </Button>
      }
      rights={rights}
      canView={rights.can('pipelines:view')}
      list={list}
      noAccess="Your user type cannot see automation pipelines."
    >
      <ListStates
        list={list}
        errorTitle="Could not load the runs"
        bare
        empty={{
          icon: IconHistory,
          title: 'No runs yet',
          text: 'Runs appear here when the trigger happens.',
        }}
      >
        <Accordion variant="separated" multiple>
          {list.rows.map((run) => (
            <RunItem key={run._id} run={run} canRerun={rights.can('pipelines:update')} />
          ))}
        </Accordion>
      </ListStates>
    </ListScreen>
  );
}
