import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { WORKFLOW_STEP_KIND_LABELS } from '@esigns/contracts/workflows';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { NoAccess, PageFrame, Panel, QueryFailure } from '../../shared/ui/page-kit';
import { InstanceDrawer } from './instance/instance-drawer';
import { useWorkflowActions } from './use-workflow-actions';
import { WorkflowInstances } from './workflow-instances';
import { WorkflowStatusBadge } from './workflow-rows';
import { WORKFLOW_KEYS, fetchWorkflow, workflowPaths } from './workflows-api';

/**
 * /workflow/{workflow_id}: the definition (status, version, its steps by stage) with its packets
 * (status tabs with counts, progress bars) and Start; `?instance={id}` opens a packet in a drawer.
 */
export function WorkflowScreen() {
  const { workflow_id: id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const rights = useCan();
  const canView = rights.can('workflows:view');
  const workflow = useQuery({
    queryKey: WORKFLOW_KEYS.one(id),
    queryFn: ({ signal }) => fetchWorkflow(id, signal),
    enabled: canView,
  });
  usePageTitle(workflow.data?.name ?? 'Workflow');
  const act = useWorkflowActions();
  const instanceId = params.get('instance');
  if (!rights.isLoading && !canView) {
    return (
      <PageFrame title="Workflow">
        <NoAccess>Your user type cannot see workflows.</NoAccess>
      </PageFrame>
    );
  }
  if (workflow.error) {
    return (
      <PageFrame title="Workflow">
        <QueryFailure query={workflow} title="Could not load the workflow" />
      </PageFrame>
    );
  }
  const data = workflow.data;
  if (!data) {
    return (
      <PageFrame title="Workflow">
        <SkeletonStack count={4} />
      </PageFrame>
    );
  }
  const actions = (
    <Group gap="xs">
      {data.status !== 'ARCHIVED' && rights.can('workflows:update') && (
        <Button
          variant="default"
          component={Link}
          to={workflowPaths.edit(data._id)}
          leftSection={<IconPencil size={16} />}
        >
          Edit
        </Button>
      )}
      {data.status === 'ACTIVE' && rights.can('workflows:send') && (
        <Button
          leftSection={<IconSend size={16} />}
          loading={act.isRunning}
          onClick={() => act.act('start', data)}
        >
          Start
        </Button>
      )}
    </Group>
  );
  return (
    <PageFrame title={data.name} description={data.description || undefined} actions={actions}>
      <Stack gap="lg">
        <Panel>
          <Stack gap={6} p="md" data-testid="workflow-summary">
            <Group gap="xs">
              <WorkflowStatusBadge status={data.status} />
              <Text size="sm" c="dimmed">
                Version {data.version} · {data.steps.length} step{data.steps.length === 1 ? '' : 's'}
              </Text>
            </Group>
            {data.steps.map((step) => (
              <Text key={step.id} size="sm">
                <Text span c="dimmed">
                  Stage {step.stage} ·{' '}
                </Text>
                {step.name} ({WORKFLOW_STEP_KIND_LABELS[step.kind].toLowerCase()})
              </Text>
            ))}
          </Stack>
        </Panel>
        <WorkflowInstances workflowId={data._id} />
      </Stack>
      {instanceId && (
        <InstanceDrawer
          instanceId={instanceId}
          onClose={() => setParams({}, { replace: true })}
          canVoid={rights.can('workflows:update')}
          canDelete={rights.can('workflows:delete')}
          canSend={rights.can('workflows:send')}
        />
      )}
    </PageFrame>
  );
}
