import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TWorkflow } from '@esigns/contracts/workflows';
import { errorText } from '../../shared/ui/page-kit';
import {
  WORKFLOW_KEYS,
  archiveWorkflow,
  createInstance,
  deleteArchivedWorkflow,
  setWorkflowStatus,
  workflowPaths,
} from './workflows-api';

export type WorkflowAction = 'activate' | 'deactivate' | 'archive' | 'delete' | 'start';

const DONE: Record<WorkflowAction, string> = {
  activate: 'activated',
  deactivate: 'deactivated',
  archive: 'archived',
  delete: 'deleted',
  start: 'ready to send',
};

async function run(action: WorkflowAction, row: TWorkflow): Promise<string | undefined> {
  if (action === 'activate') await setWorkflowStatus(row._id, 'ACTIVE');
  if (action === 'deactivate') await setWorkflowStatus(row._id, 'INACTIVE');
  if (action === 'archive') await archiveWorkflow(row._id);
  if (action === 'delete') await deleteArchivedWorkflow(row._id);
  if (action === 'start') return (await createInstance(row._id))._id;
  return undefined;
}

/**
 * A definition's actions (activate, deactivate, archive, delete an archived one, start): archive and
 * delete ask first (`pending`); start makes a DRAFT instance and opens its send screen.
 */
export function useWorkflowActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ action: 'archive' | 'delete'; row: TWorkflow } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ action, row }: { action: WorkflowAction; row: TWorkflow }) => run(action, row),
    onSuccess: (instanceId, { action, row }) => {
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEYS.all });
      if (instanceId) {
        void navigate(workflowPaths.send(instanceId));
        return;
      }
      notifications.show({ color: 'teal', message: `${row.name} ${DONE[action]}` });
    },
    onError: (error) => {
      if (!pending) notifications.show({ color: 'red', message: errorText(error) });
    },
  });
  const act = (action: WorkflowAction, row: TWorkflow) => {
    mutation.reset();
    if (action === 'archive' || action === 'delete') setPending({ action, row });
    else mutation.mutate({ action, row });
  };
  return {
    act,
    pending,
    isRunning: mutation.isPending,
    error: pending ? mutation.error : null,
    confirm: () => pending && mutation.mutate(pending),
    cancel: () => {
      setPending(null);
      mutation.reset();
    },
  };
}
export type WorkflowActions = ReturnType<typeof useWorkflowActions>;
