import { IconSend } from '@tabler/icons-react';
import type { TWorkflowInstanceStatus } from '@esigns/contracts/workflows';
import { ListScreen, ListView, useListQuery } from '../../shared/ui/list-screen';
import type { WorkflowListProps } from './definitions-list';
import { instanceCard, instanceColumns } from './instance-rows';
import { StatusTabs, statusTabs } from './status-tabs';
import { INSTANCE_STATUS_LABELS } from './workflow-labels';
import { WORKFLOW_KEYS, fetchInstances } from './workflows-api';
import { WORKFLOWS_PAGE_SIZE, useWorkflowCounts } from './use-workflow-counts';

/** The sent-packets view of /workflows: every instance, status tabs with counts, search, paging. */
export function InstancesList({ rights, actions, viewSwitch }: WorkflowListProps) {
  const canView = rights.can('workflows:view');
  const list = useListQuery({
    pageSize: WORKFLOWS_PAGE_SIZE,
    filters: { status: '' as TWorkflowInstanceStatus | '' },
    queryKey: WORKFLOW_KEYS.instances,
    queryFn: fetchInstances,
    enabled: canView,
  });
  const counts = useWorkflowCounts(list.debouncedSearch, canView);
  return (
    <ListScreen
      title="Workflows"
      description="Every packet sent: who it went to, how far they are and what is still due."
      actions={actions}
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Your user type cannot see workflows."
      filters={viewSwitch}
      toolbar={
        <StatusTabs
          label="Packet status"
          tabs={statusTabs(INSTANCE_STATUS_LABELS, counts.data?.instances)}
          value={list.filters.status}
          onChange={(status) => list.setFilter('status', status as TWorkflowInstanceStatus | '')}
        />
      }
      search={{ label: 'Search packets', placeholder: 'Search workflow, name or email', width: 280 }}
    >
      <ListView
        list={list}
        errorTitle="Could not load the packets"
        empty={{
          icon: IconSend,
          title: 'No packets sent yet',
          text: 'Start an active workflow for one or many contacts: their packets show here.',
          filtered: { title: 'No packet matches', text: 'Try another search or status.' },
        }}
        columns={instanceColumns()}
        card={instanceCard()}
        rowTestId="workflow-instance-row"
        minWidth={760}
        skeletonRows={4}
      />
    </ListScreen>
  );
}
