import { Stack, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { TWorkflowInstanceStatus } from '@esigns/contracts/workflows';
import { ListView, useListQuery } from '../../shared/ui/list-screen';
import { instanceCard, instanceColumns } from './instance-rows';
import { StatusTabs, statusTabs } from './status-tabs';
import { WORKFLOWS_PAGE_SIZE, useWorkflowCounts } from './use-workflow-counts';
import { INSTANCE_STATUS_LABELS } from './workflow-labels';
import { WORKFLOW_KEYS, fetchInstances } from './workflows-api';

/** The packets of one workflow: status tabs with counts, then the paged list with progress. */
export function WorkflowInstances({ workflowId }: { workflowId: string }) {
  const list = useListQuery({
    pageSize: WORKFLOWS_PAGE_SIZE,
    filters: { status: '' as TWorkflowInstanceStatus | '' },
    queryKey: (params) => WORKFLOW_KEYS.instances({ ...params, workflow_id: workflowId }),
    queryFn: (params, signal) => fetchInstances({ ...params, workflow_id: workflowId }, signal),
  });
  const counts = useWorkflowCounts('', true, workflowId);
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Packets
      </Title>
      <StatusTabs
        label="Packet status"
        tabs={statusTabs(INSTANCE_STATUS_LABELS, counts.data?.instances)}
        value={list.filters.status}
        onChange={(status) => list.setFilter('status', status as TWorkflowInstanceStatus | '')}
      />
      <ListView
        list={list}
        errorTitle="Could not load the packets"
        empty={{
          icon: IconSend,
          title: 'No packets yet',
          text: 'Start the workflow for one or many contacts: each gets a packet you follow here.',
          filtered: { title: 'No packet in this status', text: 'Try another tab.' },
        }}
        columns={instanceColumns(false)}
        card={instanceCard(false)}
        rowTestId="workflow-instance-row"
        minWidth={640}
        skeletonRows={3}
      />
    </Stack>
  );
}
