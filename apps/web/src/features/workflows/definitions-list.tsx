import type { ReactNode } from 'react';
import { IconGitBranch } from '@tabler/icons-react';
import type { TWorkflowStatus } from '@esigns/contracts/workflows';
import type { Can } from '../../shared/permissions/use-can';
import { ConfirmDialog } from '../../shared/ui/page-kit';
import { ListScreen, ListView, useListQuery } from '../../shared/ui/list-screen';
import { StatusTabs, statusTabs } from './status-tabs';
import { useWorkflowActions } from './use-workflow-actions';
import { WORKFLOW_STATUS_LABELS } from './workflow-labels';
import { workflowCard, workflowColumns } from './workflow-rows';
import { WORKFLOW_KEYS, fetchWorkflows } from './workflows-api';
import { WORKFLOWS_PAGE_SIZE, useWorkflowCounts } from './use-workflow-counts';

export type WorkflowListProps = {
  rights: Can;
  actions: ReactNode;
  viewSwitch: ReactNode;
};

/** The definitions view of /workflows: status tabs with counts, search, paging, row actions. */
export function DefinitionsList({ rights, actions, viewSwitch }: WorkflowListProps) {
  const canView = rights.can('workflows:view');
  const list = useListQuery({
    pageSize: WORKFLOWS_PAGE_SIZE,
    filters: { status: '' as TWorkflowStatus | '' },
    queryKey: WORKFLOW_KEYS.page,
    queryFn: fetchWorkflows,
    enabled: canView,
  });
  const counts = useWorkflowCounts(list.debouncedSearch, canView);
  const act = useWorkflowActions();
  const pending = act.pending;
  return (
    <ListScreen
      title="Workflows"
      description="Packets of documents to sign, files to upload and forms to fill, sent together to one person."
      actions={actions}
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Your user type cannot see workflows."
      filters={viewSwitch}
      toolbar={
        <StatusTabs
          label="Workflow status"
          tabs={statusTabs(WORKFLOW_STATUS_LABELS, counts.data?.workflows)}
          value={list.filters.status}
          onChange={(status) => list.setFilter('status', status as TWorkflowStatus | '')}
        />
      }
      search={{ label: 'Search workflows', placeholder: 'Search by name or description', width: 280 }}
      dialogs={
        pending && (
          <ConfirmDialog
            opened
            title={pending.action === 'archive' ? 'Archive workflow' : 'Delete workflow'}
            confirmLabel={pending.action === 'archive' ? 'Archive' : 'Delete'}
            onConfirm={act.confirm}
            onClose={act.cancel}
            isPending={act.isRunning}
            error={act.error}
          >
            {pending.action === 'archive' ? (
              <>
                Archive <b>{pending.row.name}</b>? It can no longer be started or changed; packets already
                sent go on.
              </>
            ) : (
              <>
                Delete <b>{pending.row.name}</b> for good? Its unsent drafts go with it; finished packets are
                kept.
              </>
            )}
          </ConfirmDialog>
        )
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the workflows"
        empty={{
          icon: IconGitBranch,
          title: 'No workflows yet',
          text: 'A workflow sends a tenant or a buyer every document of a deal at once, in order.',
          actions,
          filtered: { title: 'No workflow matches', text: 'Try another search or status.' },
        }}
        columns={workflowColumns({ rights, onAction: act.act })}
        card={workflowCard({ rights, onAction: act.act })}
        rowTestId="workflow-row"
        minWidth={860}
        skeletonRows={4}
      />
    </ListScreen>
  );
}
